import { randomUUID } from 'node:crypto';
import { CREDIT_PAYOUT_CENTS, PAYOUT_THRESHOLD_CREDITS, formatPayout } from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { ConflictError, NotFoundError, UnavailableError } from '../../errors';
import { toPayoutView, type PayoutAccountView, type PayoutView } from './earnings-views';
import { isRefusal, type ConnectApi } from './stripe-connect';
import { creditWords } from '../credits/credit-words';

/** What payouts answer on a server without STRIPE_SECRET_KEY (the earnings page says it too). */
export const PAYOUTS_NOT_CONFIGURED =
  'Payouts are not configured on this server. Your earnings are kept until they are.';

type Row = Record<string, unknown>;

export interface PayoutsOptions {
  dataSource: DataSource;
  /** Stripe Connect; null without STRIPE_SECRET_KEY. */
  connect: ConnectApi | null;
  /** Where Stripe's onboarding sends the creator back to. */
  publicUrl: string;
  clock?: () => Date;
  log?: (message: string) => void;
}

/**
 * Payouts of earnings through Stripe Connect Express accounts: the creator is sent to Stripe's
 * onboarding, Stripe says when the account can be paid, and earnings that reached the threshold
 * are sent as one transfer. A payout is written (and its credits taken from the balance) before
 * Stripe is asked, with its id as the transfer's idempotency key: when Stripe's answer is lost the
 * payout stays pending and is sent again with the same key, so it is never paid twice; when Stripe
 * refuses it, it fails and its credits come back.
 */
export class Payouts {
  private readonly clock: () => Date;

