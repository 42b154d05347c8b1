import { PLANS, type PlanId } from '@blocksmith/schema';
import Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { ConflictError, NotFoundError, UnavailableError } from '../../errors';

export interface BillingOptions {
  dataSource: DataSource;
  /** STRIPE_SECRET_KEY; without it upgrades answer UNAVAILABLE. */
  secretKey: string | undefined;
  /** Another Stripe-compatible API (stripe-mock, tests), e.g. http://127.0.0.1:12111. */
  apiUrl?: string | undefined;
  /** Where people come back to after paying or cancelling. */
  publicUrl: string;
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
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      telemetry: false,
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  get enabled(): boolean {
    return this.stripe !== null;
  }

  /**
   * A Stripe Checkout page for the Starter plan ($20/month) for this person; answers its URL.
   * Coming back lands on /app?upgrade=success (the plan changes when Stripe reports the payment).
   */
  async startStarterCheckout(userId: string): Promise<{ url: string; sessionId: string }> {
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
}
