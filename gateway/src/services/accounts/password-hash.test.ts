import { hashPassword, needsRehash, PRODUCTION_SCRYPT_COST, verifyPassword } from './password-hash';

const FAST = { logN: 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('uses scrypt N=2^15, r=8, p=1 by default, with a per-password salt', async () => {
    const started = performance.now();
    const stored = await hashPassword('correct horse battery');
    const took = performance.now() - started;
    expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(PRODUCTION_SCRYPT_COST).toEqual({ logN: 15, r: 8, p: 1 });
    // Real work, not a shortcut: 32 MiB of memory-hard mixing takes a while.
    expect(took).toBeGreaterThan(10);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash, so equal passwords hash differently', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password', FAST),
      hashPassword('same password', FAST),
    ]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('verifies with the parameters recorded in the hash and says when to re-hash', async () => {
    const cheap = await hashPassword('a password', FAST);
    expect(await verifyPassword('a password', cheap)).toBe(true);
    expect(needsRehash(cheap, PRODUCTION_SCRYPT_COST)).toBe(true);
    expect(needsRehash(cheap, FAST)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait', FAST);
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('never matches a malformed or over-expensive stored value', async () => {
    const stored = await hashPassword('a password', FAST);
    for (const bad of [
      '',
      'a password',
      stored.replace('$scrypt$', '$argon2id$'),
      stored.replace('ln=10', 'ln=40'),
      stored.slice(0, -4),
    ]) {
      expect(await verifyPassword('a password', bad)).toBe(false);
    }
    await expect(hashPassword('x', { logN: 0, r: 8, p: 1 })).rejects.toThrow(RangeError);
  });
});
