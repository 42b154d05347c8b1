import { randomUUID } from 'node:crypto';
import {
  DEFAULT_HISTORY_LIMIT,
  PLANS,
  UNLIMITED,
  isPlanId,
  type ActionType,
  type CreditHistoryEntry,
  type CreditStats,
  type PlanId,
  type RunSource,
} from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { ConflictError, InputError, InsufficientCreditsError, NotFoundError } from '../../errors';
import { blockCost } from './block-cost';
import { refundRun, type KeptCharge, type RefundResult } from './credit-refund';
import { usageHistory, usageStats } from './credit-usage';
import { countAgainstEmbedCap, type EmbedCap } from './embed-cap';
import { creditPeriod, isCreditPeriod, type CreditPeriod } from './credit-period';
import { requireUuid, validateDebitRequest, validateItems, type DebitRequest } from './debit-request';
import { addToBalance, insertEntries, lockBalance, planAndBalance, rows, updated } from './ledger-queries';

export const MAX_HISTORY_LIMIT = 200;

export interface CreditSummary {
  balance: number;
  /** The user's plan has unlimited credits (enterprise): runs are recorded, never refused. */
  unlimited: boolean;
}

export interface GrantResult {
  period: CreditPeriod;
  /** False when this period was granted before, or the plan is unlimited. */
  granted: boolean;
  /** Credits this call added (0 when the balance already held the plan's amount). */
  credits: number;
  balance: number;
}

