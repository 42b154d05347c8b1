import type { ConnectedAppsQuery } from './generated/graphql';

/** An app (an AI assistant) the person connected to their account through OAuth, with its spend. */
export type ConnectedApp = ConnectedAppsQuery['connectedClients'][number];

/** What the consent page shows: the client asking, for whom, and the limit to propose. */
export interface ConsentRequest {
  client: { id: string; name: string; redirectHost: string };
  account: { email: string };
  dailyCreditLimit: number;
  /** Already connected: allowing again replaces its limit and its earlier tokens. */
  connected: boolean;
}

/** The connected apps on the account page, and the consent step of connecting one. */
export interface ConnectedAppsApi {
  list(): Promise<ConnectedApp[]>;
  setDailyLimit(id: string, dailyCreditLimit: number): Promise<ConnectedApp>;
  revoke(id: string): Promise<void>;
  /** The authorization request `uid` waiting for the signed-in person's answer. */
  consentRequest(uid: string): Promise<ConsentRequest>;
  /** Allows it; answers where the browser goes next (back to the app that asked). */
  allow(uid: string, dailyCreditLimit: number): Promise<string>;
  /** Declines it; answers where the browser goes next. */
  deny(uid: string): Promise<string>;
}
