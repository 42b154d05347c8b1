import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can name a row: every id the server hands out is a UUID, so anything else is
 * refused (or treated as not found) before it reaches a uuid column.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * A UUID of version 7 (RFC 9562): the millisecond it was made (`now`), then 74 random bits. Rows
 * written one after another under such ids are added at the end of their primary key's index,
 * which stays about 90 % full; under random (version 4) ids each lands anywhere and the index's
 * pages are about 60 % full. For the rows every run writes (runs, ledger entries, events).
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Math.max(0, Math.floor(now)) % 2 ** 48, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
