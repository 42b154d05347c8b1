import { randomUUID } from 'node:crypto';
import { PLANS, isPlanId, type PlanId } from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { InputError, NotFoundError } from '../../errors';
import { isCreditPeriod, type CreditPeriod } from './credit-period';
import { requireUuid } from './debit-request';
import { addToBalance, lockBalance, rows } from './ledger-queries';
import { isUnlimitedPlan } from './unlimited-plan';

export interface GrantResult {
  period: CreditPeriod;
  /** False when this period was granted before, or the plan is unlimited. */
  granted: boolean;
  /** Credits this call added (0 when the balance already held the plan's amount). */
  credits: number;
  balance: number;
}

/** Writes a grant under `key` unless the user has one under it; answers whether it wrote it. */
async function insertGrant(
  m: EntityManager,
  grant: { userId: string; credits: number; key: string; at: Date },
): Promise<boolean> {
  const inserted = await rows(
    m,
    `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period, created_at)
     VALUES ($1, $2, $3, 'grant', $4, $5)
     ON CONFLICT (user_id, grant_period) WHERE kind = 'grant' DO NOTHING
     RETURNING id`,
    [randomUUID(), grant.userId, grant.credits, grant.key, grant.at],
  );
  return inserted.length > 0;
}

/**
 * Tops a locked balance (`current`) up to the plan's amount with a grant under `key`, once: a
 * balance already at or above the amount is left alone (a zero grant still marks `key` as done).
 */
async function topUp(
  m: EntityManager,
  request: { userId: string; plan: PlanId; current: number; key: string; period: CreditPeriod; at: Date },
): Promise<GrantResult> {
  const { userId, plan, current, key, period, at } = request;
  const credits = Math.max(0, PLANS[plan].monthlyCredits - current);
  if (!(await insertGrant(m, { userId, credits, key, at }))) {
    return { period, granted: false, credits: 0, balance: current };
  }
  const balance = credits > 0 ? await addToBalance(m, userId, credits) : current;
  return { period, granted: true, credits, balance };
}

/**
 * The monthly grant for `period`, at most once per user and period, in its own transaction. It
 * tops the balance up to the plan's amount: unused credits do not pile up month after month.
 * Unlimited plans get no grant.
 */
export async function grantMonthlyCredits(
  dataSource: DataSource,
  request: { userId: string; plan: PlanId; period: CreditPeriod; at: Date },
): Promise<GrantResult> {
  const { userId, plan, period, at } = request;
  requireUuid(userId, 'userId');
  if (!isPlanId(plan)) throw new InputError('plan must be free, starter or enterprise.');
  if (!isCreditPeriod(period)) throw new InputError('period must be a month written YYYY-MM.');
  return dataSource.transaction(async (m) => {
    const current = await lockBalance(m, userId);
    if (isUnlimitedPlan(plan)) return { period, granted: false, credits: 0, balance: current };
    return topUp(m, { userId, plan, current, key: period, period, at });
  });
}

/**
 * The credits a plan bought mid-month brings at once, in the caller's transaction: tops the
 * balance up to the new plan's amount under the key `YYYY-MM+<plan>`, so at most once per user,
 * plan and month however often a payment is reported, and marks the month's regular grant as done
 * so the monthly job does not top up a second time. Unlimited plans get nothing.
 */
export async function grantPlanCredits(
  manager: EntityManager,
  request: { userId: string; plan: PlanId; period: CreditPeriod; at: Date },
): Promise<GrantResult> {
  const { userId, plan, period, at } = request;
  requireUuid(userId, 'userId');
  const current = await lockBalance(manager, userId);
  if (isUnlimitedPlan(plan)) return { period, granted: false, credits: 0, balance: current };
  await insertGrant(manager, { userId, credits: 0, key: period, at });
  return topUp(manager, { userId, plan, current, key: `${period}+${plan}`, period, at });
}

/**
 * The monthly job: `grant` for every user on their current plan, a page of 500 at a time. Safe to
 * re-run when each grant happens once; a user deleted since their page was read is skipped.
 */
export async function grantEveryone(
  dataSource: DataSource,
  grant: (userId: string, plan: PlanId) => Promise<GrantResult>,
): Promise<{ users: number; granted: number }> {
  let users = 0;
  let granted = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await rows(
      dataSource.manager,
      'SELECT id, plan FROM users WHERE id > $1 ORDER BY id LIMIT 500',
      [after],
    );
    for (const user of page) {
      try {
        const result = await grant(String(user.id), user.plan as PlanId);
        users += 1;
        if (result.granted) granted += 1;
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    const last = page.at(-1);
    if (!last) return { users, granted };
    after = String(last.id);
  }
}
