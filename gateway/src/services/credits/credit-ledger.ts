import {
  DEFAULT_HISTORY_LIMIT,
  type CreditHistoryEntry,
  type CreditStats,
  type PlanId,
} from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { InputError, NotFoundError } from '../../errors';
import { blockCost } from './block-cost';
import { grantEveryone, grantMonthlyCredits, grantPlanCredits, type GrantResult } from './credit-grant';
import { creditPeriod, type CreditPeriod } from './credit-period';
import { refundRun, type KeptCharge, type RefundResult } from './credit-refund';
import { usageHistory, usageStats } from './credit-usage';
import {
  requireUuid,
  validateDebitRequest,
  validateItems,
  type DebitItem,
  type DebitRequest,
} from './debit-request';
import { planAndBalance, rows } from './ledger-queries';
import type { NewRun } from './new-run-charge';
import { NewRunCharges } from './new-run-charges';
import { debitRun, type DebitResult } from './run-debit';
import { isUnlimitedPlan } from './unlimited-plan';

export type { GrantResult } from './credit-grant';
export type { NewRun } from './new-run-charge';
export type { DebitResult } from './run-debit';

export const MAX_HISTORY_LIMIT = 200;

export interface CreditSummary {
  balance: number;
  /** The user's plan has unlimited credits (enterprise): runs are recorded, never refused. */
  unlimited: boolean;
}

export interface CreditCheck {
  allowed: boolean;
  cost: number;
  balance: number;
  unlimited: boolean;
}

export interface LedgerAudit {
  balance: number;
  /** Sum of every ledger entry's delta for the user. */
  ledgerTotal: number;
  consistent: boolean;
}

/** Lets a caller run a ledger write inside its own transaction (as a savepoint). */
export interface InTransaction {
  manager?: EntityManager;
}

/**
 * Every movement of a user's credits, kept as a ledger (`credit_ledger`) beside a running balance
 * (`credit_balances`) that never goes below zero. Each write changes both in one transaction, so
 * the sum of a user's deltas is always their balance (`audit`). Grants live in `credit-grant.ts`,
 * charges in `run-debit.ts` and `new-run-charge.ts`, refunds in `credit-refund.ts`, history and
 * stats in `credit-usage.ts`; this class is the one way the rest of the gateway reaches them.
 */
