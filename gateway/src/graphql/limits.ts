import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { hasUnstorableCharacter, unstorableTextMessage } from '@blocksmith/schema';

export const MAX_DEPTH = 10;
/**
 * Tokens a GraphQL document may have: far above any real operation (the standard introspection
 * query has under 200), and low enough that the parser's recursion cannot run out of stack.
 */
export const MAX_TOKENS = 5_000;
export const MAX_FIELDS = 300;
/**
 * Depth allowed inside `__schema` and `__type`: the standard introspection query that GraphiQL,
 * codegen and schema checkers send nests type references 15 levels deep. The schema is finite and
 * the field count still applies, so this bounds the work as the general limit does.
 */
export const MAX_INTROSPECTION_DEPTH = 20;

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * Refuses documents nested deeper than `maxDepth` or selecting more than `maxFields` fields in all
 * (fragments counted where they are spread), so one request cannot make the server do unbounded work.
 */
export function queryLimits(maxDepth = MAX_DEPTH, maxFields = MAX_FIELDS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    let fields = 0;
    let introspectionDepth = 0;
    const walk = (
      set: SelectionSetNode | undefined,
      depth: number,
      seen: Set<string>,
      inIntrospection: boolean,
    ): number => {
      if (!set) return depth;
      let deepest = depth;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          fields++;
          if (!inIntrospection && INTROSPECTION_ROOTS.has(selection.name.value)) {
            // Counted against its own limit; the field itself is one level of the query.
            introspectionDepth = Math.max(introspectionDepth, walk(selection.selectionSet, 1, seen, true));
            deepest = Math.max(deepest, depth + 1);
          } else {
            deepest = Math.max(deepest, walk(selection.selectionSet, depth + 1, seen, inIntrospection));
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, walk(selection.selectionSet, depth, seen, inIntrospection));
        } else {
          const name = selection.name.value;
          if (seen.has(name)) continue;
          const fragment = fragments.get(name);
          deepest = Math.max(
            deepest,
            walk(fragment?.selectionSet, depth, new Set([...seen, name]), inIntrospection),
          );
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = walk(node.selectionSet, 0, new Set(), false);
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`This query is nested ${depth} levels deep; at most ${maxDepth} are allowed.`),
          );
        }
        if (introspectionDepth > MAX_INTROSPECTION_DEPTH) {
          context.reportError(
            new GraphQLError(
              `This introspection query is nested ${introspectionDepth} levels deep; at most ${MAX_INTROSPECTION_DEPTH} are allowed.`,
            ),
          );
        }
        if (fields > maxFields) {
          context.reportError(
            new GraphQLError(`This query selects ${fields} fields; at most ${maxFields} are allowed.`),
          );
        }
      },
    };
  };
}

/**
 * Refuses string literals holding a character that cannot be stored (a NUL character, half of a
 * surrogate pair); values sent as variables are checked by `refuseRequest`.
 */
export const refuseUnstorableLiterals: ValidationRule = (context) => ({
  StringValue(node) {
    if (hasUnstorableCharacter(node.value)) {
      context.reportError(
        new GraphQLError(unstorableTextMessage('').replace('The request', 'A string in this query'), {
          nodes: node,
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      );
    }
  },
});

/** The rules every GraphQL document is validated with, on every path (HTTP, WebSocket, /api). */
export function requestRules(): ValidationRule[] {
  return [queryLimits(), refuseUnstorableLiterals];
}

/** Brackets a document may nest before it is parsed: the parser recurses once per level. */
export const MAX_NESTING = 64;

/**
 * Refuses a document whose braces, brackets or parentheses nest deeper than MAX_NESTING, by one
 * scan of its text before the parser (whose recursion a few thousand levels would exhaust) sees it.
 * Strings and comments are skipped. Null when it may be parsed.
 */
export function tooDeeplyNested(query: unknown): GraphQLError | null {
  if (typeof query !== 'string') return null;
  let depth = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '"') {
      const block = query.startsWith('"""', i);
      const end = block ? query.indexOf('"""', i + 3) : findQuote(query, i + 1);
      if (end === -1) return null;
      i = block ? end + 2 : end;
    } else if (c === '#') {
      const end = query.indexOf('\n', i);
      if (end === -1) return null;
      i = end;
    } else if (c === '{' || c === '[' || c === '(') {
      if (++depth > MAX_NESTING) {
        return new GraphQLError(`This query nests more than ${MAX_NESTING} levels of brackets.`, {
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        });
      }
    } else if (c === '}' || c === ']' || c === ')') depth--;
  }
  return null;
}

/** The closing quote of a string that starts after `from`, skipping escapes; -1 when none. */
function findQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
    else if (text[i] === '\n') return -1;
  }
  return -1;
}

/** Subscriptions one WebSocket connection may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

/**
 * Refuses a subscription beyond `max` on one connection. `subscriptions` is the connection's
 * table, which already holds the one being asked for.
 */
export function subscriptionCap(
  subscriptions: Readonly<Record<string, unknown>>,
  max: number,
): GraphQLError[] | undefined {
  if (Object.keys(subscriptions).length <= max) return undefined;
  return [
    new GraphQLError(`This connection already has ${max} subscriptions; end one before starting another.`, {
      extensions: { code: 'RATE_LIMITED' },
    }),
  ];
}
