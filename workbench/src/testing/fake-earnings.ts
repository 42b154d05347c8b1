/* The earnings page's part of the fake API (not used by the app). */
import type { Earnings, EarningsApi, Payout, PayoutAccount } from '../api/earnings';
import { ApiError } from '../api/blocksmith-api';

export function earningsAnswer(overrides: Partial<Earnings> = {}): Earnings {
  return {
    balance: 0,
    total: 0,
    paidOut: 0,
    monetization: true,
    requiredPlan: 'Starter',
    days: 30,
    byApp: [],
    byDay: [],
    payouts: [],
    payoutAccount: {
      configured: true,
      status: 'none',
      threshold: 250,
      creditValueCents: 4,
      canPayOut: false,
    },
    ...overrides,
  };
}

/** Earnings kept in memory; prices, onboarding, the account's status and payouts change them. */
export class FakeEarnings implements EarningsApi {
  answer: Earnings = earningsAnswer();
  /** The account's status Stripe answers next. */
  stripeAccount: PayoutAccount['status'] = 'onboarding';
  onboardingUrl = 'https://connect.stripe.com/setup/e/acct_1/abc';
  asked: number[] = [];
  prices: Array<{ appId: string; creatorPrice: number }> = [];
  failNext: Partial<Record<keyof EarningsApi, Error>> = {};

  private check(name: keyof EarningsApi): void {
    const error = this.failNext[name];
    if (error) {
      delete this.failNext[name];
      throw error;
    }
  }

  async earnings(days: number) {
    this.check('earnings');
    this.asked.push(days);
    return structuredClone({ ...this.answer, days });
  }

  async setCreatorPrice(appId: string, creatorPrice: number) {
    this.check('setCreatorPrice');
    if (!this.answer.monetization && creatorPrice > 0) {
      throw new ApiError(
        'Creator earnings come with the Starter plan and up; your plan is Free. Upgrade to use them.',
        'FORBIDDEN',
      );
    }
    this.prices.push({ appId, creatorPrice });
    this.answer.byApp = this.answer.byApp.map((app) =>
      app.appId === appId ? { ...app, creatorPrice } : app,
    );
    return { id: appId, creatorPrice };
  }

  async startPayoutOnboarding() {
    this.check('startPayoutOnboarding');
    if (!this.answer.payoutAccount.configured)
      throw new ApiError('Payouts are not configured.', 'UNAVAILABLE');
    if (this.answer.payoutAccount.status === 'none') this.answer.payoutAccount.status = 'onboarding';
    return this.onboardingUrl;
  }

  async payoutAccount() {
    this.check('payoutAccount');
    const account = this.answer.payoutAccount;
    account.status = this.stripeAccount;
    account.canPayOut = account.status === 'enabled' && this.answer.balance >= account.threshold;
    return { ...account };
  }

  async requestPayout(): Promise<Payout> {
    this.check('requestPayout');
    const credits = this.answer.balance;
    const payout: Payout = {
      id: `payout-${this.answer.payouts.length + 1}`,
      credits,
      amountCents: credits * this.answer.payoutAccount.creditValueCents,
      currency: 'usd',
      status: 'paid',
      error: null,
      createdAt: '2025-03-02T10:00:00.000Z',
      finishedAt: '2025-03-02T10:00:01.000Z',
    };
    this.answer = {
      ...this.answer,
      balance: 0,
      paidOut: this.answer.paidOut + credits,
      payouts: [payout, ...this.answer.payouts],
      payoutAccount: { ...this.answer.payoutAccount, canPayOut: false },
    };
    return { ...payout };
  }
}
