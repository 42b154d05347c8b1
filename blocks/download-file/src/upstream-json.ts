import type { UpstreamValue } from '@blocksmith/block-sdk';

/** Text that holds a JSON object or list (as AI blocks often answer) is read as that value. */
function asValue(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  const trimmed = value.trim();
  if (!/^[[{]/.test(trimmed)) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

/**
 * The JSON document of the connected blocks: the single value when one block is connected,
 * otherwise an object keyed by each block's variable name, pretty-printed.
 */
export function upstreamJson(upstream: readonly UpstreamValue[]): string {
  const document =
    upstream.length === 1
      ? asValue(upstream[0]?.value)
      : Object.fromEntries(upstream.map((u) => [u.name, asValue(u.value)]));
  return `${JSON.stringify(document, (_key, value: unknown) => value ?? null, 2)}\n`;
}
