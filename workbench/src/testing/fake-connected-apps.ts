import { ApiError } from '../api/blocksmith-api';
import type { ConnectedApp, ConnectedAppsApi, ConsentRequest } from '../api/connected-apps';

/** Connected apps and one consent request kept in memory, answering as the gateway does. */
export class FakeConnectedApps implements ConnectedAppsApi {
  apps: ConnectedApp[] = [];
  /** The request the consent page reads; null answers the gateway's refusal of an unknown one. */
  request: ConsentRequest | null = null;
  /** What allow and deny were given. */
  answers: { uid: string; allowed: boolean; dailyCreditLimit?: number }[] = [];

  async list(): Promise<ConnectedApp[]> {
    return this.apps;
  }

  async setDailyLimit(id: string, dailyCreditLimit: number): Promise<ConnectedApp> {
    const app = this.apps.find((a) => a.id === id);
    if (!app) throw new ApiError('There is no connected app with that id on your account.', 'NOT_FOUND');
    const changed = { ...app, dailyCreditLimit };
    this.apps = this.apps.map((a) => (a.id === id ? changed : a));
    return changed;
  }

  async revoke(id: string): Promise<void> {
    if (!this.apps.some((a) => a.id === id))
      throw new ApiError('There is no connected app with that id on your account.', 'NOT_FOUND');
    this.apps = this.apps.filter((a) => a.id !== id);
  }

  async consentRequest(): Promise<ConsentRequest> {
    if (!this.request)
      throw new ApiError(
        'This connection request has expired or was opened in another browser.',
        'bad_request',
      );
    return this.request;
  }

  async allow(uid: string, dailyCreditLimit: number): Promise<string> {
    this.answers.push({ uid, allowed: true, dailyCreditLimit });
    return `http://localhost/oauth/authorize/${uid}`;
  }

  async deny(uid: string): Promise<string> {
    this.answers.push({ uid, allowed: false });
    return `http://localhost/oauth/authorize/${uid}`;
  }
}
