import type { MiddlewareFn } from 'type-graphql';
import { ForbiddenError } from '../errors';
import { API_KEY_ONLY_RUNS, type GraphQLContext } from './context';

/**
 * The operations an API key may call; everything else answers FORBIDDEN. A chat message is a run
 * (its conversation is the key owner's).
 */
const RUNS = new Set(['runApp', 'startRun', 'runPublishedApp', 'chat', 'sendChatMessage']);

/**
 * Applied to every root field (queries, mutations, subscriptions), on every path (HTTP, WebSocket,
 * /api): a request that came with an API key may only run apps (and chat with them). Object fields are simple
 * resolvers and never pass through here.
 */
export const apiKeyGuard: MiddlewareFn<GraphQLContext> = async ({ context, info }, next) => {
  const root = info.parentType.name;
  if (
    context.apiKey &&
    (root === 'Query' || root === 'Mutation' || root === 'Subscription') &&
    !RUNS.has(info.fieldName)
  ) {
    throw new ForbiddenError(API_KEY_ONLY_RUNS);
  }
  return next();
};
