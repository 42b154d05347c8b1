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
    const walk = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
      if (!set) return depth;
      let deepest = depth;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          fields++;
          deepest = Math.max(deepest, walk(selection.selectionSet, depth + 1, seen));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, walk(selection.selectionSet, depth, seen));
        } else {
          const name = selection.name.value;
          if (seen.has(name)) continue;
          const fragment = fragments.get(name);
          deepest = Math.max(deepest, walk(fragment?.selectionSet, depth, new Set([...seen, name])));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = walk(node.selectionSet, 0, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`This query is nested ${depth} levels deep; at most ${maxDepth} are allowed.`),
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
