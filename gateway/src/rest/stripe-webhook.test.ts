import Stripe from 'stripe';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

jest.setTimeout(60_000);

const SECRET = 'whsec_blocksmith_test';

/** A Stripe event as Stripe sends it (only the fields the gateway reads are filled in). */
function event(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: 'event', type, api_version: '2025-10-29', data: { object } });
}

function checkoutCompleted(id: string, userId: string, subscription = 'sub_1'): string {
  return event(id, 'checkout.session.completed', {
    id: `cs_${id}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    client_reference_id: userId,
    metadata: { userId, plan: 'starter' },
    customer: 'cus_1',
    subscription,
  });
}

describe('POST /api/stripe/webhook', () => {
  let t: ApiTestGateway;

  beforeAll(async () => {
    t = await startApiTestGateway({ STRIPE_SECRET_KEY: 'sk_test_blocksmith', STRIPE_WEBHOOK_SECRET: SECRET });
  });

  afterAll(() => t.close());

  /** Delivers a payload signed with the SDK's own test-header helper (or a given signature). */
  function deliver(payload: string, signature?: string) {
    const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return t.api('POST', '/stripe/webhook', {
      raw: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
  }

  async function account(id: string) {
    const [user] = (await t.gateway.database.dataSource.query(
      'SELECT plan, plan_ends_at, stripe_customer_id, stripe_subscription_id FROM users WHERE id = $1',
      [id],
    )) as Record<string, unknown>[];
    return { ...user, balance: await t.gateway.services.ledger.balance(id) };
  }

  async function processed(eventId: string): Promise<number> {
    const rows = (await t.gateway.database.dataSource.query(
      'SELECT id FROM processed_webhook_events WHERE id = $1',
      [eventId],
    )) as unknown[];
    return rows.length;
  }

  it('upgrades once and grants Starter credits once, however often the event is delivered', async () => {
    const { token, id } = await t.signUpViaApi('buyer@example.com', { credits: true });
    const spent = await t.api('GET', '/credits/balance', { token });
    expect(spent.body.credits).toBe(50);
    const payload = checkoutCompleted('evt_upgrade', id);
    // The page asks for the plan before and right after paying: the answer kept for the person in
    // between must not hide the upgrade.
    const planShown = async () => {
      const answer = await fetch(`${t.gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ publishingInfo { plan } }' }),
      });
      return ((await answer.json()) as { data: { publishingInfo: { plan: string } } }).data.publishingInfo
        .plan;
    };
    expect(await planShown()).toBe('free');

    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: 'upgraded' });
    expect(await planShown()).toBe('starter');
    const again = await Promise.all([deliver(payload), deliver(payload)]);
    expect(again.map((a) => [a.status, a.body.outcome])).toEqual([
      [200, 'duplicate'],
      [200, 'duplicate'],
    ]);

    expect(await account(id)).toEqual({
      plan: 'starter',
      plan_ends_at: null,
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      balance: 500,
    });
    expect((await t.gateway.services.ledger.audit(id)).consistent).toBe(true);
    expect(await processed('evt_upgrade')).toBe(1);
    const publishing = await t.api('GET', '/apps/publishing/info', { token });
    expect(publishing.body).toMatchObject({ plan: 'starter', limit: 10 });

    // The first invoice of the same subscription arrives too: the plan is already paid, no second grant.
    const invoice = event('evt_invoice_1', 'invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_1',
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_1', metadata: { userId: id } },
      },
    });
    expect((await deliver(invoice)).body.outcome).toBe('renewed');
    expect((await account(id)).balance).toBe(500);
  });

  it('changes nothing for a bad signature (400) and records nothing', async () => {
    const { id } = await t.signUpViaApi('forger@example.com', { credits: true });
    const payload = checkoutCompleted('evt_forged', id);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const answer = await deliver(payload, forged);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('bad_request');
    expect(answer.body.message).toMatch(/^The Stripe signature does not match this payload/);
    const tampered = await deliver(
      payload.replace('"paid"', '"paid" '),
      Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    );
    expect(tampered.status).toBe(400);
    const unsigned = await t.api('POST', '/stripe/webhook', {
      raw: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe('The Stripe-Signature header is missing.');
    expect(await account(id)).toMatchObject({ plan: 'free', balance: 50 });
    expect(await processed('evt_forged')).toBe(0);
  });

  it('acknowledges an event kind it does not act on and ignores it', async () => {
    const answer = await deliver(event('evt_other', 'customer.created', { id: 'cus_9', object: 'customer' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await processed('evt_other')).toBe(0);
  });

  it('keeps Starter until the paid period ends after a cancellation, then returns to Free', async () => {
    const { id } = await t.signUpViaApi('leaver@example.com', { credits: true });
    await deliver(checkoutCompleted('evt_leaver_paid', id, 'sub_leaver'));
    const end = Math.floor(Date.now() / 1000) + 3600;
    const cancelled = event('evt_leaver_cancel', 'customer.subscription.updated', {
      id: 'sub_leaver',
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: end,
      metadata: { userId: id },
      items: { data: [{ current_period_end: end }] },
    });
    expect((await deliver(cancelled)).body.outcome).toBe('cancels_at_period_end');
    expect(await account(id)).toMatchObject({ plan: 'starter', plan_ends_at: new Date(end * 1000) });
    expect(await t.gateway.services.billing.expireEndedPlans()).toBe(0); // not yet

    const ended = event('evt_leaver_deleted', 'customer.subscription.deleted', {
      id: 'sub_leaver',
      object: 'subscription',
      status: 'canceled',
      metadata: {},
    });
    expect((await deliver(ended)).body.outcome).toBe('downgraded');
    expect(await account(id)).toMatchObject({
      plan: 'free',
      plan_ends_at: null,
      stripe_subscription_id: null,
      balance: 500,
    });
  });

  it('returns a plan whose paid period is over to Free in the scheduled work', async () => {
    const { id } = await t.signUpViaApi('lapsed@example.com', { credits: true });
    await deliver(checkoutCompleted('evt_lapsed_paid', id, 'sub_lapsed'));
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan_ends_at = now() - interval '1 minute' WHERE id = $1",
      [id],
    );
    const result = await t.gateway.services.scheduled.runOnce();
    expect(result?.plansExpired).toBe(1);
    expect(await account(id)).toMatchObject({ plan: 'free', plan_ends_at: null });
  });
});

describe('the webhook on a server without STRIPE_WEBHOOK_SECRET', () => {
  it('answers 503 and applies nothing', async () => {
    const t = await startApiTestGateway();
    try {
      const { id } = await t.signUpViaApi('hopeful@example.com');
      const payload = checkoutCompleted('evt_unconfigured', id);
      const answer = await t.api('POST', '/stripe/webhook', {
        raw: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
      });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: 'unavailable',
        message: 'Billing is not configured on this server',
      });
      const [user] = (await t.gateway.database.dataSource.query('SELECT plan FROM users WHERE id = $1', [
        id,
      ])) as {
        plan: string;
      }[];
      expect(user!.plan).toBe('free');
    } finally {
      await t.close();
    }
  });
});