  constructor(private readonly options: PayoutsOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  get configured(): boolean {
    return this.options.connect !== null;
  }

  /** Where payouts stand for the creator, from what Stripe last said (see `refreshAccount`). */
  async account(userId: string, balance: number): Promise<PayoutAccountView> {
    const [row] = (await this.options.dataSource.query(
      'SELECT payouts_enabled FROM payout_accounts WHERE user_id = $1',
      [userId],
    )) as Row[];
    const status = !row ? 'none' : row.payouts_enabled === true ? 'enabled' : 'onboarding';
    return {
      configured: this.configured,
      status,
      threshold: PAYOUT_THRESHOLD_CREDITS,
      creditValueCents: CREDIT_PAYOUT_CENTS,
      canPayOut: this.configured && status === 'enabled' && balance >= PAYOUT_THRESHOLD_CREDITS,
    };
  }

  /**
   * A link to Stripe's onboarding form for the creator's Express account, made the first time
   * (the account's idempotency key is the creator's id, so two clicks at once make one account).
   */
  async onboardingLink(userId: string): Promise<string> {
    const connect = this.requireConnect();
    const accountId = await this.accountIdFor(userId, connect);
    const base = this.options.publicUrl.replace(/\/+$/, '');
    return connect.onboardingLink(accountId, {
      refreshUrl: `${base}/earnings?payouts=refresh`,
      returnUrl: `${base}/earnings?payouts=return`,
    });
  }

  /** Asks Stripe whether the creator's account can be paid now, and keeps the answer. */
  async refreshAccount(userId: string, balance: number): Promise<PayoutAccountView> {
    const connect = this.requireConnect();
    const [row] = (await this.options.dataSource.query(
      'SELECT stripe_account_id FROM payout_accounts WHERE user_id = $1',
      [userId],
    )) as Row[];
    if (row) {
      const status = await connect.account(String(row.stripe_account_id));
      await this.options.dataSource.query(
        `UPDATE payout_accounts SET details_submitted = $2, payouts_enabled = $3, updated_at = $4
          WHERE user_id = $1`,
        [userId, status.detailsSubmitted, status.payoutsEnabled, this.clock()],
      );
    }
    return this.account(userId, balance);
  }

  /**
   * Pays the whole balance out once it reaches the threshold (or sends again a payout whose answer
   * was lost). Refused while payouts are not set up, the account cannot be paid yet, or the
   * balance is under the threshold.
   */
  async payOut(userId: string): Promise<PayoutView> {
    const connect = this.requireConnect();
    const pending = await this.pendingPayout(userId);
    if (pending) return this.send(connect, pending);
    let [account] = (await this.options.dataSource.query(
      'SELECT stripe_account_id, payouts_enabled FROM payout_accounts WHERE user_id = $1',
      [userId],
    )) as Row[];
    if (!account) throw new ConflictError('Set up payouts with Stripe first.');
    if (account.payouts_enabled !== true) {
      await this.refreshAccount(userId, 0);
      [account] = (await this.options.dataSource.query(
        'SELECT stripe_account_id, payouts_enabled FROM payout_accounts WHERE user_id = $1',
        [userId],
      )) as Row[];
      if (account?.payouts_enabled !== true) {
        throw new ConflictError(
          'Stripe cannot pay out to your account yet: finish setting up payouts first.',
        );
      }
    }
    const payout = await this.reserve(userId, String(account.stripe_account_id));
    return this.send(connect, payout);
  }

  /**
   * Scheduled work: pays out every creator whose account can be paid and whose balance reached
   * the threshold, and sends again payouts whose answer was lost. Returns the payouts sent.
   */
  async payDue(): Promise<number> {
    if (!this.options.connect) return 0;
    const due = (await this.options.dataSource.query(
      `SELECT a.user_id FROM payout_accounts a JOIN earnings_balances b ON b.user_id = a.user_id
        WHERE a.payouts_enabled AND b.balance >= $1
       UNION
       SELECT user_id FROM payouts WHERE status = 'pending'`,
      [PAYOUT_THRESHOLD_CREDITS],
    )) as Row[];
    let sent = 0;
    for (const row of due) {
      try {
        const payout = await this.payOut(String(row.user_id));
        if (payout.status === 'paid') sent += 1;
      } catch (error) {
        this.log(`Payout for ${String(row.user_id)} not sent: ${(error as Error).message}`);
      }
    }
    return sent;
  }

  /** The creator's payouts, newest first. */
  async list(userId: string, limit = 20): Promise<PayoutView[]> {
    const rows = (await this.options.dataSource.query(
      'SELECT * FROM payouts WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
      [userId, limit],
    )) as Row[];
    return rows.map(toPayoutView);
  }

  private requireConnect(): ConnectApi {
    if (!this.options.connect) throw new UnavailableError(PAYOUTS_NOT_CONFIGURED);
    return this.options.connect;
  }

  /** The creator's Express account id, creating the account (once) when there is none. */
  private async accountIdFor(userId: string, connect: ConnectApi): Promise<string> {
    const [known] = (await this.options.dataSource.query(
      'SELECT stripe_account_id FROM payout_accounts WHERE user_id = $1',
      [userId],
    )) as Row[];
    if (known) return String(known.stripe_account_id);
    const [user] = (await this.options.dataSource.query('SELECT email FROM users WHERE id = $1', [
      userId,
    ])) as Row[];
    if (!user) throw new NotFoundError('This account does not exist.');
    const accountId = await connect.createExpressAccount({
      userId,
      email: String(user.email),
      idempotencyKey: `connect-account-${userId}`,
    });
    // Two requests at once got the same account from Stripe; the first one stored is kept. Any
    // conflict, not only the user's: the account id is unique too, and a second insert racing the
    // first can meet it there first (on PostgreSQL that failed the request with a duplicate key).
    await this.options.dataSource.query(
      `INSERT INTO payout_accounts (user_id, stripe_account_id, created_at, updated_at)
       VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING`,
      [userId, accountId, this.clock()],
    );
    const [stored] = (await this.options.dataSource.query(
      'SELECT stripe_account_id FROM payout_accounts WHERE user_id = $1',
      [userId],
    )) as Row[];
    return String(stored!.stripe_account_id);
  }

  private async pendingPayout(userId: string): Promise<Row | null> {
    const [row] = (await this.options.dataSource.query(
      `SELECT * FROM payouts WHERE user_id = $1 AND status = 'pending'`,
      [userId],
    )) as Row[];
    return row ?? null;
  }

  /**
   * Takes the whole balance for a new payout, in one transaction: the balance row is locked, the
   * payout written, a `payout` entry takes its credits. Refused under the threshold.
   */
  private async reserve(userId: string, accountId: string): Promise<Row> {
    return this.options.dataSource.transaction(async (tx) => {
      const [row] = (await tx.query('SELECT balance FROM earnings_balances WHERE user_id = $1 FOR UPDATE', [
        userId,
      ])) as Row[];
      const balance = Number(row?.balance ?? 0);
      if (balance < PAYOUT_THRESHOLD_CREDITS) {
        throw new ConflictError(
          `Payouts start at ${creditWords(PAYOUT_THRESHOLD_CREDITS)} (${formatPayout(PAYOUT_THRESHOLD_CREDITS)}); you have earned ${creditWords(balance)} (${formatPayout(balance)}) not paid out yet.`,
        );
      }
      const id = randomUUID();
      const now = this.clock();
      const [payout] = (await tx.query(
        `INSERT INTO payouts (id, user_id, credits, amount_cents, currency, status, stripe_account_id, created_at)
         VALUES ($1, $2, $3, $4, 'usd', 'pending', $5, $6) RETURNING *`,
        [id, userId, balance, balance * CREDIT_PAYOUT_CENTS, accountId, now],
      )) as Row[];
      await this.move(tx, userId, 'payout', -balance, id, now);
      return payout!;
    });
  }

  /**
   * Sends a pending payout to Stripe (with its id as the idempotency key) and stores the outcome:
   * paid; or, when Stripe refuses it, failed with its credits given back. A lost answer leaves it
   * pending, to be sent again.
   */
  private async send(connect: ConnectApi, payout: Row): Promise<PayoutView> {
    const id = String(payout.id);
    const userId = String(payout.user_id);
    let transferId: string;
    try {
      transferId = await connect.transfer({
        payoutId: id,
        userId,
        accountId: String(payout.stripe_account_id),
        amountCents: Number(payout.amount_cents),
        currency: String(payout.currency),
      });
    } catch (error) {
      if (!isRefusal(error)) {
        this.log(`Payout ${id}: Stripe did not answer (${(error as Error).message}); it stays pending.`);
        throw new UnavailableError(
          'Stripe did not answer. Your payout is kept and will be sent again; nothing is paid twice.',
        );
      }
      return this.fail(id, userId, (error as Error).message);
    }
    const [paid] = (await this.options.dataSource.query(
      `UPDATE payouts SET status = 'paid', stripe_transfer_id = $2, finished_at = $3
        WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, transferId, this.clock()],
    )) as [Row[], number];
    const [row] =
      paid.length > 0
        ? paid
        : await this.options.dataSource.query('SELECT * FROM payouts WHERE id = $1', [id]);
    return toPayoutView(row as Row);
  }

  /** Stripe refused the payout: it fails and its credits come back, once. */
  private async fail(id: string, userId: string, reason: string): Promise<PayoutView> {
    return this.options.dataSource.transaction(async (tx) => {
      const now = this.clock();
      const [changed] = (await tx.query(
        `UPDATE payouts SET status = 'failed', error = $2, finished_at = $3
          WHERE id = $1 AND status = 'pending' RETURNING *`,
        [id, reason.slice(0, 500), now],
      )) as [Row[], number];
      const failed = changed[0];
      if (failed) {
        await tx.query('SELECT balance FROM earnings_balances WHERE user_id = $1 FOR UPDATE', [userId]);
        await this.move(tx, userId, 'payout_reversal', Number(failed.credits), id, now);
        return toPayoutView(failed);
      }
      const [row] = (await tx.query('SELECT * FROM payouts WHERE id = $1', [id])) as Row[];
      return toPayoutView(row!);
    });
  }

  /** One entry and the balance moved by it, in the caller's transaction. */
  private async move(
    tx: EntityManager,
    userId: string,
    kind: 'payout' | 'payout_reversal',
    delta: number,
    payoutId: string,
    at: Date,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO earnings_entries (id, user_id, kind, credits, payout_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), userId, kind, delta, payoutId, at],
    );
    await tx.query(
      `UPDATE earnings_balances SET balance = balance + $2, updated_at = $3 WHERE user_id = $1`,
      [userId, delta, at],
    );
  }

  private log(message: string): void {
    (this.options.log ?? ((line: string) => console.error(line)))(message);
  }
}
