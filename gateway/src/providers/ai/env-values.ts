/** The environment as configuration reads it. */
export type Env = Record<string, string | undefined>;

/** A variable's trimmed value; empty counts as unset. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A whole number of at least `minimum`, or undefined when unset; any other value throws naming it. */
export function integer(env: Env, name: string, minimum: number): number | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < minimum) {
    throw new Error(
      `${name} must be a whole number${minimum > 0 ? ` of at least ${minimum}` : ''}, got "${raw}".`,
    );
  }
  return value;
}

/** Throws naming the variable unless `value` is an http(s) URL. */
export function checkUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL such as http://localhost:11434/v1, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://, got "${value}".`);
  }
}
