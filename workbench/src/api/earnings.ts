import type { EarningsQuery, PayoutAccountFieldsFragment, PayoutFieldsFragment } from './generated/graphql';

/** One of the creator's apps and what it earned. */
export type AppEarnings = Earnings['byApp'][number];

/** Credits one app earned on one day (YYYY-MM-DD, UTC); days without earnings are left out. */
export type DayEarnings = Earnings['byDay'][number];

export type PayoutStatus = Payout['status'];

export type Payout = PayoutFieldsFragment;

/** Where payouts stand: `configured` false on a server without Stripe (earnings are kept). */
export type PayoutAccount = PayoutAccountFieldsFragment;

export type Earnings = EarningsQuery['earnings'];

/** What the earnings page asks the gateway. */
export interface EarningsApi {
  earnings(days: number): Promise<Earnings>;
  /** Sets the price other people's runs of the app pay; answers the price as stored. */
  setCreatorPrice(appId: string, creatorPrice: number): Promise<{ id: string; creatorPrice: number }>;
  /** Stripe's onboarding form for the payout account. */
  startPayoutOnboarding(): Promise<string>;
  /** Where the payout account stands, as Stripe says now. */
  payoutAccount(): Promise<PayoutAccount>;
  requestPayout(): Promise<Payout>;
}
