import { secretMask } from '@blocksmith/schema';

/** How a block's template names one of the owner's secrets: `{{secret.NAME}}` (group 1: NAME). */
export { SECRET_REFERENCE } from '@blocksmith/schema';

/** The secrets a run's blocks have read, by name: what their outputs and errors are cleaned of. */
export type RevealedSecrets = ReadonlyMap<string, string>;

/** `text` with every revealed secret's value written as `[secret NAME]`. */
function scrubText(text: string, revealed: RevealedSecrets): string {
  let clean = text;
  for (const [name, value] of revealed) {
    if (value !== '' && clean.includes(value)) clean = clean.split(value).join(secretMask(name));
  }
  return clean;
}

/**
 * `value` with every revealed secret's value masked, in every string it holds (object keys too),
 * however deep. Anything else (numbers, files, nulls) is returned as it is; `value` is not changed.
 */
export function scrubSecrets<T>(value: T, revealed: RevealedSecrets): T {
  if (revealed.size === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return scrubText(item, revealed);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
      const clean: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(item)) clean[scrubText(key, revealed)] = walk(inner);
      return clean;
    }
    return item;
  };
  return walk(value) as T;
}

/** A block's failure with revealed secrets masked in its message (the error itself is kept). */
export function scrubError(error: unknown, revealed: RevealedSecrets): unknown {
  if (revealed.size === 0) return error;
  if (error instanceof Error) {
    error.message = scrubText(error.message, revealed);
    return error;
  }
  return scrubText(String(error), revealed);
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
