import type PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { AccountService } from './accounts';
import type { BillingService } from './billing/billing-service';
import type { CreditLedger } from './credits';
import type { RunHistoryService } from './run-history/run-history-service';
import { pruneExpiredOAuthModels } from '../oauth/oauth-adapter';

/** The pg-boss queue of the periodic work. */
export const SCHEDULED_WORK_QUEUE = 'scheduled-work';

export interface ScheduledWorkResult {
  /** Cancelled subscriptions whose paid period ended, back on Free. */
  plansExpired: number;
  /** Users given this month's credits. */
  creditsGranted: number;
  pruned: { sessions: number; resetTokens: number; signInAttempts: number };
  /** Runs deleted because they ended more than RUN_RETENTION_DAYS ago. */
  runsDeleted: number;
  /** Creators' earnings paid out (balances that reached the threshold, payouts sent again). */
  payoutsSent: number;
}

/**
 * The product's periodic work: ending plans whose paid period is over, then the monthly credit
 * grant for every plan, then deleting expired sessions and reset links, and runs (with their
 * steps and kept output files) older than RUN_RETENTION_DAYS, then paying out creators' earnings
 * that reached the threshold (a payout is sent under its own idempotency key, never twice). Every
 * step is idempotent in the database (the grant is one row per user and month under a unique
 * index), so any number of processes may run it at once without double grants.
 */
export class ScheduledWork {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ScheduledWorkResult | null> | null = null;

  constructor(
    private readonly deps: {
      billing: BillingService;
      ledger: CreditLedger;
      accounts: AccountService;
      dataSource: DataSource;
      /** Deletes runs past the retention period; without it runs are kept. */
      runHistory?: Pick<RunHistoryService, 'prune'>;
      /** RUN_RETENTION_DAYS (default 30). */
      runRetentionDays?: number;
      /** Pays creators whose earnings reached the threshold; without it nothing is paid out. */
      earnings?: { payDue(): Promise<number> };
      log?: (message: string) => void;
    },
  ) {}

  /** One pass over every step. A pass already under way is joined, not doubled. */
  runOnce(): Promise<ScheduledWorkResult | null> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  /** Runs a pass now and then every `intervalMs`; the timer never keeps the process alive. */
  start(intervalMs: number): void {
    if (this.timer) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
  }

  /**
   * With processes sharing PostgreSQL: the work is a pg-boss job on a cron schedule (every
   * `intervalMs`, rounded to whole minutes), so each pass runs on one process only. A pass is also
   * queued at start-up, once per minute however many processes start together.
   */
  async startOnQueue(boss: PgBoss, intervalMs: number): Promise<void> {
    const minutes = Math.max(1, Math.min(59, Math.round(intervalMs / 60_000)));
    await boss.createQueue(SCHEDULED_WORK_QUEUE, {
      name: SCHEDULED_WORK_QUEUE,
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: 600,
    });
    await boss.work(SCHEDULED_WORK_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      const result = await this.runOnce();
      if (!result) throw new Error('Scheduled work failed; pg-boss will retry it.');
      return result;
    });
    await boss.schedule(SCHEDULED_WORK_QUEUE, `*/${minutes} * * * *`);
    await boss.send(SCHEDULED_WORK_QUEUE, {}, { singletonKey: 'start-up', singletonSeconds: 60 });
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async pass(): Promise<ScheduledWorkResult | null> {
    try {
      const plansExpired = await this.deps.billing.expireEndedPlans();
      const { granted } = await this.deps.ledger.grantMonthlyToAll();
      const pruned = await this.deps.accounts.pruneExpired();
      // Progress of runs finished over an hour ago is no longer watched (the run record keeps the outcome).
      await this.deps.dataSource.query(
        `DELETE FROM run_events e USING runs r
          WHERE e.run_id = r.id AND r.finished_at < now() - interval '1 hour'`,
      );
      // Expired OAuth codes, tokens and interactions, and lapsed allowance holds.
      await pruneExpiredOAuthModels(this.deps.dataSource);
      const runsDeleted = (await this.deps.runHistory?.prune(this.deps.runRetentionDays ?? 30)) ?? 0;
      const payoutsSent = (await this.deps.earnings?.payDue()) ?? 0;
      return { plansExpired, creditsGranted: granted, pruned, runsDeleted, payoutsSent };
    } catch (error) {
      const log = this.deps.log ?? ((message: string) => console.error(message));
      log(
        `Scheduled work failed and will be tried again: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
}
