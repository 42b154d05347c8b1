import {
  PLANS,
  cheapestPlanWith,
  creatorPriceProblem,
  effectiveCreatorPrice,
  entitlementMessage,
  isPlanId,
  planHas,
  type App,
  type PlanId,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { ForbiddenError, InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import { PUBLIC_READ_TTL_MS } from '../apps/public-reads';
import type { EarningsSummary, PayoutAccountView, PayoutView } from './earnings-views';
import { Payouts } from './payouts';
import type { ConnectApi } from './stripe-connect';

export const EARNINGS_DAYS = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;

type Row = Record<string, unknown>;

/** Apps whose prices are kept at most (all are dropped when there are more). */
const MAX_KEPT_PRICES = 10_000;

/** An app's creator price, owner and the owner's plan: read for every run that is priced. */
const APP_PRICE: PreparedStatement = {
  name: 'app_creator_price',
  text: 'SELECT a.creator_price, a.owner_id, u.plan FROM apps a JOIN users u ON u.id = a.owner_id WHERE a.id = $1',
};

export interface EarningsOptions {
  dataSource: DataSource;
  /** Reads and public views of apps; a price change refreshes what the store shows. */
  apps: {
    get(viewer: { userId: string | null; isAdmin: boolean }, id: string): Promise<App>;
    storeChanged(): void;
    onStoreChanged(listener: () => void): void;
  };
  /** Stripe Connect; null without STRIPE_SECRET_KEY (payouts are not configured, earnings are kept). */
  connect: ConnectApi | null;
  publicUrl: string;
  clock?: () => Date;
  log?: (message: string) => void;
}

function planOf(value: unknown): PlanId {
  return isPlanId(value) ? value : 'free';
}

/**
 * Creators earn: an owner on a plan with creator earnings (Starter and up) sets a price per run
 * of their app; a successful run by someone else pays it into the owner's earnings ledger
 * (`earnings_entries`, beside the `earnings_balances` running total), apart from their spendable
 * credits. The runner is charged the price with the run (and refunded with it); the earning is
 * written by the run's success itself (see services/runs/success-writer.ts), once per run. This
 * service sets prices, prices runs, reads earnings, and pays them out through Stripe Connect.
 */
export class EarningsService {
  readonly payouts: Payouts;
  /**
   * Apps' prices as runs read them, each for the store's shared-read window (a second): every run
   * of an app is priced, and the price, its owner and the owner's plan rarely change. Dropped at
   * once when this process changes what the store shows (a price, a plan, a suspension), so a
   * change made here applies to the very next run; one made through another process within the
   * window.
   */
  private readonly prices = new Map<string, { row: Row | null; until: number }>();

  constructor(private readonly options: EarningsOptions) {
    options.apps.onStoreChanged(() => this.prices.clear());
    this.payouts = new Payouts({
      dataSource: options.dataSource,
      connect: options.connect,
      publicUrl: options.publicUrl,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
  }

  /**
   * Sets the price other people's runs of the owner's app pay the owner (whole credits, 0 to 100).
   * A price above 0 needs a plan with creator earnings (403 naming the plan); 0 is always allowed.
   * Runs started after the change pay the new price.
   */
  async setPrice(ownerId: string, appId: string, creatorPrice: unknown): Promise<App> {
    const problem = creatorPriceProblem(creatorPrice);
    if (problem) throw new InputError(problem, { field: 'creatorPrice' });
    const price = creatorPrice as number;
    if (!isUuid(appId)) throw new NotFoundError('App not found.');
    // Someone else's app (or none) is not found, whatever the caller's plan.
    const [owned] = (await this.options.dataSource.query(
      'SELECT u.plan FROM apps a JOIN users u ON u.id = a.owner_id WHERE a.id = $1 AND a.owner_id = $2',
      [appId, ownerId],
    )) as Row[];
    if (!owned) throw new NotFoundError('App not found.');
    const plan = planOf(owned.plan);
    if (price > 0 && !planHas(PLANS[plan], 'monetization')) {
      throw new ForbiddenError(entitlementMessage(plan, 'monetization'));
    }
    const [changed] = (await this.options.dataSource.query(
      'UPDATE apps SET creator_price = $3 WHERE id = $1 AND owner_id = $2 RETURNING id',
      [appId, ownerId, price],
    )) as [Row[], number];
    if (changed.length === 0) throw new NotFoundError('App not found.');
    // Runners read the app through the shared public read: they see the new price at once here.
    this.options.apps.storeChanged();
    return this.options.apps.get({ userId: ownerId, isAdmin: false }, appId);
  }

  /**
   * What a run of the app started now by `runnerId` pays its owner: the price set, while the
   * owner's plan includes creator earnings; nothing for the owner's own runs and runs a visitor
   * starts on the owner's credits. A change of price or plan made here applies to the next run
   * (`prices`).
   */
  async priceFor(appId: string, runnerId: string, options: { visitor?: boolean } = {}): Promise<number> {
    if (options.visitor || !isUuid(appId)) return 0;
    const row = await this.priceRow(appId);
    if (!row || row.owner_id === runnerId) return 0;
    return effectiveCreatorPrice(Number(row.creator_price), planOf(row.plan));
  }

  private async priceRow(appId: string): Promise<Row | null> {
    const kept = this.prices.get(appId);
    if (kept && kept.until > performance.now()) return kept.row;
    const [row] = await queryPrepared<Row[]>(this.options.dataSource, APP_PRICE, [appId]);
    if (this.prices.size >= MAX_KEPT_PRICES) this.prices.clear();
    this.prices.set(appId, { row: row ?? null, until: performance.now() + PUBLIC_READ_TTL_MS });
    return row ?? null;
  }

  /** The earnings page: balance, per app, per day over the last `days` (7, 30 or 90), payouts. */
  async summary(userId: string, days: number = DEFAULT_DAYS): Promise<EarningsSummary> {
    if (!(EARNINGS_DAYS as readonly number[]).includes(days)) {
      throw new InputError(`days must be one of ${EARNINGS_DAYS.join(', ')}.`, { field: 'days' });
    }
    const { dataSource } = this.options;
    const since = new Date(this.now().getTime() - (days - 1) * 86_400_000);
    since.setUTCHours(0, 0, 0, 0);
    const [totals, user, apps, byDay, payouts] = await Promise.all([
      this.totals(userId),
      dataSource.query('SELECT plan FROM users WHERE id = $1', [userId]) as Promise<Row[]>,
      dataSource.query(
        `SELECT a.id, a.name, a.slug, a.is_published, a.creator_price,
                COALESCE(e.credits, 0)::int AS credits, COALESCE(e.runs, 0)::int AS runs
           FROM apps a
           LEFT JOIN (SELECT app_id, SUM(credits) AS credits, COUNT(*) AS runs FROM earnings_entries
                       WHERE user_id = $1 AND kind = 'earning' GROUP BY app_id) e ON e.app_id = a.id
          WHERE a.owner_id = $1 AND (a.is_published OR a.creator_price > 0 OR e.credits IS NOT NULL)
         UNION ALL
         SELECT NULL, '', NULL, false, 0, SUM(credits)::int, COUNT(*)::int FROM earnings_entries
          WHERE user_id = $1 AND kind = 'earning' AND app_id IS NULL HAVING COUNT(*) > 0
          ORDER BY credits DESC, name`,
        [userId],
      ) as Promise<Row[]>,
      dataSource.query(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, app_id, SUM(credits)::int AS credits
           FROM earnings_entries WHERE user_id = $1 AND kind = 'earning' AND created_at >= $2
          GROUP BY 1, 2 ORDER BY 1, 2`,
        [userId, since],
      ) as Promise<Row[]>,
      this.payouts.list(userId),
    ]);
    if (!user[0]) throw new NotFoundError('This account does not exist.');
    const plan = planOf(user[0].plan);
    return {
      ...totals,
      monetization: planHas(PLANS[plan], 'monetization'),
      requiredPlan: cheapestPlanWith('monetization').name,
      days,
      byApp: apps.map((row) => ({
        appId: (row.id as string | null) ?? null,
        name: String(row.name ?? ''),
        slug: (row.slug as string | null) ?? null,
        isPublished: row.is_published === true,
        creatorPrice: Number(row.creator_price ?? 0),
        credits: Number(row.credits ?? 0),
        runs: Number(row.runs ?? 0),
      })),
      byDay: byDay.map((row) => ({
        date: String(row.date),
        appId: (row.app_id as string | null) ?? null,
        credits: Number(row.credits),
      })),
      payouts,
      payoutAccount: await this.payouts.account(userId, totals.balance),
    };
  }

  /** Balance, everything earned and everything paid out, for an admin's look at an account. */
  async summaryFor(userId: string): Promise<{ balance: number; total: number; paidOut: number }> {
    return this.totals(userId);
  }

  /** Stripe's onboarding link for the creator's Express account (made on first use). */
  onboardingLink(userId: string): Promise<string> {
    return this.payouts.onboardingLink(userId);
  }

  /** Asks Stripe where the creator's account stands (after onboarding), and answers it. */
  async refreshPayoutAccount(userId: string): Promise<PayoutAccountView> {
    return this.payouts.refreshAccount(userId, (await this.totals(userId)).balance);
  }

  /** Pays the balance out once it reached the threshold. */
  payOut(userId: string): Promise<PayoutView> {
    return this.payouts.payOut(userId);
  }

  /** The earnings ledger's invariant, for tests and audits: the entries sum to the balance. */
  async audit(userId: string): Promise<{ balance: number; ledgerTotal: number; consistent: boolean }> {
    const [row] = (await this.options.dataSource.query(
      `SELECT (SELECT balance FROM earnings_balances WHERE user_id = $1) AS balance,
              (SELECT COALESCE(SUM(credits), 0)::int FROM earnings_entries WHERE user_id = $1) AS total`,
      [userId],
    )) as Row[];
    const balance = Number(row?.balance ?? 0);
    const ledgerTotal = Number(row?.total ?? 0);
    return { balance, ledgerTotal, consistent: balance === ledgerTotal };
  }

  private async totals(userId: string): Promise<{ balance: number; total: number; paidOut: number }> {
    const [row] = (await this.options.dataSource.query(
      `SELECT (SELECT balance FROM earnings_balances WHERE user_id = $1) AS balance,
              (SELECT COALESCE(SUM(credits), 0)::int FROM earnings_entries
                WHERE user_id = $1 AND kind = 'earning') AS total,
              (SELECT COALESCE(SUM(credits), 0)::int FROM payouts
                WHERE user_id = $1 AND status = 'paid') AS paid_out`,
      [userId],
    )) as Row[];
    return {
      balance: Number(row?.balance ?? 0),
      total: Number(row?.total ?? 0),
      paidOut: Number(row?.paid_out ?? 0),
    };
  }

  private now(): Date {
    return (this.options.clock ?? (() => new Date()))();
  }
}
