import type { AiProvider } from '@blocksmith/block-sdk';
import { UnauthenticatedError } from '../errors';
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
}

/** The caller, or the error every signed-in-only operation gives. */
export function requireCaller(context: GraphQLContext): Caller {
  if (!context.caller) throw new UnauthenticatedError('Please sign in.');
  return context.caller;
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