export interface DebitResult {
  /** Credits taken from the balance (0 for an unlimited plan). */
  charged: number;
  balance: number;
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

function plural(credits: number): string {
  return credits === 1 ? '1 credit' : `${credits} credits`;
}

/** The refusal of a run the balance does not pay for. */
function notEnoughCredits(required: number, balance: number): InsufficientCreditsError {
  return new InsufficientCreditsError(
    `This run costs ${plural(required)} and you have ${balance}. ` +
      'Upgrade your plan or wait for your monthly credits.',
    { required, balance },
  );
}

/** A run record to create with its charge. */
export interface NewRun {
  id: string;
  appId: string;
  userId: string;
  actionType: ActionType;
  inputs: Record<string, unknown>;
  /** The process that executes it at once (its GatewayProcess id); absent when it is queued. */
  executor?: string | null;
  /** Where it was started from (default: builder for a test run, else store). */
  source?: RunSource;
  /** Its app's owner may see the inputs and outputs of this run by someone else. */
  detailsShared?: boolean;
  /** Started by a visitor who was not signed in, on the owner's credits (`userId` pays). */
  visitor?: boolean;
  /** The app's version it runs (an AppVersion id), when known. */
  versionId?: string | null;
  /**
   * The embed cap every charge of the run counts against (a visitor's run on the owner's credits):
   * its first charge is counted with it, or the run is refused (EmbedCapReachedError).
   */
  embedCap?: EmbedCap | null;
}

const PLAN_IDS = Object.keys(PLANS) as PlanId[];

const INSERT_RUN_SQL = `INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs, executor,
    source, details_shared, visitor, version_id, embed_period)
  VALUES ($1, $2, $3, $4, 'running', $5, $6::jsonb, $7, $8, $9, $10, $11, $12)`;

function runParameters(run: NewRun, cost: number): unknown[] {
  return [
    run.id,
    run.appId,
    run.userId,
    run.actionType,
    cost,
    JSON.stringify(run.inputs),
    run.executor ?? null,
    run.source ?? (run.actionType === 'test_execution' ? 'builder' : 'store'),
    run.detailsShared ?? false,
    run.visitor ?? false,
    run.versionId ?? null,
    run.embedCap?.period ?? null,
  ];
}

/**
 * $1 run id, $2 app, $3 user, $4 action type, $5 cost, $6 inputs, $7 executor, $8 source, $9 details
 * shared, $10 visitor, $11 version, $12 embed period, $13 debit entries, $14 the grant an unlimited
 * plan adds, $15 unlimited plans, $16 time. Data-modifying CTEs see one snapshot; the
 * UPDATE locks the balance row and, under READ COMMITTED, re-checks `balance >= cost` on the row
 * a concurrent run left, so the balance never goes below zero.
 */
const CHARGE_NEW_RUN: PreparedStatement = {
  name: 'charge_new_run_v3',
  text: `
WITH who AS (
  SELECT plan, plan = ANY($15::text[]) AS unlimited FROM users WHERE id = $3
), taken AS (
  UPDATE credit_balances
     SET balance = balance - CASE WHEN (SELECT unlimited FROM who) THEN 0 ELSE $5 END, updated_at = $16
   WHERE user_id = $3 AND ((SELECT unlimited FROM who) OR balance >= $5)
  RETURNING balance
), run AS (
  INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs, executor, source,
                    details_shared, visitor, version_id, embed_period, created_at)
  SELECT $1, $2, $3, $4, 'running', $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $16 FROM taken
  RETURNING id
), entries AS (
  INSERT INTO credit_ledger (id, user_id, delta, kind, block_type, action_type, run_id, created_at)
  SELECT gen_random_uuid(), $3, e.delta, e.kind, e.block_type, e.action_type, run.id, $16
    FROM run,
         jsonb_to_recordset(
           CASE WHEN (SELECT unlimited FROM who) THEN $14::jsonb || $13::jsonb ELSE $13::jsonb END
         ) AS e(delta integer, kind text, block_type text, action_type text)
)
SELECT taken.balance, who.plan FROM taken, who`,
};

function isUnlimited(plan: PlanId): boolean {
  return PLANS[plan].monthlyCredits === UNLIMITED;
}

/**
 * Every movement of a user's credits, kept as a ledger (`credit_ledger`) beside a running balance
 * (`credit_balances`) that never goes below zero. Each write changes both in one transaction, so
 * the sum of a user's deltas is always their balance (`audit`).
 */
export class CreditLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: () => Date = () => new Date(),
  ) {}

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
    requireUuid(userId, 'userId');
    if (!isPlanId(plan)) throw new InputError('plan must be free, starter or enterprise.');
    const key = period ?? creditPeriod(this.clock());
    if (!isCreditPeriod(key)) throw new InputError('period must be a month written YYYY-MM.');
    return this.dataSource.transaction(async (m) => {
      const current = await lockBalance(m, userId);
      const nothing = { period: key, granted: false, credits: 0, balance: current };
      if (isUnlimited(plan)) return nothing;
      const credits = Math.max(0, PLANS[plan].monthlyCredits - current);
      const inserted = await rows(
        m,
        `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period, created_at)
         VALUES ($1, $2, $3, 'grant', $4, $5)
         ON CONFLICT (user_id, grant_period) WHERE kind = 'grant' DO NOTHING
         RETURNING id`,
        [randomUUID(), userId, credits, key, this.clock()],
      );
      if (inserted.length === 0) return nothing;
      const balance = credits > 0 ? await addToBalance(m, userId, credits) : current;
      return { period: key, granted: true, credits, balance };
    });
  }

  /**
   * The credits a plan bought mid-month brings at once, in the caller's transaction: tops the
   * balance up to the new plan's amount under the key `YYYY-MM+<plan>`, so at most once per user,
   * plan and month however often a payment is reported, and marks the month's regular grant as done
   * so the monthly job does not top up a second time. Unlimited plans get nothing.
   */
  async grantPlanChange(manager: EntityManager, userId: string, plan: PlanId): Promise<GrantResult> {
    requireUuid(userId, 'userId');
    const period = creditPeriod(this.clock());
    const current = await lockBalance(manager, userId);
    const nothing = { period, granted: false, credits: 0, balance: current };
    if (isUnlimited(plan)) return nothing;
    await manager.query(
      `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period, created_at)
       VALUES ($1, $2, 0, 'grant', $3, $4)
       ON CONFLICT (user_id, grant_period) WHERE kind = 'grant' DO NOTHING`,
      [randomUUID(), userId, period, this.clock()],
    );
    const credits = Math.max(0, PLANS[plan].monthlyCredits - current);
    const inserted = await rows(
      manager,
      `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period, created_at)
       VALUES ($1, $2, $3, 'grant', $4, $5)
       ON CONFLICT (user_id, grant_period) WHERE kind = 'grant' DO NOTHING
       RETURNING id`,
      [randomUUID(), userId, credits, `${period}+${plan}`, this.clock()],
    );
    if (inserted.length === 0) return nothing;
    const balance = credits > 0 ? await addToBalance(manager, userId, credits) : current;
    return { period, granted: true, credits, balance };
  }

  /**
   * The monthly job: `grantMonthly` for every user on their current plan, a page at a time.
   * Safe to re-run (each grant happens once). `initialize` also grants lazily on first use.
   */
  async grantMonthlyToAll(period?: CreditPeriod): Promise<{ users: number; granted: number }> {
    let users = 0;
    let granted = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await rows(
        this.dataSource.manager,
        'SELECT id, plan FROM users WHERE id > $1 ORDER BY id LIMIT 500',
        [after],
      );
      for (const user of page) {
        try {
          const result = await this.grantMonthly(String(user.id), user.plan as PlanId, period);
          users += 1;
          if (result.granted) granted += 1;
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error; // deleted since the page was read
        }
      }
      const last = page.at(-1);
      if (!last) return { users, granted };
      after = String(last.id);
    }
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
    return { balance, unlimited: isUnlimited(plan) };
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
    return this.transaction(options, async (m) => {
      const { plan, balance: before } = await planAndBalance(m, userId);
      const unlimited = isUnlimited(plan);
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
      const now = this.clock();
      if (unlimited) {
        // The plan covers the run: a grant for the run's total, so the balance does not move.
        await insertEntries(m, [
          { userId, delta: total, kind: 'grant', blockType: null, actionType: null, runId, at: now },
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
          at: now,
        })),
      );
      return { charged: unlimited ? 0 : total, balance, unlimited };
    });
  }

  /**
   * Creates a run's record and charges it, in one statement (one round trip, atomic): the balance
   * row is locked and lowered only when it pays for the run, the run row and its ledger entries are
   * written only then. Unlimited plans are recorded (a grant for the total, then the debits) and
   * never refused. Throws InsufficientCreditsError, and writes nothing, when the balance is short.
   */
  async chargeNewRun(
    run: NewRun,
    items: readonly { blockType: string; credits: number }[],
  ): Promise<DebitResult> {
    const { items: checked, total } = validateDebitRequest({
      userId: run.userId,
      runId: run.id,
      actionType: run.actionType,
      items: [...items],
    });
    if (total === 0) {
      await this.dataSource.query(INSERT_RUN_SQL, runParameters(run, 0));
      const { plan, balance } = await planAndBalance(this.dataSource.manager, run.userId);
      return { charged: 0, balance, unlimited: isUnlimited(plan) };
    }
    const entries = checked.map((item) => ({
      delta: -item.credits,
      kind: 'debit',
      block_type: item.blockType,
      action_type: run.actionType,
    }));
    const grant = { delta: total, kind: 'grant', block_type: null, action_type: null };
    const unlimitedPlans = PLAN_IDS.filter(isUnlimited);
    const parameters = () => [
      ...runParameters(run, total),
      JSON.stringify(entries),
      JSON.stringify([grant]),
      unlimitedPlans,
      this.clock(),
    ];
    if (run.embedCap) return this.chargeNewCappedRun(run, run.embedCap, total, parameters());
    const charge = async () =>
      queryPrepared<{ balance: number; plan: PlanId }[]>(this.dataSource, CHARGE_NEW_RUN, parameters());
    let [row] = await charge();
    if (!row) {
      const { plan, balance } = await planAndBalance(this.dataSource.manager, run.userId);
      if (isUnlimited(plan)) {
        // An unlimited plan without a balance row yet: create it, then charge.
        await this.transaction({}, (m) => lockBalance(m, run.userId));
        [row] = await charge();
      }
      if (!row) throw notEnoughCredits(total, balance);
    }
    const unlimited = isUnlimited(row.plan);
    return { charged: unlimited ? 0 : total, balance: Number(row.balance), unlimited };
  }

  /**
   * `chargeNewRun` for a run an embed cap covers, in one transaction: the cap counts the run's
   * charge first (its usage row locked before the balance, as when blocks are charged later), then
   * the same statement charges the balance; either refusal leaves nothing counted or charged.
   */
  private chargeNewCappedRun(
    run: NewRun,
    cap: EmbedCap,
    total: number,
    parameters: unknown[],
  ): Promise<DebitResult> {
    return this.dataSource.transaction(async (m) => {
      await countAgainstEmbedCap(m, cap, total);
      await lockBalance(m, run.userId); // an unlimited plan may have no balance row yet
      const [row] = (await m.query(CHARGE_NEW_RUN.text, parameters)) as { balance: number; plan: PlanId }[];
      if (!row) throw notEnoughCredits(total, (await planAndBalance(m, run.userId)).balance);
      const unlimited = isUnlimited(row.plan);
      return { charged: unlimited ? 0 : total, balance: Number(row.balance), unlimited };
    });
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
    const unlimited = isUnlimited(plan);
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
