import { randomUUID } from 'node:crypto';
import { PAYOUT_THRESHOLD_CREDITS } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { ConflictError, UnavailableError } from '../../errors';
import { EarningsService } from './earnings-service';
import { PAYOUTS_NOT_CONFIGURED } from './payouts';
import { StripeConnect } from './stripe-connect';
import { FakeStripeConnect } from '../../testing/fake-stripe-connect';

const PUBLIC_URL = 'http://shop.example.com';

describe.each(databaseTargets)('Payouts through Stripe Connect on %s', (_name, databaseUrl) => {
  let db: Database;
  let stripe: FakeStripeConnect;
  let earnings: EarningsService;
  const apps = {
    get: async () => ({}) as never,
    storeChanged: () => undefined,
    onStoreChanged: () => undefined,
  };

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    stripe = new FakeStripeConnect();
    const url = await stripe.start();
    earnings = new EarningsService({
      dataSource: db.dataSource,
      apps,
      connect: new StripeConnect('sk_test_connect', url),
      publicUrl: PUBLIC_URL,
      log: () => undefined,
    });
  });

  afterAll(async () => {
    await stripe.stop();
    await db.close();
  });

  async function creator(): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan: 'starter' });
    return id;
  }

  /**
   * Earnings as successful runs leave them (an `earning` entry and the balance, as the success
   * statement writes them); the runs themselves are covered in earnings-service.test.ts.
   */
  async function earned(userId: string, credits: number): Promise<void> {
    await db.dataSource.query(
      `INSERT INTO earnings_entries (id, user_id, kind, credits, run_id) VALUES ($1, $2, 'earning', $3, $4)`,
      [randomUUID(), userId, credits, randomUUID()],
    );
    await db.dataSource.query(
      `INSERT INTO earnings_balances AS b (user_id, balance) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET balance = b.balance + EXCLUDED.balance`,
      [userId, credits],
    );
  }

  /** A creator whose Express account Stripe has enabled. */
  async function onboarded(): Promise<{ userId: string; accountId: string }> {
    const userId = await creator();
    await earnings.onboardingLink(userId);
    const [row] = (await db.dataSource.query(
      'SELECT stripe_account_id FROM payout_accounts WHERE user_id = $1',
      [userId],
    )) as { stripe_account_id: string }[];
    stripe.enable(row!.stripe_account_id);
    await earnings.refreshPayoutAccount(userId);
    return { userId, accountId: row!.stripe_account_id };
  }

  it('makes one Express account however often onboarding is asked for, and links to its form', async () => {
    const userId = await creator();
    expect((await earnings.summary(userId)).payoutAccount).toMatchObject({
      configured: true,
      status: 'none',
    });
    const links = await Promise.all([1, 2, 3].map(() => earnings.onboardingLink(userId)));
    const created = stripe.seen.filter(
      (request) => request.path === '/v1/accounts' && request.method === 'POST',
    );
    const mine = created.filter((request) => request.form['metadata[userId]'] === userId);
    expect(new Set(mine.map((request) => request.idempotencyKey))).toEqual(
      new Set([`connect-account-${userId}`]),
    );
    expect(mine[0]!.form).toMatchObject({
      type: 'express',
      email: `${userId}@example.com`,
      'capabilities[transfers][requested]': 'true',
    });
    expect(mine[0]!.authorization).toBe('Bearer sk_test_connect');
    const accounts = [...stripe.accounts.values()].filter((account) => account.userId === userId);
    expect(accounts).toHaveLength(1);
    for (const link of links)
      expect(link).toMatch(new RegExp(`^https://connect.stripe.com/setup/e/${accounts[0]!.id}/`));
    const linkRequest = stripe.seen.findLast((request) => request.path === '/v1/account_links')!;
    expect(linkRequest.form).toMatchObject({
      account: accounts[0]!.id,
      type: 'account_onboarding',
      refresh_url: `${PUBLIC_URL}/earnings?payouts=refresh`,
      return_url: `${PUBLIC_URL}/earnings?payouts=return`,
    });

    // Until Stripe enables the account it is onboarding; then enabled.
    expect(await earnings.refreshPayoutAccount(userId)).toMatchObject({
      status: 'onboarding',
      canPayOut: false,
    });
    stripe.enable(accounts[0]!.id);
    expect(await earnings.refreshPayoutAccount(userId)).toMatchObject({
      status: 'enabled',
      canPayOut: false,
    });
  });

  it('refuses a payout before the account is enabled and under the threshold, and takes nothing', async () => {
    const fresh = await creator();
    await earned(fresh, 500);
    await expect(earnings.payOut(fresh)).rejects.toThrow(
      new ConflictError('Set up payouts with Stripe first.'),
    );
    await earnings.onboardingLink(fresh);
    await expect(earnings.payOut(fresh)).rejects.toThrow(/finish setting up payouts first/);

    const { userId } = await onboarded();
    await earned(userId, PAYOUT_THRESHOLD_CREDITS - 1);
    await expect(earnings.payOut(userId)).rejects.toThrow(
      'Payouts start at 250 credits ($10.00); you have earned 249 credits ($9.96) not paid out yet.',
    );
    expect(await earnings.audit(userId)).toEqual({ balance: 249, ledgerTotal: 249, consistent: true });
  });

  it('pays the whole balance once it reaches the threshold, as one transfer with the payout as its key', async () => {
    const { userId, accountId } = await onboarded();
    await earned(userId, 200);
    await earned(userId, 75);
    expect((await earnings.summary(userId)).payoutAccount.canPayOut).toBe(true);
    const payout = await earnings.payOut(userId);
    expect(payout).toMatchObject({
      credits: 275,
      amountCents: 1100,
      currency: 'usd',
      status: 'paid',
      error: null,
    });
    const transfer = stripe.transfers.find((candidate) => candidate.metadata.payoutId === payout.id)!;
    expect(transfer).toMatchObject({ amount: 1100, currency: 'usd', destination: accountId });
    const request = stripe.seen.findLast((candidate) => candidate.path === '/v1/transfers')!;
    expect(request.idempotencyKey).toBe(`payout-${payout.id}`);
    const summary = await earnings.summary(userId);
    expect(summary).toMatchObject({ balance: 0, total: 275, paidOut: 275 });
    expect(summary.payouts).toMatchObject([{ id: payout.id, status: 'paid' }]);
    expect(await earnings.audit(userId)).toEqual({ balance: 0, ledgerTotal: 0, consistent: true });
  });

  it('pays once when asked twice at the same moment', async () => {
    const { userId } = await onboarded();
    await earned(userId, 300);
    const before = stripe.transfers.length;
    const outcomes = await Promise.allSettled([earnings.payOut(userId), earnings.payOut(userId)]);
    const paid = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConflictError);
    }
    expect(stripe.transfers.length - before).toBe(1);
    expect((await earnings.summary(userId)).paidOut).toBe(300);
  });

  it('keeps a payout whose answer was lost pending, and sends it again under the same key: paid once', async () => {
    const { userId } = await onboarded();
    await earned(userId, 260);
    const before = stripe.transfers.length;
    // The client tries twice; both answers are lost.
    stripe.loseTransferAnswers = 2;
    await expect(earnings.payOut(userId)).rejects.toBeInstanceOf(UnavailableError);
    const pending = (await earnings.summary(userId)).payouts[0]!;
    expect(pending).toMatchObject({ status: 'pending', credits: 260 });
    expect((await earnings.summary(userId)).balance).toBe(0);
    // Sent again (by the person or the scheduled work): Stripe answers the transfer it made.
    const sent = await earnings.payOut(userId);
    expect(sent).toMatchObject({ id: pending.id, status: 'paid' });
    expect(stripe.transfers.length - before).toBe(1);
    const keys = stripe.seen
      .filter(
        (request) => request.path === '/v1/transfers' && request.idempotencyKey === `payout-${pending.id}`,
      )
      .map((request) => request.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(await earnings.audit(userId)).toEqual({ balance: 0, ledgerTotal: 0, consistent: true });
  });

  it('gives the credits back when Stripe refuses the transfer', async () => {
    const { userId } = await onboarded();
    await earned(userId, 250);
    stripe.refuseTransfers = 'You have insufficient available funds in your Stripe account.';
    try {
      const failed = await earnings.payOut(userId);
      expect(failed).toMatchObject({
        status: 'failed',
        error: 'You have insufficient available funds in your Stripe account.',
      });
    } finally {
      stripe.refuseTransfers = null;
    }
    expect(await earnings.audit(userId)).toEqual({ balance: 250, ledgerTotal: 250, consistent: true });
    expect((await earnings.payOut(userId)).status).toBe('paid');
    expect((await earnings.summary(userId)).paidOut).toBe(250);
  });

  it('pays every creator whose balance reached the threshold from the scheduled work', async () => {
    const due = await onboarded();
    const under = await onboarded();
    await earned(due.userId, 400);
    await earned(under.userId, 10);
    expect(await earnings.payouts.payDue()).toBeGreaterThanOrEqual(1);
    expect((await earnings.summary(due.userId)).paidOut).toBe(400);
    expect((await earnings.summary(under.userId)).balance).toBe(10);
  });
});

