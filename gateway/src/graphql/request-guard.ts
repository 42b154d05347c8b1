import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { findUnstorableText, unstorableTextMessage } from '@blocksmith/schema';
import { GraphQLError, type OperationTypeNode } from 'graphql';

/**
 * What every GraphQL request is refused for before it runs, whichever way it came (HTTP or
 * WebSocket): variables holding text that cannot be stored (a NUL character, half of a surrogate
 * pair), and a subscription where none can be served.
 * Null when the request may run.
 */
export function refuseRequest(
  operation: OperationTypeNode | undefined,
  variables: Readonly<Record<string, unknown>> | null | undefined,
  transport: 'http' | 'ws',
): GraphQLError | null {
  if (operation === 'subscription' && transport === 'http') {
    return new GraphQLError(
      'Subscriptions are served over WebSocket: connect to /graphql with the graphql-transport-ws protocol.',
      { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
    );
  }
  const field = variables ? findUnstorableText(variables) : null;
  if (field !== null) {
    return new GraphQLError(unstorableTextMessage(`$${field}`), {
      extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } },
    });
  }
  return null;
}

/** `refuseRequest` for Apollo's HTTP pipeline: the refusal answers 400. */
export function requestGuard<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, request }) {
          const refusal = refuseRequest(operation?.operation, request.variables, 'http');
          if (refusal) throw refusal;
        },
      };
    },
  };
}