export class CreditLedger {
  private readonly newRuns: NewRunCharges;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.newRuns = new NewRunCharges(dataSource);
  }

  /**
   * Creates the balance if missing and grants the plan's credits for the current month, once
   * however often (or concurrently) it is called. Returns the balance.
   */
  async initialize(userId: string, plan: PlanId): Promise<number> {
    return (await this.grantMonthly(userId, plan)).balance;
  }

  /** `initialize` on the user's current plan, read from their record. */
  async initializeForUser(userId: string): Promise<number> {
    const [user] = await rows(this.dataSource.manager, 'SELECT plan FROM users WHERE id = $1', [
      requireUuid(userId, 'userId'),
    ]);
    if (!user) throw new NotFoundError('There is no such user.');
    return this.initialize(userId, user.plan as PlanId);
  }

  /**
   * The monthly grant for `period` (default: the current month in UTC), at most once per user and
   * period. It tops the balance up to the plan's amount: unused credits do not pile up month after
   * month, and a balance already at or above the amount is left alone (a zero grant still marks
   * the period as done). Unlimited plans get no grant.
   */
  async grantMonthly(userId: string, plan: PlanId, period?: CreditPeriod): Promise<GrantResult> {
    return grantMonthlyCredits(this.dataSource, {
      userId,
      plan,
      period: period ?? creditPeriod(this.clock()),
      at: this.clock(),
    });
  }

  /**
   * The credits a plan bought mid-month brings at once, in the caller's transaction: tops the
   * balance up to the new plan's amount under the key `YYYY-MM+<plan>`, so at most once per user,
   * plan and month however often a payment is reported, and marks the month's regular grant as done
   * so the monthly job does not top up a second time. Unlimited plans get nothing.
   */
  async grantPlanChange(manager: EntityManager, userId: string, plan: PlanId): Promise<GrantResult> {
    const at = this.clock();
    return grantPlanCredits(manager, { userId, plan, period: creditPeriod(at), at });
  }

  /**
   * The monthly job: `grantMonthly` for every user on their current plan, a page at a time.
   * Safe to re-run (each grant happens once). `initialize` also grants lazily on first use.
   */
  async grantMonthlyToAll(period?: CreditPeriod): Promise<{ users: number; granted: number }> {
    return grantEveryone(this.dataSource, (userId, plan) => this.grantMonthly(userId, plan, period));
  }

  /** The user's balance; 0 before `initialize`. */
  async balance(userId: string): Promise<number> {
    requireUuid(userId, 'userId');
    const found = await rows(
      this.dataSource.manager,
      'SELECT balance FROM credit_balances WHERE user_id = $1',
      [userId],
    );
    return Number(found[0]?.balance ?? 0);
  }

  /** Balance plus whether the user's plan is unlimited, for showing 'Unlimited' instead of a number. */
  async summary(userId: string): Promise<CreditSummary> {
    const { plan, balance } = await planAndBalance(this.dataSource.manager, userId);
    return { balance, unlimited: isUnlimitedPlan(plan) };
  }

  /**
   * Charges one run: takes the items' total from the balance only if it covers it, and records one
   * debit entry per item, all in one transaction. Throws `InsufficientCreditsError` (nothing
   * recorded) when it does not, and `ConflictError` when the run was charged before. A total of 0
   * records nothing. Unlimited plans are never refused: see README.
   */
  async debit(request: DebitRequest, options: InTransaction = {}): Promise<DebitResult> {
    const { items, total } = validateDebitRequest(request);
    const { userId, runId, actionType } = request;
    return this.transaction(options, (m) =>
      debitRun(m, { userId, runId, actionType, items, total, at: this.clock() }),
    );
  }

  /**
   * Creates a run's record and charges it, atomically: the balance row is locked and lowered only
   * when it pays for the run, the run row and its ledger entries are written only then. Unlimited
   * plans are recorded (a grant for the total, then the debits) and never refused. Throws
   * InsufficientCreditsError, and writes nothing, when the balance is short. Runs that start
   * together share one statement (new-run-charges.ts), each charged as if alone, in turn.
   */
  async chargeNewRun(run: NewRun, items: readonly DebitItem[]): Promise<DebitResult> {
    return this.newRuns.charge(run, items, this.clock());
  }

  /**
   * Gives back exactly what the run took from the balance, once: a second call (even a concurrent
   * one) returns 0 and changes nothing, as does a run that was never charged. Returns the credits
   * put back (0 for a run an unlimited plan covered).
   */
  async refund(runId: string, options: InTransaction = {}): Promise<number> {
    return (await this.refundKeeping(runId, [], options)).refunded;
  }

  /**
   * `refund`, keeping the charges of blocks that overran their time (one `KeptCharge` per overrun
   * block run; per block type, no more than the run was charged for it): those debits stay charged
   * and shown in history and stats, the rest is given back. Answers what was refunded and kept.
   */
  async refundKeeping(
    runId: string,
    keep: readonly KeptCharge[],
    options: InTransaction = {},
  ): Promise<RefundResult> {
    requireUuid(runId, 'runId');
    const { items } = validateItems(keep);
    return this.transaction(options, (m) => refundRun(m, runId, items, this.clock()));
  }

  /**
   * What the user was charged for, newest first, in the spec's history shape. Usage only: grants
   * and refunds are left out, and so is each debit its refund gave back (a charge a failed run kept
   * stays). `limit` 0..200 (0 gives []); `cursor` is the
   * `_id` of the last entry of the page before (keyset: created_at, id).
   */
  async history(
    userId: string,
    limit: number = DEFAULT_HISTORY_LIMIT,
    cursor?: string | null,
  ): Promise<CreditHistoryEntry[]> {
    requireUuid(userId, 'userId');
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_HISTORY_LIMIT) {
      throw new InputError(`limit must be a whole number from 0 to ${MAX_HISTORY_LIMIT}.`);
    }
    if (limit === 0) return [];
    return this.historyRows(userId, limit, cursor ?? null);
  }

  /** A page of `history` and the cursor of the next one (null when it is the last). */
  async historyPage(
    userId: string,
    limit: number = DEFAULT_HISTORY_LIMIT,
    cursor?: string | null,
  ): Promise<{ entries: CreditHistoryEntry[]; nextCursor: string | null }> {
    requireUuid(userId, 'userId');
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_LIMIT) {
      throw new InputError(`limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}.`);
    }
    const entries = await this.historyRows(userId, limit + 1, cursor ?? null);
    const more = entries.length > limit;
    const page = more ? entries.slice(0, limit) : entries;
    return { entries: page, nextCursor: more ? page.at(-1)!._id : null };
  }

  private historyRows(userId: string, limit: number, cursor: string | null): Promise<CreditHistoryEntry[]> {
    return usageHistory(this.dataSource.manager, userId, limit, cursor);
  }

  /**
   * Credits used and runs charged, both net of refunds: a run refunded whole counts for neither, a
   * failed run that kept a charge counts with what it kept.
   */
  async stats(userId: string): Promise<CreditStats> {
    requireUuid(userId, 'userId');
    return usageStats(this.dataSource.manager, userId);
  }

  /** Whether the balance covers one run of `blockType` (a key of the costs map). */
  async check(
    userId: string,
    blockType: string,
    costs: Readonly<Record<string, number>>,
  ): Promise<CreditCheck> {
    const cost = blockCost(costs, blockType);
    const { plan, balance } = await planAndBalance(this.dataSource.manager, userId);
    const unlimited = isUnlimitedPlan(plan);
    return { allowed: unlimited || balance >= cost, cost, balance, unlimited };
  }

  /** The ledger's invariant, for tests and audits: the sum of the user's deltas is the balance. */
  async audit(userId: string): Promise<LedgerAudit> {
    requireUuid(userId, 'userId');
    const [row] = await rows(
      this.dataSource.manager,
      `SELECT (SELECT balance FROM credit_balances WHERE user_id = $1) AS balance,
              (SELECT COALESCE(SUM(delta), 0)::int FROM credit_ledger WHERE user_id = $1) AS total`,
      [userId],
    );
    const balance = Number(row?.balance ?? 0);
    const ledgerTotal = Number(row?.total ?? 0);
    return { balance, ledgerTotal, consistent: balance === ledgerTotal };
  }

  private transaction<T>(options: InTransaction, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return options.manager ? options.manager.transaction(work) : this.dataSource.transaction(work);
  }
}
