import type { AiProvider } from '@blocksmith/block-sdk';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@blocksmith/schema';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import { checkEntitled, type ApiKeyCaller } from '../services/api-keys/api-key-service';
import type { BlockRegistry } from '../kernel';
import type { Caller } from '../services/accounts';
import type { Services } from '../services/create-services';

/** What every resolver gets: the server's parts and who is calling (null when signed out). */
export interface GraphQLContext {
  registry: BlockRegistry;
  provider: AiProvider;
  services: Services;
  caller: Caller | null;
  /** The bearer token the call came with, when there was one. */
  token: string | null;
  /** The client's address (through trusted proxies only), for per-address limits. */
  clientAddress?: string;
  /** An API key the call came with instead of a session: it may only run apps. */
  apiKey?: ApiKeyCaller;
}

export const API_KEY_ONLY_RUNS =
  'An API key only runs apps and chats with them (runApp, startRun, runPublishedApp, chat, sendChatMessage; POST /api/apps/{id}/execute, POST /api/published/{slug}/run and POST /api/apps/{id}/chat). Sign in for anything else.';

/** The caller, or the error every signed-in-only operation gives (an API key is refused). */
export function requireCaller(context: GraphQLContext): Caller {
  if (!context.caller) {
    if (context.apiKey) throw new ForbiddenError(API_KEY_ONLY_RUNS);
    throw new UnauthenticatedError('Please sign in.');
  }
  return context.caller;
}

/**
 * Who a run is for: the signed-in person, or the owner of the API key it came with (whose runs
 * are counted against the key's limit and use the app's live version). A key runs only while its
 * owner's plan includes API keys.
 */
export async function requireRunner(
  context: GraphQLContext,
): Promise<{ userId: string; isAdmin: boolean; viaKey: boolean }> {
  if (context.caller)
    return { userId: context.caller.userId, isAdmin: context.caller.isAdmin, viaKey: false };
  if (context.apiKey) {
    if (context.apiKey.suspended) throw new ForbiddenError(ACCOUNT_SUSPENDED_MESSAGE);
    checkEntitled(context.apiKey);
    await context.services.apiKeys.consumeRun(context.apiKey);
    return { userId: context.apiKey.userId, isAdmin: false, viaKey: true };
  }
  throw new UnauthenticatedError('Please sign in.');
}

/** Who is looking, for reads anyone may make: nobody, a person, or an admin. */
export function viewerOf(context: GraphQLContext): { userId: string | null; isAdmin: boolean } {
  return { userId: context.caller?.userId ?? null, isAdmin: context.caller?.isAdmin ?? false };
}

/** `Bearer <token>` from a header or a graphql-ws connection parameter. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}
