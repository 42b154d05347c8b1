import { createHmac, randomBytes } from 'node:crypto';
import { signAccessToken, verifyAccessToken, type AccessTokenClaims } from './access-token';

const key = randomBytes(32);
const now = 1_900_000_000;
const claims: AccessTokenClaims = {
  sub: '6f1c2a52-7a51-4e53-9b0a-6f2f3c7b5d10',
  email: 'ada@example.com',
  session_id: '0d5f7a1e-4a8b-4b5e-8a3c-2a1b3c4d5e6f',
  role: 'authenticated',
  aud: 'authenticated',
  iss: 'http://localhost:4000/auth',
  iat: now,
  exp: now + 900,
};
const expect_ = { now: now + 1, issuer: claims.iss, audience: 'authenticated' };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (input: string, secret = key) => createHmac('sha256', secret).update(input).digest('base64url');

describe('access tokens', () => {
  it('round-trips the claims of an HS256 JWT', () => {
    const token = signAccessToken(claims, key);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verifyAccessToken(token, key, expect_)).toEqual({ ok: true, claims });
  });

  it.each([
    ['none', 'malformed', (p: string) => `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`],
    [
      'none, signed',
      'algorithm',
      (p: string) => `${b64({ alg: 'none' })}.${p}.${hs256(`${b64({ alg: 'none' })}.${p}`)}`,
    ],
    [
      'HS512',
      'algorithm',
      (p: string) => `${b64({ alg: 'HS512' })}.${p}.${hs256(`${b64({ alg: 'HS512' })}.${p}`)}`,
    ],
    [
      'RS256',
      'algorithm',
      (p: string) => `${b64({ alg: 'RS256' })}.${p}.${hs256(`${b64({ alg: 'RS256' })}.${p}`)}`,
    ],
    [
      'hs256 lower case',
      'algorithm',
      (p: string) => `${b64({ alg: 'hs256' })}.${p}.${hs256(`${b64({ alg: 'hs256' })}.${p}`)}`,
    ],
    [
      'crit header',
      'algorithm',
      (p: string) =>
        `${b64({ alg: 'HS256', crit: ['b64'] })}.${p}.${hs256(`${b64({ alg: 'HS256', crit: ['b64'] })}.${p}`)}`,
    ],
    [
      'another key',
      'signature',
      (p: string) =>
        `${b64({ alg: 'HS256' })}.${p}.${hs256(`${b64({ alg: 'HS256' })}.${p}`, randomBytes(32))}`,
    ],
    ['no signature', 'malformed', (p: string) => `${b64({ alg: 'HS256' })}.${p}.`],
    ['two parts', 'malformed', (p: string) => `${b64({ alg: 'HS256' })}.${p}`],
    ['header not JSON', 'malformed', (p: string) => `bm90IGpzb24.${p}.${hs256(`bm90IGpzb24.${p}`)}`],
  ])('refuses %s', (_label, reason, build) => {
    expect(verifyAccessToken(build(b64(claims)), key, expect_)).toEqual({ ok: false, reason });
  });

  it('refuses a tampered payload and a non-canonical signature', () => {
    const [header, , signature] = signAccessToken(claims, key).split('.') as [string, string, string];
    const tampered = `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`;
    expect(verifyAccessToken(tampered, key, expect_)).toEqual({ ok: false, reason: 'signature' });
    // The last base64url character of a 32-byte signature carries 2 unused bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const twin = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    const payload = signAccessToken(claims, key).split('.')[1];
    expect(verifyAccessToken(`${header}.${payload}.${twin}`, key, expect_)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('checks expiry, issuer, audience and the claims it needs', () => {
    const token = signAccessToken(claims, key);
    expect(verifyAccessToken(token, key, { ...expect_, now: claims.exp })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyAccessToken(token, key, { ...expect_, now: claims.exp, allowExpired: true }).ok).toBe(true);
    expect(verifyAccessToken(token, key, { ...expect_, issuer: 'https://elsewhere/auth' })).toEqual({
      ok: false,
      reason: 'claims',
    });
    expect(verifyAccessToken(token, key, { ...expect_, audience: 'service' })).toEqual({
      ok: false,
      reason: 'claims',
    });
    const { session_id: _dropped, ...withoutSession } = claims;
    const noSession = signAccessToken(withoutSession as AccessTokenClaims, key);
    expect(verifyAccessToken(noSession, key, expect_)).toEqual({ ok: false, reason: 'claims' });
    expect(verifyAccessToken('x'.repeat(5000), key, expect_)).toEqual({ ok: false, reason: 'malformed' });
  });
});
