import type { AuthUser } from '../api/blocksmith-api';

/**
 * The messages an embed exchanges with other windows. `public/embed.js` (plain JavaScript served
 * to other sites) reads the height message by the same type name.
 */

/** An embed tells the page around it how tall its content is: `{ type, height }`. */
export const EMBED_HEIGHT_MESSAGE = 'blocksmith:height';
/** The sign-in window lends its session to the embed that opened it: `{ type, session }`. */
export const EMBED_SIGNED_IN_MESSAGE = 'blocksmith:signed-in';

export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE;
  height: number;
}

/**
 * A sign-in lent to an embed: the access token only (never the refresh token, which one place
 * alone may spend), used until it expires.
 */
export interface LentSession {
  access_token: string;
  /** Unix seconds. */
  expires_at: number;
  user: AuthUser;
}

export interface EmbedSignedInMessage {
  type: typeof EMBED_SIGNED_IN_MESSAGE;
  session: LentSession;
}

export function heightMessage(height: number): EmbedHeightMessage {
  return { type: EMBED_HEIGHT_MESSAGE, height: Math.ceil(height) };
}

/** Whether `data` is a sign-in window's message with a well-formed session. */
export function isSignedInMessage(data: unknown): data is EmbedSignedInMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<EmbedSignedInMessage>;
  const session = message.session;
  return (
    message.type === EMBED_SIGNED_IN_MESSAGE &&
    typeof session === 'object' &&
    session !== null &&
    typeof session.access_token === 'string' &&
    typeof session.expires_at === 'number' &&
    typeof session.user === 'object' &&
    session.user !== null &&
    typeof session.user.id === 'string' &&
    typeof session.user.email === 'string' &&
    typeof session.user.user_metadata?.full_name === 'string'
  );
}
