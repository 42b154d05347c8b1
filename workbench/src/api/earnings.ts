import { gql } from '@apollo/client';

/** One of the creator's apps and what it earned. */
export interface AppEarnings {
  /** null for earnings of apps deleted since. */
  appId: string | null;
  name: string;
  slug: string | null;
  isPublished: boolean;
  /** The price set per run by someone else, in credits. */
  creatorPrice: number;
  credits: number;
  runs: number;
}

/** Credits one app earned on one day (YYYY-MM-DD, UTC); days without earnings are left out. */
export interface DayEarnings {
  date: string;
  appId: string | null;
  credits: number;
}

export type PayoutStatus = 'pending' | 'paid' | 'failed';

export interface Payout {
  id: string;
  credits: number;
  amountCents: number;
  currency: string;
  status: PayoutStatus;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Where payouts stand: `configured` false on a server without Stripe (earnings are kept). */
export interface PayoutAccount {
  configured: boolean;
  status: 'none' | 'onboarding' | 'enabled';
  threshold: number;
  creditValueCents: number;
  canPayOut: boolean;
}

export interface Earnings {
  balance: number;
  total: number;
  paidOut: number;
  /** The plan includes creator earnings. */
  monetization: boolean;
  requiredPlan: string;
  days: number;
  byApp: AppEarnings[];
  byDay: DayEarnings[];
  payouts: Payout[];
  payoutAccount: PayoutAccount;
}

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

const PAYOUT_FIELDS = gql`
  fragment PayoutFields on Payout {
    id
    credits
    amountCents
    currency
    status
    error
    createdAt
    finishedAt
  }
`;

const PAYOUT_ACCOUNT_FIELDS = gql`
  fragment PayoutAccountFields on PayoutAccount {
    configured
    status
    threshold
    creditValueCents
    canPayOut
  }
`;

export const EARNINGS = gql`
  query Earnings($days: Int) {
    earnings(days: $days) {
      balance
      total
      paidOut
      monetization
      requiredPlan
      days
      byApp {
        appId
        name
        slug
        isPublished
        creatorPrice
        credits
        runs
      }
      byDay {
        date
        appId
        credits
      }
      payouts {
        ...PayoutFields
      }
      payoutAccount {
        ...PayoutAccountFields
      }
    }
  }
  ${PAYOUT_FIELDS}
  ${PAYOUT_ACCOUNT_FIELDS}
`;

export const SET_CREATOR_PRICE = gql`
  mutation SetCreatorPrice($appId: ID!, $creatorPrice: Int!) {
    setCreatorPrice(appId: $appId, creatorPrice: $creatorPrice) {
      id
      creatorPrice
    }
  }
`;

export const START_PAYOUT_ONBOARDING = gql`
  mutation StartPayoutOnboarding {
    startPayoutOnboarding {
      url
    }
  }
`;

export const PAYOUT_ACCOUNT = gql`
  query PayoutAccount {
    payoutAccount {
      ...PayoutAccountFields
    }
  }
  ${PAYOUT_ACCOUNT_FIELDS}
`;

export const REQUEST_PAYOUT = gql`
  mutation RequestPayout {
    requestPayout {
      ...PayoutFields
    }
  }
  ${PAYOUT_FIELDS}
`;
