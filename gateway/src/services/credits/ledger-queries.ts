import type { ActionType, PlanId } from '@blocksmith/schema';
import type { EntityManager } from 'typeorm';
import type { LedgerKind } from '../../data/entities';
import { NotFoundError } from '../../errors';
import { timeOrderedUuid } from '../../ids';
import { requireUuid } from './debit-request';

/** The SQL building blocks of the ledger; each runs on the transaction it is given. */

export type Row = Record<string, unknown>;

const FOREIGN_KEY_VIOLATION = '23503';

/** Rows of a SELECT or an INSERT ... RETURNING. */
export function rows(manager: EntityManager, sql: string, parameters: unknown[]): Promise<Row[]> {
  return manager.query<Row[]>(sql, parameters);
}

/** Rows of an UPDATE ... RETURNING (TypeORM answers an UPDATE with [rows, count]). */
export async function updated(manager: EntityManager, sql: string, parameters: unknown[]): Promise<Row[]> {
  const [changed] = await manager.query<[Row[], number]>(sql, parameters);
  return changed;
}

/** The user's plan and balance (0 without a balance row); NotFoundError when there is no such user. */
export async function planAndBalance(
  m: EntityManager,
  userId: string,
): Promise<{ plan: PlanId; balance: number }> {
  requireUuid(userId, 'userId');
  const [row] = await rows(
    m,
    `SELECT u.plan, b.balance FROM users u
     LEFT JOIN credit_balances b ON b.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  if (!row) throw new NotFoundError('No account found for this user.');
  return { plan: row.plan as PlanId, balance: Number(row.balance ?? 0) };
}

/** Creates the balance row if missing and locks it for this transaction; returns the balance. */
export async function lockBalance(m: EntityManager, userId: string): Promise<number> {
  try {
    await m.query(
      'INSERT INTO credit_balances (user_id, balance) VALUES ($1, 0) ON CONFLICT (user_id) DO NOTHING',
      [userId],
    );
  } catch (error) {
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
      throw new NotFoundError('No account found for this user.');
    }
    throw error;
  }
  const [row] = await rows(m, 'SELECT balance FROM credit_balances WHERE user_id = $1 FOR UPDATE', [userId]);
  return Number(row?.balance ?? 0);
}

export async function addToBalance(m: EntityManager, userId: string, credits: number): Promise<number> {
  const [row] = await updated(
    m,
    `UPDATE credit_balances SET balance = balance + $2, updated_at = now()
       WHERE user_id = $1 RETURNING balance`,
    [userId, credits],
  );
  return Number(row?.balance ?? 0);
}

/** Appends entries to the ledger in one statement; each gets a new id (answered in order). */
export async function insertEntries(
  m: EntityManager,
  entries: {
    userId: string;
    delta: number;
    kind: LedgerKind;
    blockType: string | null;
    actionType: ActionType | null;
    runId: string;
    at: Date;
    /** A refund's debit. */
    reverses?: string | null;
  }[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const parameters: unknown[] = [];
  const ids: string[] = [];
  const values = entries.map((entry) => {
    const base = parameters.length;
    const id = timeOrderedUuid();
    ids.push(id);
    parameters.push(
      id,
      entry.userId,
      entry.delta,
      entry.kind,
      entry.blockType,
      entry.actionType,
      entry.runId,
      entry.at,
      entry.reverses ?? null,
    );
    return `(${Array.from({ length: 9 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
  });
  await m.query(
    `INSERT INTO credit_ledger (id, user_id, delta, kind, block_type, action_type, run_id, created_at, reverses)
       VALUES ${values.join(', ')}`,
    parameters,
  );
  return ids;
}
