import { ACCOUNT_SUSPENDED_MESSAGE } from '@blocksmith/schema';
import { ForbiddenError } from '../errors';
import { bearerToken } from '../graphql/context';
import { API_KEY_PREFIX, checkEntitled, type ApiKeyService } from '../services/api-keys/api-key-service';

/** Who calls `/mcp`: the account that pays for the calls, and how it proved it. */
export interface McpCaller {
  userId: string;
  via: 'api-key' | 'oauth';
  /** The API key used (`via: 'api-key'`): its calls per minute are counted against it. */
  keyId?: string;
  /** The OAuth client acting for the person (`via: 'oauth'`). */
  clientId?: string;
  /** The credits per day the person allowed the OAuth client (`via: 'oauth'`). */
  dailyCreditLimit?: number;
}

/** Where callers are looked up: API keys, and OAuth access tokens once the server issues them. */
export interface McpCallerSources {
  apiKeys: Pick<ApiKeyService, 'authenticate'>;
  /**
   * Verifies an OAuth access token issued for `/mcp`: its person, client and daily limit, or null
   * for a token that is not (or no longer) valid.
   */
  oauth?: {
    verify(token: string): Promise<{ userId: string; clientId: string; dailyCreditLimit: number } | null>;
  };
}

/**
 * The one place `/mcp` learns who calls, from the Authorization header (`Bearer bsk_...` for an
 * API key, any other bearer token for OAuth). Null when there are no credentials or they are not
 * valid (the route answers 401 with where to get a token); throws ForbiddenError for a key whose
 * owner is suspended or whose plan no longer includes API keys.
 */
export async function resolveMcpCaller(
  authorization: string | undefined,
  sources: McpCallerSources,
): Promise<McpCaller | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  if (token.startsWith(API_KEY_PREFIX)) {
    const key = await sources.apiKeys.authenticate(token);
    if (!key) return null;
    if (key.suspended) throw new ForbiddenError(ACCOUNT_SUSPENDED_MESSAGE);
    checkEntitled(key);
    return { userId: key.userId, via: 'api-key', keyId: key.keyId };
  }
  const granted = sources.oauth ? await sources.oauth.verify(token) : null;
  if (!granted) return null;
  return {
    userId: granted.userId,
    via: 'oauth',
    clientId: granted.clientId,
    dailyCreditLimit: granted.dailyCreditLimit,
  };
}
