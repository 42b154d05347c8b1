import type { AccountService } from './accounts';
import type { BillingService } from './billing/billing-service';
import type { CreditLedger } from './credits';

export interface ScheduledWorkResult {
  /** Cancelled subscriptions whose paid period ended, back on Free. */
  plansExpired: number;
  /** Users given this month's credits. */
  creditsGranted: number;
  pruned: { sessions: number; resetTokens: number; signInAttempts: number };
}

/**
 * The product's periodic work: ending plans whose paid period is over, then the monthly credit
 * grant for every plan, then deleting expired sessions and reset links. Every step is idempotent
 * in the database (the grant is one row per user and month under a unique index), so any number of
 * processes may run it at once without double grants.
 */
export class ScheduledWork {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ScheduledWorkResult | null> | null = null;

  constructor(
    private readonly deps: {
      billing: BillingService;
      ledger: CreditLedger;
      accounts: AccountService;
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
      return { plansExpired, creditsGranted: granted, pruned };
    } catch (error) {
      const log = this.deps.log ?? ((message: string) => console.error(message));
      log(
        `Scheduled work failed and will be tried again: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
}
