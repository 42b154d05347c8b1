import type { EntityManager } from 'typeorm';
import { ConflictError, InsufficientCreditsError } from '../../errors';
import { creditWords } from './credit-words';
import type { DebitItem, DebitRequest } from './debit-request';
import { insertEntries, lockBalance, planAndBalance, rows, updated } from './ledger-queries';
import { isUnlimitedPlan } from './unlimited-plan';

export interface DebitResult {
  /** Credits taken from the balance (0 for an unlimited plan). */
  charged: number;
  balance: number;
  unlimited: boolean;
}

/** The refusal of a run the balance does not pay for. */
export function notEnoughCredits(required: number, balance: number): InsufficientCreditsError {
  return new InsufficientCreditsError(
    `This run costs ${creditWords(required)} and you have ${balance}. ` +
      'Upgrade your plan or wait for your monthly credits.',
    { required, balance },
  );
}

/**
 * Charges one run in the caller's transaction, for checked `items` (those that cost something)
 * and their `total`: takes the total from the balance only if it covers it and records one debit
 * entry per item. Throws `InsufficientCreditsError` when it does not, and `ConflictError` when the
 * run was charged before. A total of 0 records nothing. An unlimited plan is never refused: a
 * grant for the total covers the run, so the balance does not move.
 */
export async function debitRun(
  m: EntityManager,
  request: Omit<DebitRequest, 'items'> & { items: readonly DebitItem[]; total: number; at: Date },
): Promise<DebitResult> {
  const { userId, runId, actionType, items, total, at } = request;
  const { plan, balance: before } = await planAndBalance(m, userId);
  const unlimited = isUnlimitedPlan(plan);
  if (total === 0) return { charged: 0, balance: before, unlimited };
  let balance: number;
  if (unlimited) {
    balance = await lockBalance(m, userId);
  } else {
    const taken = await updated(
      m,
      `UPDATE credit_balances SET balance = balance - $2, updated_at = now()
       WHERE user_id = $1 AND balance >= $2 RETURNING balance`,
      [userId, total],
    );
    if (!taken[0]) {
      throw notEnoughCredits(total, (await planAndBalance(m, userId)).balance);
    }
    balance = Number(taken[0].balance);
  }
  const charged = await rows(
    m,
    `SELECT 1 FROM credit_ledger WHERE user_id = $1 AND run_id = $2 AND kind = 'debit' LIMIT 1`,
    [userId, runId],
  );
  if (charged.length > 0) throw new ConflictError('This run has already been charged.');
  if (unlimited) {
    // The plan covers the run: a grant for the run's total, so the balance does not move.
    await insertEntries(m, [
      { userId, delta: total, kind: 'grant', blockType: null, actionType: null, runId, at },
    ]);
  }
  await insertEntries(
    m,
    items.map((item) => ({
      userId,
      delta: -item.credits,
      kind: 'debit' as const,
      blockType: item.blockType,
      actionType,
      runId,
      at,
    })),
  );
  return { charged: unlimited ? 0 : total, balance, unlimited };
}
