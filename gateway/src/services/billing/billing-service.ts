import { findUnstorableText, unstorableTextMessage, PLANS, type PlanId } from '@blocksmith/schema';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { ConflictError, ForbiddenError, InputError, NotFoundError, UnavailableError } from '../../errors';
import { stripeClient, stripeSdk } from '../../libraries';
import type { CreditLedger } from '../credits';

export interface BillingOptions {
  dataSource: DataSource;
  /** STRIPE_SECRET_KEY; without it upgrades answer UNAVAILABLE. */
  secretKey: string | undefined;
  /** Another Stripe-compatible API (stripe-mock, tests), e.g. http://127.0.0.1:12111. */
  apiUrl?: string | undefined;
  /** STRIPE_WEBHOOK_SECRET: payment events are applied only when their signature proves Stripe sent them. */
  webhookSecret?: string | undefined;
  /** Where people come back to after paying or cancelling. */
  publicUrl: string;
  /** Plan changes grant credits through the ledger, in the same transaction. */
  ledger: CreditLedger;
  /** DEFAULT_PLAN (default free): where a paid plan that ended returns to. */
  defaultPlan?: PlanId;
  /**
   * Called once a payment event or a plan's end has changed someone's plan: what people are shown
   * (their plan, what their apps cost others) changed without any request of theirs.
   */
  plansChanged?: () => void;
  clock?: () => Date;
  log?: (message: string) => void;
}

/** What a payment event did. */
export type WebhookOutcome =
  'upgraded' | 'renewed' | 'cancels_at_period_end' | 'resumed' | 'downgraded' | 'duplicate' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Record<string, unknown>;

/** An id field that Stripe sends either as the id or as the expanded object. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
}

function metadataUserId(metadata: unknown): string | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const userId = (metadata as Record<string, unknown>).userId;
  return typeof userId === 'string' && UUID.test(userId) ? userId : null;
}

/** The end of a subscription's paid period (moved onto its items in newer Stripe API versions). */
function periodEnd(subscription: Stripe.Subscription): Date | null {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds =
    legacy ?? subscription.items?.data?.[0]?.current_period_end ?? subscription.cancel_at ?? null;
  // A time the database can store (from 1970 to the end of 9999); anything else is not known.
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 && seconds < 253_402_300_800
    ? new Date(seconds * 1000)
    : null;
}

/** An invoice's subscription and its metadata, in both the older and the newer API shapes. */
function invoiceSubscription(invoice: Stripe.Invoice): {
  subscriptionId: string | null;
  userId: string | null;
} {
  const legacy = invoice as unknown as {
    subscription?: unknown;
    subscription_details?: { metadata?: unknown };
  };
  const details = invoice.parent?.subscription_details;
  return {
    subscriptionId: idOf(details?.subscription) ?? idOf(legacy.subscription),
    userId:
      metadataUserId(details?.metadata) ??
      metadataUserId(legacy.subscription_details?.metadata) ??
      metadataUserId(invoice.lines?.data?.[0]?.metadata),
  };
}

/** What an upgrade answers on a server without STRIPE_SECRET_KEY (the workbench shows it too). */
export const BILLING_NOT_CONFIGURED = 'Billing is not configured on this server';

/** Plans and payments: Starter is bought through Stripe Checkout. */
export class BillingService {
  private readonly stripe: Stripe | null;

  constructor(private readonly options: BillingOptions) {
    if (!options.secretKey) {
      this.stripe = null;
      return;
    }
    this.stripe = stripeClient(options.secretKey, options.apiUrl);
  }

  get enabled(): boolean {
    return this.stripe !== null;
  }

