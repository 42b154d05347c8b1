import { InputError } from '../errors';
import { isUuid } from '../ids';

/**
 * Where a page of rows ends (runs, accounts, admin actions): its last row's time and id. Every
 * keyset cursor the server gives out has this shape, so one decoder checks them all.
 */
export interface PageEnd {
  /** The row's `created_at` exactly as the database keeps it (microseconds, UTC). */
  at: string;
  id: string;
}

/** The SQL that writes a `created_at` column exactly, for a cursor: `2026-11-24T10:00:00.123456Z`. */
export function exactTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The longest cursor looked at: a real one is about 90 characters. */
const MAX_CURSOR_CHARS = 200;
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
/** Rows are never older than this nor newer than the year 9999 (both are real dates to PostgreSQL). */
const FIRST_YEAR = 1970;

/** An opaque cursor for the page after the row `end` names. */
export function encodePageEnd(end: PageEnd): string {
  return Buffer.from(`${end.at}|${end.id}`, 'utf8').toString('base64url');
}

/**
 * The row a cursor names, or a clear InputError (400) when it is not one this server gave out:
 * not base64url, too long, not two parts, not a real UTC time of the exact form, or not a uuid.
 */
export function decodePageEnd(cursor: string): PageEnd {
  const text =
    cursor.length <= MAX_CURSOR_CHARS && /^[A-Za-z0-9_-]+$/.test(cursor)
      ? Buffer.from(cursor, 'base64url').toString('utf8')
      : '';
  const parts = text.split('|');
  const [at, id] = parts;
  if (parts.length !== 2 || at === undefined || id === undefined || !isRealTime(at) || !isUuid(id)) {
    throw new InputError('cursor is not one this server gave out: send the nextCursor of the page before.', {
      field: 'cursor',
    });
  }
  return { at, id };
}

/** Whether `at` is `YYYY-MM-DDTHH:MM:SS.ffffffZ` naming a moment that exists. */
function isRealTime(at: string): boolean {
  const match = TIME.exec(at);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < FIRST_YEAR || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
