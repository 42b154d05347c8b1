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
  it('round-trips the claims of an HS256 JWT', async () => {
    const token = await signAccessToken(claims, key);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await verifyAccessToken(token, key, expect_)).toEqual({ ok: true, claims });
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
  ])('refuses %s', async (_label, reason, build) => {
    expect(await verifyAccessToken(build(b64(claims)), key, expect_)).toEqual({ ok: false, reason });
  });

  it('refuses a tampered payload and a non-canonical signature', async () => {
    const [header, , signature] = (await signAccessToken(claims, key)).split('.') as [string, string, string];
    const tampered = `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`;
    expect(await verifyAccessToken(tampered, key, expect_)).toEqual({ ok: false, reason: 'signature' });
    // The last base64url character of a 32-byte signature carries 2 unused bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const twin = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    const payload = (await signAccessToken(claims, key)).split('.')[1];
    expect(await verifyAccessToken(`${header}.${payload}.${twin}`, key, expect_)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('checks expiry, issuer, audience and the claims it needs', async () => {
    const token = await signAccessToken(claims, key);
    expect(await verifyAccessToken(token, key, { ...expect_, now: claims.exp })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(
      (await verifyAccessToken(token, key, { ...expect_, now: claims.exp, allowExpired: true })).ok,
    ).toBe(true);
    expect(await verifyAccessToken(token, key, { ...expect_, issuer: 'https://elsewhere/auth' })).toEqual({
      ok: false,
      reason: 'claims',
    });
    expect(await verifyAccessToken(token, key, { ...expect_, audience: 'service' })).toEqual({
      ok: false,
      reason: 'claims',
    });
    const { session_id: _dropped, ...withoutSession } = claims;
    const noSession = await signAccessToken(withoutSession as AccessTokenClaims, key);
    expect(await verifyAccessToken(noSession, key, expect_)).toEqual({ ok: false, reason: 'claims' });
    expect(await verifyAccessToken('x'.repeat(5000), key, expect_)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('verifies a token signed before jose signed them (same HS256 compact form)', async () => {
    const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    expect(await verifyAccessToken(`${input}.${hs256(input)}`, key, expect_)).toEqual({ ok: true, claims });
  });

  it('refuses an expired token of another issuer or audience even when expiry is allowed', async () => {
    const late = { ...expect_, now: claims.exp + 3600, allowExpired: true };
    const token = await signAccessToken(claims, key);
    expect(await verifyAccessToken(token, key, { ...late, issuer: 'https://elsewhere/auth' })).toEqual({
      ok: false,
      reason: 'claims',
    });
    expect(await verifyAccessToken(token, key, { ...late, audience: 'service' })).toEqual({
      ok: false,
      reason: 'claims',
    });
    const expired = await verifyAccessToken(token, key, late);
    expect(expired).toEqual({ ok: true, claims });
  });

  it('refuses a token not valid yet, a payload that is not JSON and a header typ other than JWT', async () => {
    const early = await signAccessToken({ ...claims, nbf: now + 600 } as AccessTokenClaims, key);
    expect(await verifyAccessToken(early, key, expect_)).toEqual({ ok: false, reason: 'claims' });
    const notJson = `${b64({ alg: 'HS256' })}.bm90IGpzb24`;
    expect(await verifyAccessToken(`${notJson}.${hs256(notJson)}`, key, expect_)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const otherTyp = `${b64({ alg: 'HS256', typ: 'at+jwt' })}.${b64(claims)}`;
    expect(await verifyAccessToken(`${otherTyp}.${hs256(otherTyp)}`, key, expect_)).toEqual({
      ok: false,
      reason: 'algorithm',
    });
  });

  describe('a token verified before', () => {
    const fresh = (overrides: Partial<AccessTokenClaims> = {}) =>
      signAccessToken({ ...claims, email: `${Math.random()}@example.com`, ...overrides }, key);

    it('is not verified again: the same token answers without a signature check', async () => {
      const token = await fresh();
      const verify = jest.spyOn(globalThis.crypto.subtle, 'verify');
      try {
        const first = await verifyAccessToken(token, key, expect_);
        expect(verify).toHaveBeenCalledTimes(1);
        expect(await verifyAccessToken(token, key, { ...expect_, now: expect_.now + 60 })).toEqual(first);
        expect(verify).toHaveBeenCalledTimes(1);
      } finally {
        verify.mockRestore();
      }
    });

    it('still expires, and answers past its expiry only where expiry is allowed', async () => {
      const token = await fresh();
      expect((await verifyAccessToken(token, key, expect_)).ok).toBe(true);
      expect(await verifyAccessToken(token, key, { ...expect_, now: claims.exp })).toEqual({
        ok: false,
        reason: 'expired',
      });
      expect(
        (await verifyAccessToken(token, key, { ...expect_, now: claims.exp, allowExpired: true })).ok,
      ).toBe(true);
    });

    it('is checked in full again against another key, issuer or audience', async () => {
      const token = await fresh();
      expect((await verifyAccessToken(token, key, expect_)).ok).toBe(true);
      expect(await verifyAccessToken(token, randomBytes(32), expect_)).toEqual({
        ok: false,
        reason: 'signature',
      });
      expect(await verifyAccessToken(token, Buffer.from(key), expect_)).toMatchObject({ ok: true });
      expect(await verifyAccessToken(token, key, { ...expect_, issuer: 'https://elsewhere/auth' })).toEqual({
        ok: false,
        reason: 'claims',
      });
      expect(await verifyAccessToken(token, key, { ...expect_, audience: 'service' })).toEqual({
        ok: false,
        reason: 'claims',
      });
    });

    it('is not kept when it was refused, expired or not valid yet', async () => {
      const early = await fresh({ nbf: now - 10 } as Partial<AccessTokenClaims>);
      expect((await verifyAccessToken(early, key, expect_)).ok).toBe(true);
      const expired = await fresh();
      expect(
        (await verifyAccessToken(expired, key, { ...expect_, now: claims.exp, allowExpired: true })).ok,
      ).toBe(true);
      const verify = jest.spyOn(globalThis.crypto.subtle, 'verify');
      try {
        // A token with nbf is verified every time (its validity starts at a time), and one kept
        // while expired would have been kept without its expiry passing the check.
        await verifyAccessToken(early, key, expect_);
        await verifyAccessToken(expired, key, expect_);
        expect(verify).toHaveBeenCalledTimes(2);
      } finally {
        verify.mockRestore();
      }
    });
  });
});
