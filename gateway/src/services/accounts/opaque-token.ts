import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and password reset tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token (sha256, hex). A leaked table gives no usable token. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
