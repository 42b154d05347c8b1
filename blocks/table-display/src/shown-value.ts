import type { UpstreamValue } from '@blocksmith/block-sdk';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isPlainValue(value: unknown): value is string | number | boolean {
  return (
    (typeof value === 'string' && value.trim() !== '') ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

/**
 * What a connected block shows in the table: its first output (its variable), unless that is one
 * field of a fuller record the block also gave (a classification's `classified_category` is the
 * `category` of its `classification`, beside the sentiment and confidence): then that record, so
 * the table and its download hold the whole result rather than one part of it.
 */
export function shownValue(upstream: UpstreamValue): unknown {
  const { value, outputs } = upstream;
  if (!outputs || !isPlainValue(value)) return value;
  for (const other of Object.values(outputs)) {
    if (isRecord(other) && Object.values(other).some((field) => field === value)) return other;
  }
  return value;
}
