import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { InputError } from '../../errors';
import { creditWords } from './credit-words';
import { requireUuid } from './debit-request';
import { addToBalance, lockBalance } from './ledger-queries';

/**
 * Gives credits to an account, or takes some back (`amount` below 0), as one `adjustment` ledger
 * entry, in the caller's transaction. The balance row is locked first, so concurrent adjustments
 * and runs take turns; a balance is never taken below zero (refused, nothing written). Returns the
 * balance before and after.
 */
export async function adjustCredits(
  manager: EntityManager,
  request: { userId: string; amount: number; at: Date },
): Promise<{ before: number; after: number }> {
  const { userId, amount, at } = request;
  requireUuid(userId, 'userId');
  if (!Number.isInteger(amount) || amount === 0) {
    throw new InputError('amount must be a whole number of credits other than 0.', { field: 'amount' });
  }
  const before = await lockBalance(manager, userId);
  if (before + amount < 0) {
    throw new InputError(
      `This would take the balance below zero: it holds ${creditWords(before)}, so at most ${before} can be taken.`,
      { field: 'amount' },
    );
  }
  await manager.query(
    `INSERT INTO credit_ledger (id, user_id, delta, kind, created_at) VALUES ($1, $2, $3, 'adjustment', $4)`,
    [randomUUID(), userId, amount, at],
  );
  const after = await addToBalance(manager, userId, amount);
  return { before, after };
}
