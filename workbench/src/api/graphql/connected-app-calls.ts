import { ApiError } from '../blocksmith-api';
import type { ConnectedApp, ConnectedAppsApi, ConsentRequest } from '../connected-apps';
import {
  ConnectedAppsDocument,
  RevokeConnectedAppDocument,
  SetConnectedAppLimitDocument,
} from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';
import { toApiError } from './to-api-error';

/**
 * Connected apps over GraphQL; the consent step over the authorization server's own calls
 * (`/oauth/interaction/{uid}/...`), which need this browser's cookies besides the session's token.
 */
export class ConnectedAppCalls implements ConnectedAppsApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async list(): Promise<ConnectedApp[]> {
    return (await this.transport.query(ConnectedAppsDocument, {})).connectedClients;
  }

  async setDailyLimit(id: string, dailyCreditLimit: number): Promise<ConnectedApp> {
    return (await this.transport.mutate(SetConnectedAppLimitDocument, { id, dailyCreditLimit }))
      .setConnectedClientLimit;
  }

  async revoke(id: string): Promise<void> {
    await this.transport.mutate(RevokeConnectedAppDocument, { id });
  }

  consentRequest(uid: string): Promise<ConsentRequest> {
    return this.interaction<ConsentRequest>(uid, 'request', 'GET');
  }

  async allow(uid: string, dailyCreditLimit: number): Promise<string> {
    return (await this.interaction<{ redirectTo: string }>(uid, 'allow', 'POST', { dailyCreditLimit }))
      .redirectTo;
  }

  async deny(uid: string): Promise<string> {
    return (await this.interaction<{ redirectTo: string }>(uid, 'deny', 'POST')).redirectTo;
  }

  private async interaction<T>(uid: string, step: string, method: string, body?: unknown): Promise<T> {
    const token = await this.transport.accessToken();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(
        `${this.transport.origin}/oauth/interaction/${encodeURIComponent(uid)}/${step}`,
        {
          method,
          headers,
          credentials: 'same-origin',
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        },
      );
    } catch (error) {
      throw toApiError(error);
    }
    const answer = (await response.json().catch(() => null)) as
      (T & { error?: undefined }) | { error?: string; message?: string } | null;
    if (!response.ok || answer === null) {
      const refusal = answer as { error?: string; message?: string } | null;
      throw new ApiError(refusal?.message ?? `HTTP error! status: ${response.status}`, refusal?.error);
    }
    return answer as T;
  }
}
