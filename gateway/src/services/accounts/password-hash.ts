import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

/** 2^15 x 8 x 128 bytes = 32 MiB and roughly 50-100 ms per hash on a current server core. */
export const PRODUCTION_SCRYPT_COST: Readonly<ScryptCost> = Object.freeze({ logN: 15, r: 8, p: 1 });

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Stored as a PHC string: $scrypt$ln=15,r=8,p=1$<16-byte salt>$<32-byte hash> (base64, no padding). */
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/;

/** Bounds that keep a corrupt or hostile stored hash from asking for gigabytes of memory. */
export function checkScryptCost(cost: ScryptCost): void {
  const ok =
    Number.isInteger(cost.logN) &&
    Number.isInteger(cost.r) &&
    Number.isInteger(cost.p) &&
    cost.logN >= 1 &&
    cost.logN <= 20 &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    cost.p >= 1 &&
    cost.p <= 16;
  if (!ok) throw new RangeError(`Unsupported scrypt cost ln=${cost.logN},r=${cost.r},p=${cost.p}.`);
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const N = 2 ** cost.logN;
  return new Promise((resolve, reject) => {
    // NFKC so the same password typed on different systems (composed or not) hashes the same.
    scrypt(
      password.normalize('NFKC'),
      salt,
      length,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 16 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Hashes with a fresh random salt; the result records its own parameters. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = PRODUCTION_SCRYPT_COST,
): Promise<string> {
  checkScryptCost(cost);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_BYTES);
  return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(key)}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const cost = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  try {
    checkScryptCost(cost);
  } catch {
    return null;
  }
  return { cost, salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64') };
}

/** True when `password` matches; compares in constant time. A malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when a stored hash was made with other parameters than `cost` (re-hash it at next sign-in). */
export function needsRehash(stored: string, cost: ScryptCost = PRODUCTION_SCRYPT_COST): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.logN !== cost.logN || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}
