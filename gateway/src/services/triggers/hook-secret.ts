import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every webhook secret starts with this, so it is recognised at a glance. */
export const HOOK_SECRET_PREFIX = 'bswh_';
/** The header that carries the secret itself. */
export const SECRET_HEADER = 'x-blocksmith-secret';
/** The header that carries `sha256=<hex>`, the HMAC-SHA256 of the raw body under the secret. */
export const SIGNATURE_HEADER = 'x-blocksmith-signature';

export function newHookSecret(): string {
  return `${HOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function digest(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The secret sent as it is: compared in constant time (as digests, so lengths never differ). */
export function secretMatches(secret: string, sent: string): boolean {
  return timingSafeEqual(digest(secret), digest(sent));
}

/** `sha256=<hex>` of the raw body under the secret, compared in constant time. */
export function signatureMatches(secret: string, body: Buffer, sent: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(sent.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!.toLowerCase(), 'hex'));
}

/** What a caller sends: `sha256=` and the hex HMAC-SHA256 of the body (for tests and examples). */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
