import { randomUUID } from 'node:crypto';

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
  // A random (version 4) UUID's last 74 random bits behind the time: randomUUID draws from a pool
  // it refills every 128 ids, where randomBytes made a buffer and asked for entropy every time.
  const random = randomUUID();
  const time = (Math.max(0, Math.floor(now)) % 2 ** 48).toString(16).padStart(12, '0');
  // xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx: the version digit becomes 7, the variant stays.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}
