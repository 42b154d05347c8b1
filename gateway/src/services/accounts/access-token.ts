import type * as Jose from 'jose' with { 'resolution-mode': 'import' };

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

let jose: Promise<typeof Jose> | undefined;

/**
 * Loads jose, which signs and verifies the tokens: an ES module, imported by this CommonJS server
 * with a real `import()` (TypeScript keeps it as one for Node16 modules; Jest compiles jose to
 * CommonJS, see jest.config.js).
 */
function loadJose(): Promise<typeof Jose> {
  if (!jose) {
    jose = import('jose');
    jose.catch(() => (jose = undefined));
  }
  return jose;
}

/** A compact JWS (JWT) signed with HMAC-SHA256. */
export async function signAccessToken(claims: AccessTokenClaims, key: Buffer): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
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

/** Only the canonical base64url encoding: no padding tricks, no ignored trailing bits. */
const canonical = (segment: string) => Buffer.from(segment, 'base64url').toString('base64url') === segment;

/** Why the token's shape or header is refused before jose verifies it, or null. */
function precheck(token: string, { decodeProtectedHeader }: typeof Jose): AccessTokenFailure | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return 'malformed';
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return 'malformed';
  if (!canonical(parts[0]!) || !canonical(parts[1]!)) return 'malformed';
  let header: Jose.ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return 'malformed';
  }
  const allowed: readonly unknown[] = ACCESS_TOKEN_ALGORITHMS;
  if (
    !allowed.includes(header.alg) ||
    (header.typ !== undefined && header.typ !== 'JWT') ||
    'crit' in header
  ) {
    return 'algorithm';
  }
  // A signature with other unused bits would decode to the same bytes: not the signature made.
  return canonical(parts[2]!) ? null : 'signature';
}

function failure(error: unknown, { errors }: typeof Jose): AccessTokenFailure {
  if (error instanceof errors.JOSEAlgNotAllowed) return 'algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) return 'claims';
  return 'malformed';
}

/** A token jose verified: what it was verified against and its claims. */
interface Verified {
  key: Buffer;
  issuer: string;
  audience: string;
  claims: AccessTokenClaims;
}

/** Tokens verified, by their text (the oldest forgotten past `MAX_VERIFIED`). */
const verified = new Map<string, Verified>();
const MAX_VERIFIED = 10_000;

/**
 * The check of a token verified before with the same key, issuer and audience: its signature and
 * claims hold as they did, only its expiry is read again. Null when it was not.
 */
function verifiedBefore(
  token: string,
  key: Buffer,
  expect: AccessTokenExpectations,
): AccessTokenCheck | null {
  const known = verified.get(token);
  if (!known || known.key !== key || known.issuer !== expect.issuer || known.audience !== expect.audience) {
    return null;
  }
  // As jose reads it: expired once its expiry is now or past.
  if (known.claims.exp <= expect.now && !expect.allowExpired) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { ...known.claims } };
}

/**
 * Verifies signature, algorithm, issuer, audience and expiry with jose. The token's shape and
 * header are checked against the allowlist before anything else, and the payload is read only
 * after the signature holds. A token that held is kept (by its text, with its key, issuer and
 * audience), and the next requests sending it only have its expiry read again: jose's checks (a
 * WebCrypto key import and HMAC) cost about 0.12 ms of CPU per request, and a client sends one
 * token for up to its 15 minutes.
 */
export async function verifyAccessToken(
  token: string,
  key: Buffer,
  expect: AccessTokenExpectations,
): Promise<AccessTokenCheck> {
  const before = verifiedBefore(token, key, expect);
  if (before) return before;
  const library = await loadJose();
  const refused = precheck(token, library);
  if (refused) return { ok: false, reason: refused };
  let payload: unknown;
  try {
    ({ payload } = await library.jwtVerify(token, key, {
      algorithms: [...ACCESS_TOKEN_ALGORITHMS],
      issuer: expect.issuer,
      audience: expect.audience,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: new Date(expect.now * 1000),
    }));
  } catch (error) {
    // Issuer and audience are checked before expiry, so an expired token's payload is genuine.
    if (!(expect.allowExpired && error instanceof library.errors.JWTExpired)) {
      return { ok: false, reason: failure(error, library) };
    }
    payload = error.payload;
  }
  const claims = readClaims(payload);
  if (!claims) return { ok: false, reason: 'claims' };
  // Kept when nothing but its expiry depends on the time (no nbf) and it had not expired.
  if (!('nbf' in (payload as Record<string, unknown>)) && claims.exp > expect.now) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(token, { key, issuer: expect.issuer, audience: expect.audience, claims: { ...claims } });
  }
  return { ok: true, claims };
}
