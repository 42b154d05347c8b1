import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export const MAX_DEPTH = 10;
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
 * Refuses string literals holding a NUL character (U+0000), which PostgreSQL cannot store; values
 * sent as variables are checked by `refuseNulVariables`.
 */
export const refuseNulLiterals: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.includes('\u0000')) {
      context.reportError(
        new GraphQLError(
          'A string in this query contains a NUL character (\\u0000), which cannot be stored; remove it and send again.',
          { nodes: node, extensions: { code: 'BAD_USER_INPUT' } },
        ),
      );
    }
  },
});

/** The rules every GraphQL document is validated with, on every path (HTTP, WebSocket, /api). */
export function requestRules(): ValidationRule[] {
  return [queryLimits(), refuseNulLiterals];
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
