import type Stripe from 'stripe';
import { stripeClient, stripeSdk } from '../../libraries';

/** What Stripe says about a creator's Express account. */
export interface ConnectAccountStatus {
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

/** The part of Stripe Connect payouts use: Express accounts, onboarding links and transfers. */
export interface ConnectApi {
  /** An Express account for the creator; the same key answers the same account (Stripe's idempotency). */
  createExpressAccount(request: { userId: string; email: string; idempotencyKey: string }): Promise<string>;
  /** A one-time link to Stripe's onboarding form for the account. */
  onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  account(accountId: string): Promise<ConnectAccountStatus>;
  /** Sends `amountCents` to the account; the payout's id is the idempotency key. */
  transfer(request: {
    payoutId: string;
    userId: string;
    accountId: string;
    amountCents: number;
    currency: string;
  }): Promise<string>;
}

/** Whether a Stripe failure is Stripe's answer refusing the request (not a lost or failed connection). */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof stripeSdk().errors.StripeError)) return false;
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/** Stripe Connect through the Stripe API (or a Stripe-compatible one at `apiUrl`, for tests). */
export class StripeConnect implements ConnectApi {
  private readonly stripe: Stripe;

  constructor(secretKey: string, apiUrl?: string) {
    this.stripe = stripeClient(secretKey, apiUrl);
  }

  async createExpressAccount(request: { userId: string; email: string; idempotencyKey: string }) {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: request.email,
        capabilities: { transfers: { requested: true } },
        metadata: { userId: request.userId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return account.id;
  }

  async onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }) {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      refresh_url: urls.refreshUrl,
      return_url: urls.returnUrl,
      type: 'account_onboarding',
    });
    return link.url;
  }

  async account(accountId: string): Promise<ConnectAccountStatus> {
    const account = await this.stripe.accounts.retrieve(accountId);
    return {
      id: account.id,
      detailsSubmitted: account.details_submitted === true,
      payoutsEnabled: account.payouts_enabled === true,
    };
  }

  async transfer(request: {
    payoutId: string;
    userId: string;
    accountId: string;
    amountCents: number;
    currency: string;
  }) {
    const transfer = await this.stripe.transfers.create(
      {
        amount: request.amountCents,
        currency: request.currency,
        destination: request.accountId,
        transfer_group: `payout_${request.payoutId}`,
        metadata: { payoutId: request.payoutId, userId: request.userId },
      },
      { idempotencyKey: `payout-${request.payoutId}` },
    );
    return transfer.id;
  }
}
