import { InputError } from '../../errors';
import { isUuid } from '../../ids';

/** Where a page of accounts or admin actions ends: its last row's time and id. */
export interface PageEnd {
  /** The row's `created_at` exactly as the database keeps it (microseconds, UTC). */
  at: string;
  id: string;
}

/** The SQL that writes a `created_at` column exactly, for a cursor: `2026-11-24T10:00:00.123456Z`. */
export function exactTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** An opaque cursor for the page after the row `end` names. */
export function encodePageEnd(end: PageEnd): string {
  return Buffer.from(`${end.at}|${end.id}`, 'utf8').toString('base64url');
}

/** The row a cursor names, or a clear error when it is not one this server gave out. */
export function decodePageEnd(cursor: string): PageEnd {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const [at, id] = text.split('|');
  if (at === undefined || id === undefined || !TIME.test(at) || !isUuid(id)) {
    throw new InputError('cursor is not one this server gave out: send the nextCursor of the page before.', {
      field: 'cursor',
    });
  }
  return { at, id };
}
