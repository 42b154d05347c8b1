import type { ActionType, CreditHistoryEntry, CreditStats } from '@blocksmith/schema';
import type { EntityManager } from 'typeorm';
import { InputError } from '../../errors';
import { isUuid } from '../../ids';
import { rows } from './ledger-queries';

/**
 * What a user was charged for, as the ledger's readers show it: each debit less what its refund
 * gave back (`reverses`), left out when that is nothing. A charge a failed run kept stays.
 */

/**
 * A page of history, newest first (keyset: created_at, id); `cursor` is the `_id` of the last
 * entry of the page before (InputError when it is not one of the user's debits).
 */
export async function usageHistory(
  m: EntityManager,
  userId: string,
  limit: number,
  cursor: string | null,
): Promise<CreditHistoryEntry[]> {
  if (cursor !== null) {
    const [known] = isUuid(cursor)
      ? await rows(m, `SELECT 1 FROM credit_ledger WHERE id = $1 AND user_id = $2 AND kind = 'debit'`, [
          cursor,
          userId,
        ])
      : [];
    if (!known) {
      throw new InputError('cursor must be the _id of the last entry of the page before.', {
        field: 'cursor',
      });
    }
  }
  const found = await rows(
    m,
    `SELECT d.id, d.block_type, d.action_type, d.delta + COALESCE(r.delta, 0) AS delta, d.created_at
     FROM credit_ledger d LEFT JOIN credit_ledger r ON r.reverses = d.id
     WHERE d.user_id = $1 AND d.kind = 'debit' AND d.delta + COALESCE(r.delta, 0) < 0
       ${cursor === null ? '' : 'AND (d.created_at, d.id) < (SELECT c.created_at, c.id FROM credit_ledger c WHERE c.id = $3)'}
     ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
    cursor === null ? [userId, limit] : [userId, limit, cursor],
  );
  return found.map((row) => ({
    _id: String(row.id),
    block_type: String(row.block_type),
    action_type: row.action_type as ActionType,
    timestamp: new Date(row.created_at as string | Date).toISOString(),
    credits_used: -Number(row.delta),
  }));
}

/** Credits used (debits less refunds) and the runs that still cost something. */
export async function usageStats(m: EntityManager, userId: string): Promise<CreditStats> {
  const [row] = await rows(
    m,
    `SELECT COALESCE(SUM(used), 0)::int AS used, (COUNT(*) FILTER (WHERE used > 0))::int AS runs
     FROM (SELECT SUM(-delta) AS used FROM credit_ledger
           WHERE user_id = $1 AND kind IN ('debit', 'refund') GROUP BY run_id) AS charged`,
    [userId],
  );
  return { totalCreditsUsed: Number(row?.used ?? 0), totalExecutions: Number(row?.runs ?? 0) };
}
