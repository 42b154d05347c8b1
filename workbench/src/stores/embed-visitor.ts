/** Where an embed keeps its visitor's token (in the embed's own origin's storage). */
export const EMBED_VISITOR_KEY = 'blocksmith.embedVisitor';

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** The part of Storage the token needs (tests pass a map). */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * This browser's token as a visitor of embeds, who is not signed in: their conversations with an
 * embedded app are the ones sent with it (the server keeps a digest of it, never the token). Made
 * once and kept; a browser that keeps nothing (storage refused in a frame) gets one for the page.
 */
export function embedVisitorToken(
  storage: TokenStorage | null,
  make: () => string = () => crypto.randomUUID(),
): string {
  try {
    const kept = storage?.getItem(EMBED_VISITOR_KEY) ?? null;
    if (kept !== null && TOKEN.test(kept)) return kept;
  } catch {
    // Storage refused (a third-party frame, private browsing): a token for this page.
  }
  const token = make();
  try {
    storage?.setItem(EMBED_VISITOR_KEY, token);
  } catch {
    // As above: kept for this page only.
  }
  return token;
}

/** The page's local storage, when the browser lets the frame use it. */
export function browserStorage(): TokenStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