  /**
   * A Stripe Checkout page for the Starter plan ($20/month) for this person; answers its URL.
   * Coming back lands on /app?upgrade=success (the plan changes when Stripe reports the payment).
   */
  async startStarterCheckout(
    userId: string,
    forUserId?: string | null,
  ): Promise<{ url: string; sessionId: string }> {
    if (forUserId && forUserId !== userId) {
      throw new ForbiddenError('You can only upgrade your own account.');
    }
    if (!this.stripe) {
      throw new UnavailableError(BILLING_NOT_CONFIGURED);
    }
    const rows = (await this.options.dataSource.query('SELECT email, plan FROM users WHERE id = $1', [
      userId,
    ])) as { email: string; plan: PlanId }[];
    const user = rows[0];
    if (!user) throw new NotFoundError('This account does not exist.');
    if (user.plan !== 'free') {
      throw new ConflictError(`You are already on the ${PLANS[user.plan].name} plan.`);
    }
    const starter = PLANS.starter;
    const base = this.options.publicUrl;
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: userId,
      customer_email: user.email,
      metadata: { userId, plan: 'starter' },
      subscription_data: { metadata: { userId, plan: 'starter' } },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: Math.round((starter.priceUsd ?? 0) * 100),
            recurring: { interval: 'month' },
            product_data: { name: `Blocksmith ${starter.name}` },
          },
        },
      ],
      success_url: `${base}/app?upgrade=success`,
      cancel_url: `${base}/app`,
    });
    if (!session.url) throw new UnavailableError('Stripe did not return a checkout page. Please try again.');
    return { url: session.url, sessionId: session.id };
  }

  /**
   * Applies one payment event from Stripe's webhook. The signature (Stripe-Signature over the raw
   * body, STRIPE_WEBHOOK_SECRET) must match or nothing happens. An event is applied once: its id is
   * recorded in the same transaction as the plan change and the credit grant, so a redelivery, even
   * a concurrent one, changes nothing. Event kinds it does not act on are acknowledged and ignored.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const secret = this.options.webhookSecret;
    if (!secret) throw new UnavailableError(BILLING_NOT_CONFIGURED);
    if (!signature) throw new InputError('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = stripeSdk().webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      throw new InputError(
        `The Stripe signature does not match this payload (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    if (event === null || typeof event !== 'object' || Array.isArray(event)) {
      throw new InputError('The Stripe event is not a JSON object; nothing changed.');
    }
    if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
    // Signed, but still checked for the shape the handlers read: an object to act on, and text
    // that can be stored.
    const data = (event as { data?: { object?: unknown } }).data;
    if (typeof event.id !== 'string' || !data || typeof data.object !== 'object' || data.object === null) {
      throw new InputError(
        `The Stripe event ${String(event.id).slice(0, 100)} has no data.object to apply; nothing changed.`,
      );
    }
    const field = findUnstorableText(event);
    if (field !== null) throw new InputError(unstorableTextMessage(`event.${field}`));
    const outcome = await this.options.dataSource.transaction(async (m) => {
      const recorded = (await m.query(
        `INSERT INTO processed_webhook_events (id, type) VALUES ($1, $2)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type],
      )) as Row[];
      if (recorded.length === 0) return 'duplicate';
      const outcome = await this.apply(m, event);
      this.log(`Stripe ${event.type} ${event.id}: ${outcome}`);
      return outcome;
    });
    if (outcome !== 'duplicate' && outcome !== 'ignored') this.options.plansChanged?.();
    return outcome;
  }

  /**
   * Returns people whose cancelled subscription's paid period has ended to DEFAULT_PLAN (Free,
   * wherever Stripe is configured). Credits they hold are left alone. Safe to run from any number
   * of processes at once.
   */
  async expireEndedPlans(): Promise<number> {
    const plan = this.options.defaultPlan ?? 'free';
    const [changed] = (await this.options.dataSource.query(
      `UPDATE users SET plan = $2, plan_set_by = $3, plan_ends_at = NULL, stripe_subscription_id = NULL
        WHERE plan_ends_at IS NOT NULL AND plan_ends_at <= $1 AND plan <> 'free'
        RETURNING id`,
      [this.now(), plan, plan === 'free' ? null : 'default'],
    )) as [Row[], number];
    if (changed.length > 0) this.options.plansChanged?.();
    return changed.length;
  }

  private async apply(m: EntityManager, event: Stripe.Event): Promise<WebhookOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return 'ignored';
        if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
          return 'ignored'; // paid later: async_payment_succeeded or invoice.paid will say so
        }
        const userId =
          metadataUserId(session.metadata) ??
          (UUID.test(session.client_reference_id ?? '') ? session.client_reference_id : null);
        return this.paid(m, userId, idOf(session.customer), idOf(session.subscription));
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const { subscriptionId, userId } = invoiceSubscription(invoice);
        if (!subscriptionId) return 'ignored'; // not a subscription payment
        const owner = userId ?? (await this.userBySubscription(m, subscriptionId));
        return this.paid(m, owner, idOf(invoice.customer), subscriptionId);
      }
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        const userId = await this.subscriber(m, subscription);
        if (!userId) return 'ignored';
        if (['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status)) {
          return this.downgrade(m, userId, subscription.id);
        }
        if (subscription.cancel_at_period_end || subscription.cancel_at) {
          const end = periodEnd(subscription) ?? this.now();
          await m.query(
            `UPDATE users SET plan_ends_at = $2 WHERE id = $1 AND plan = 'starter'
               AND (stripe_subscription_id IS NULL OR stripe_subscription_id = $3)`,
            [userId, end, subscription.id],
          );
          return 'cancels_at_period_end';
        }
        await m.query(
          `UPDATE users SET plan_ends_at = NULL WHERE id = $1 AND plan = 'starter'
             AND (stripe_subscription_id IS NULL OR stripe_subscription_id = $2)`,
          [userId, subscription.id],
        );
        return 'resumed';
      }
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const userId = await this.subscriber(m, subscription);
        return userId ? this.downgrade(m, userId, subscription.id) : 'ignored';
      }
      default:
        return 'ignored';
    }
  }

  /** A verified payment: Starter from now on, with this month's Starter credits when the plan changes. */
  private async paid(
    m: EntityManager,
    userId: string | null,
    customerId: string | null,
    subscriptionId: string | null,
  ): Promise<WebhookOutcome> {
    if (!userId) return 'ignored';
    const [user] = (await m.query('SELECT plan FROM users WHERE id = $1 FOR UPDATE', [userId])) as Row[];
    if (!user) {
      this.log(`A Stripe payment names the account ${userId}, which does not exist; nothing changed.`);
      return 'ignored';
    }
    if (user.plan === 'enterprise') return 'ignored'; // Enterprise is arranged with sales, not here
    await m.query(
      `UPDATE users SET plan = 'starter', plan_ends_at = NULL, plan_set_by = NULL,
              stripe_customer_id = COALESCE($2, stripe_customer_id),
              stripe_subscription_id = COALESCE($3, stripe_subscription_id)
        WHERE id = $1`,
      [userId, customerId, subscriptionId],
    );
    if (user.plan === 'starter') return 'renewed'; // the monthly grant keeps paying subscribers topped up
    await this.options.ledger.grantPlanChange(m, userId, 'starter');
    return 'upgraded';
  }

  private async downgrade(m: EntityManager, userId: string, subscriptionId: string): Promise<WebhookOutcome> {
    const [changed] = (await m.query(
      `UPDATE users SET plan = 'free', plan_ends_at = NULL, stripe_subscription_id = NULL, plan_set_by = NULL
        WHERE id = $1 AND plan = 'starter' AND (stripe_subscription_id IS NULL OR stripe_subscription_id = $2)
        RETURNING id`,
      [userId, subscriptionId],
    )) as [Row[], number];
    return changed.length > 0 ? 'downgraded' : 'ignored';
  }

  private async subscriber(m: EntityManager, subscription: Stripe.Subscription): Promise<string | null> {
    return metadataUserId(subscription.metadata) ?? (await this.userBySubscription(m, subscription.id));
  }

  private async userBySubscription(m: EntityManager, subscriptionId: string): Promise<string | null> {
    const [row] = (await m.query('SELECT id FROM users WHERE stripe_subscription_id = $1', [
      subscriptionId,
    ])) as Row[];
    return row ? String(row.id) : null;
  }

  private now(): Date {
    return (this.options.clock ?? (() => new Date()))();
  }

  private log(message: string): void {
    (this.options.log ?? ((line: string) => console.log(line)))(message);
  }
}

/** The payment events that change a plan; every other kind is acknowledged and ignored. */
const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
