import { SecretMask } from './secret-mask';

/** How a block's template names one of the owner's secrets: `{{secret.NAME}}` (group 1: NAME). */
export { SECRET_REFERENCE } from '@blocksmith/schema';
export { MIN_SECRET_FRAGMENT, SecretMask } from './secret-mask';

/** The secrets a run's blocks have read, by name: what their outputs and errors are cleaned of. */
export type RevealedSecrets = ReadonlyMap<string, string>;

/** The mask last built for each set of secrets, with the values it was built from. */
const masks = new WeakMap<RevealedSecrets, { values: string; mask: SecretMask }>();

/** The mask for `revealed`, built again only when its values changed (a run reads more secrets). */
function maskFor(revealed: RevealedSecrets): SecretMask {
  const values = Array.from(revealed, ([name, value]) => `${name}\0${value}`).join('\0');
  const known = masks.get(revealed);
  if (known?.values === values) return known.mask;
  const mask = new SecretMask(revealed);
  masks.set(revealed, { values, mask });
  return mask;
}

/**
 * `value` with every revealed secret masked (whole, and every part of one at least
 * MIN_SECRET_FRAGMENT characters long), in every string it holds (object keys too), however deep.
 * Anything else (numbers, files, nulls) is returned as it is; `value` is not changed.
 */
export function scrubSecrets<T>(value: T, revealed: RevealedSecrets): T {
  if (revealed.size === 0) return value;
  const mask = maskFor(revealed);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return mask.text(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
      const clean: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(item)) clean[mask.text(key)] = walk(inner);
      return clean;
    }
    return item;
  };
  return walk(value) as T;
}

/**
 * A block's failure with revealed secrets masked in its message and its stack (the error itself is
 * kept); anything else thrown becomes masked text.
 */
export function scrubError(error: unknown, revealed: RevealedSecrets): unknown {
  if (revealed.size === 0) return error;
  const mask = maskFor(revealed);
  if (error instanceof Error) {
    error.message = mask.text(error.message);
    if (typeof error.stack === 'string') error.stack = mask.text(error.stack);
    return error;
  }
  return mask.text(String(error));
}

/**
 * Reads secrets for the blocks of one run through `load` and remembers every value read, so what
 * the blocks answer can be cleaned of them.
 */
export class SecretReader {
  private readonly values = new Map<string, string>();

  constructor(private readonly load: (name: string) => Promise<string | undefined>) {}

  async read(name: string): Promise<string | undefined> {
    const value = await this.load(name);
    if (value !== undefined && value !== '') this.values.set(name, value);
    return value;
  }

  get revealed(): RevealedSecrets {
    return this.values;
  }
}