describe('Payouts on a server without Stripe', () => {
  let db: Database;
  let earnings: EarningsService;

  beforeAll(async () => {
    db = await openTestDatabase(undefined);
    earnings = new EarningsService({
      dataSource: db.dataSource,
      apps: {
        get: async () => ({}) as never,
        storeChanged: () => undefined,
        onStoreChanged: () => undefined,
      },
      connect: null,
      publicUrl: PUBLIC_URL,
    });
  });

  afterAll(() => db.close());

  it('says payouts are not configured and keeps the balance', async () => {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan: 'starter' });
    await db.dataSource.query(`INSERT INTO earnings_balances (user_id, balance) VALUES ($1, 300)`, [id]);
    await db.dataSource.query(
      `INSERT INTO earnings_entries (id, user_id, kind, credits) VALUES ($1, $2, 'earning', 300)`,
      [randomUUID(), id],
    );
    expect((await earnings.summary(id)).payoutAccount).toEqual({
      configured: false,
      status: 'none',
      threshold: 250,
      creditValueCents: 4,
      canPayOut: false,
    });
    await expect(earnings.onboardingLink(id)).rejects.toThrow(new UnavailableError(PAYOUTS_NOT_CONFIGURED));
    await expect(earnings.payOut(id)).rejects.toThrow(PAYOUTS_NOT_CONFIGURED);
    expect(await earnings.payouts.payDue()).toBe(0);
    expect(await earnings.audit(id)).toEqual({ balance: 300, ledgerTotal: 300, consistent: true });
  });
});
