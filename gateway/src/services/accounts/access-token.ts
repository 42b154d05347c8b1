import { createHmac, timingSafeEqual } from 'node:crypto';

/** The only algorithm a token may name. Anything else ('none', RS256, HS512, ...) is refused. */
export const ACCESS_TOKEN_ALGORITHMS = ['HS256'] as const;

export interface AccessTokenClaims {
  /** The user's id. */
  sub: string;
  email: string;
  /** Whether the person has proven they read mail at `email` (admin rights need it). */
  email_verified?: boolean;
  /** The sign-in (session family) this token belongs to; revoking it stops the token. */
  session_id: string;
  role: 'authenticated';
  aud: string;
  iss: string;
  /** Issued and expiry times in unix seconds. */
  iat: number;
  exp: number;
}

export type AccessTokenFailure = 'malformed' | 'algorithm' | 'signature' | 'claims' | 'expired';

export type AccessTokenCheck =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: AccessTokenFailure };

export interface AccessTokenExpectations {
  /** Unix seconds. */
  now: number;
  issuer: string;
  audience: string;
  /** Accept a correctly signed token past its expiry (sign-out only). */
  allowExpired?: boolean;
}

/** Longer than any token we issue; refuses to parse megabytes of junk. */
const MAX_TOKEN_LENGTH = 4096;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(signingInput: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/** A compact JWS (JWT) signed with HMAC-SHA256. */
export function signAccessToken(claims: AccessTokenClaims, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signingInput = `${HEADER}.${payload}`;
  return `${signingInput}.${sign(signingInput, key).toString('base64url')}`;
}

function decodeJson(segment: string): unknown {
  const bytes = Buffer.from(segment, 'base64url');
  // Only the canonical encoding: no padding tricks, no ignored trailing bits.
  if (bytes.toString('base64url') !== segment) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readClaims(payload: unknown): AccessTokenClaims | null {
  if (!isObject(payload)) return null;
  const { sub, email, email_verified, session_id, role, aud, iss, iat, exp } = payload;
  if (
    typeof sub !== 'string' ||
    typeof email !== 'string' ||
    typeof session_id !== 'string' ||
    role !== 'authenticated' ||
    typeof aud !== 'string' ||
    typeof iss !== 'string' ||
    !Number.isSafeInteger(iat) ||
    !Number.isSafeInteger(exp)
  ) {
    return null;
  }
  return {
    sub,
    email,
    ...(email_verified === true ? { email_verified: true } : {}),
    session_id,
    role,
    aud,
    iss,
    iat: iat as number,
    exp: exp as number,
  };
}

/**
 * Verifies signature, algorithm, issuer, audience and expiry. The header is checked against the
 * allowlist before anything else, and the signature in constant time before the payload is read.
 */
export function verifyAccessToken(
  token: string,
  key: Buffer,
  expect: AccessTokenExpectations,
): AccessTokenCheck {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) {
    return { ok: false, reason: 'malformed' };
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (!isObject(header)) return { ok: false, reason: 'malformed' };
  const allowed: readonly unknown[] = ACCESS_TOKEN_ALGORITHMS;
  if (
    !allowed.includes(header.alg) ||
    (header.typ !== undefined && header.typ !== 'JWT') ||
    'crit' in header
  ) {
    return { ok: false, reason: 'algorithm' };
  }
  const expected = sign(`${headerPart}.${payloadPart}`, key);
  const given = Buffer.from(signaturePart, 'base64url');
  if (
    given.length !== expected.length ||
    given.toString('base64url') !== signaturePart ||
    !timingSafeEqual(given, expected)
  ) {
    return { ok: false, reason: 'signature' };
  }
  const claims = readClaims(decodeJson(payloadPart));
  if (!claims || claims.iss !== expect.issuer || claims.aud !== expect.audience) {
    return { ok: false, reason: 'claims' };
  }
  if (!expect.allowExpired && claims.exp <= expect.now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
