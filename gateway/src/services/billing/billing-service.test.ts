import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { Database } from '../../data/database';
import { User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { CreditLedger } from '../credits';
import { ScheduledWork } from '../scheduled-work';
import { AccountService, OutboxMailer } from '../accounts';
import { BillingService } from './billing-service';

const SECRET = 'whsec_unit';
const NOVEMBER = new Date('2026-11-20T12:00:00Z');

type Row = Record<string, unknown>;

function signed(id: string, userId: string): { body: Buffer; signature: string } {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: userId,
        metadata: { userId },
        customer: 'cus_unit',
        subscription: `sub_${id}`,
      },
    },
  });
  return {
    body: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
  };
}

describe.each(databaseTargets)('BillingService on %s', (_name, databaseUrl) => {
  let db: Database;
  let ledger: CreditLedger;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    ledger = new CreditLedger(db.dataSource, () => NOVEMBER);
  });

  afterAll(() => db.close());

  function billing(overrides: Partial<ConstructorParameters<typeof BillingService>[0]> = {}) {
    return new BillingService({
      dataSource: db.dataSource,
      secretKey: undefined,
      webhookSecret: SECRET,
      publicUrl: 'http://localhost:4000',
      ledger,
      clock: () => NOVEMBER,
      log: () => undefined,
      ...overrides,
    });
  }

  async function newUser(): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com` });
    await ledger.initialize(id, 'free');
    return id;
  }

  async function state(id: string) {
    const [user] = (await db.dataSource.query('SELECT plan FROM users WHERE id = $1', [id])) as {
      plan: string;
    }[];
    const events = (await db.dataSource.query('SELECT id FROM processed_webhook_events')) as { id: string }[];
    return { plan: user!.plan, balance: await ledger.balance(id), events: events.map((e) => e.id) };
  }

  it('commits the plan change, the credit grant and the event record together or not at all', async () => {
    const id = await newUser();
    const { body, signature } = signed('evt_atomic', id);
    const failingLedger = Object.create(ledger) as CreditLedger;
    failingLedger.grantPlanChange = async (manager, userId, plan) => {
      await ledger.grantPlanChange(manager, userId, plan); // the grant is written...
      throw new Error('connection lost'); // ...and then the transaction fails
    };
    await expect(billing({ ledger: failingLedger }).handleWebhook(body, signature)).rejects.toThrow(
      'connection lost',
    );
    expect(await state(id)).toEqual({ plan: 'free', balance: 50, events: [] });

    // Stripe retries: the same event now applies, once.
    expect(await billing().handleWebhook(body, signature)).toBe('upgraded');
    expect(await state(id)).toEqual({ plan: 'starter', balance: 500, events: ['evt_atomic'] });
    expect((await ledger.audit(id)).consistent).toBe(true);
  });

  it('marks a paid plan as paid: neither an admin’s earlier choice nor the default holds it any more', async () => {
    const id = await newUser();
    await db.dataSource.query(`UPDATE users SET plan_set_by = 'admin' WHERE id = $1`, [id]);
    const { body, signature } = signed('evt_paid_mark', id);
    expect(await billing().handleWebhook(body, signature)).toBe('upgraded');
    const [user] = (await db.dataSource.query('SELECT plan, plan_set_by FROM users WHERE id = $1', [
      id,
    ])) as Row[];
    expect(user).toEqual({ plan: 'starter', plan_set_by: null });
  });

  it('returns an ended paid plan to DEFAULT_PLAN, not below it', async () => {
    async function ended(): Promise<string> {
      const id = await newUser();
      await db.dataSource.query(
        `UPDATE users SET plan = 'starter', plan_ends_at = $2, stripe_subscription_id = $3 WHERE id = $1`,
        [id, new Date('2026-11-01T00:00:00Z'), `sub_${id}`],
      );
      return id;
    }
    const plan = async (id: string) =>
      (
        (await db.dataSource.query(
          'SELECT plan, plan_set_by, plan_ends_at, stripe_subscription_id FROM users WHERE id = $1',
          [id],
        )) as Row[]
      )[0];
    const onStarter = await ended();
    expect(await billing({ defaultPlan: 'starter' }).expireEndedPlans()).toBe(1);
    expect(await plan(onStarter)).toEqual({
      plan: 'starter',
      plan_set_by: 'default',
      plan_ends_at: null,
      stripe_subscription_id: null,
    });
    const onFree = await ended();
    expect(await billing().expireEndedPlans()).toBe(1);
    expect(await plan(onFree)).toEqual({
      plan: 'free',
      plan_set_by: null,
      plan_ends_at: null,
      stripe_subscription_id: null,
    });
  });

  it('grants a mid-month upgrade once, and the monthly job does not top it up again that month', async () => {
    const id = await newUser();
    const { body, signature } = signed('evt_midmonth', id);
    expect(await billing().handleWebhook(body, signature)).toBe('upgraded');
    await db.dataSource.query(
      `INSERT INTO credit_ledger (id, user_id, delta, kind, block_type, action_type, created_at)
       VALUES ($1, $2, -200, 'debit', 'text_generation', 'test_execution', now())`,
      [randomUUID(), id],
    );
    await db.dataSource.query('UPDATE credit_balances SET balance = balance - 200 WHERE user_id = $1', [id]);
    await ledger.grantMonthlyToAll();
    expect(await ledger.balance(id)).toBe(300);
    // The next month tops up to Starter's 500.
    expect((await ledger.grantMonthly(id, 'starter', '2026-12')).credits).toBe(200);
  });

  it('grants each month once however many processes run the scheduled work at once', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    const december = new CreditLedger(db.dataSource, () => new Date('2026-12-01T00:05:00Z'));
    const accounts = new AccountService({
      dataSource: db.dataSource,
      adminEmails: new Set(),
      mailer: new OutboxMailer({ dataSource: db.dataSource }),
      publicUrl: 'http://localhost:4000',
    });
    const workers = Array.from(
      { length: 3 },
      () =>
        new ScheduledWork({
          billing: billing(),
          ledger: december,
          accounts,
          dataSource: db.dataSource,
          log: () => undefined,
        }),
    );
    const decemberGrants = async () =>
      (
        (await db.dataSource.query(
          `SELECT count(*)::int AS count FROM credit_ledger WHERE kind = 'grant' AND grant_period = '2026-12'`,
        )) as { count: number }[]
      )[0]!.count;
    const before = await decemberGrants();
    const results = await Promise.all(workers.map((w) => w.runOnce()));
    const grantedNow = results.reduce((sum, r) => sum + (r?.creditsGranted ?? 0), 0);
    expect(grantedNow).toBe((await decemberGrants()) - before);
    expect(grantedNow).toBeGreaterThanOrEqual(users.length);
    for (const id of users) {
      const grants = (await db.dataSource.query(
        `SELECT delta FROM credit_ledger WHERE user_id = $1 AND grant_period = '2026-12'`,
        [id],
      )) as unknown[];
      expect(grants).toHaveLength(1);
    }
  });
});
