import type { PayoutStatus } from '../../data/entities';

/** One of the creator's apps with what it earned in all. */
export interface AppEarnings {
  /** null for earnings of apps deleted since (kept, listed together). */
  appId: string | null;
  name: string;
  slug: string | null;
  isPublished: boolean;
  /** The price the owner set, in credits per run by someone else. */
  creatorPrice: number;
  /** Credits earned in all. */
  credits: number;
  /** Runs that paid it. */
  runs: number;
}

/** Credits one app earned on one day (UTC), for the chart; days without earnings are left out. */
export interface DayEarnings {
  date: string;
  appId: string | null;
  credits: number;
}

export interface PayoutView {
  id: string;
  credits: number;
  amountCents: number;
  currency: string;
  status: PayoutStatus;
  /** Why Stripe refused it (its credits are back in the balance). */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/**
 * Where payouts stand: `configured` false without STRIPE_SECRET_KEY (earnings are kept); `none`
 * before onboarding, `onboarding` until Stripe pays out to the account, then `enabled`.
 */
export interface PayoutAccountView {
  configured: boolean;
  status: 'none' | 'onboarding' | 'enabled';
  /** Payouts start at this many credits. */
  threshold: number;
  /** What one earned credit pays, in US cents. */
  creditValueCents: number;
  /** A payout may be asked for now: enabled, and the balance reaches the threshold. */
  canPayOut: boolean;
}

/** The earnings page: balance, per app, per day, payouts. */
export interface EarningsSummary {
  /** Earned credits not paid out yet. */
  balance: number;
  /** Every credit ever earned. */
  total: number;
  /** Credits paid out (transfers Stripe accepted). */
  paidOut: number;
  /** The plan includes creator earnings (Starter and up). */
  monetization: boolean;
  /** The cheapest plan that does, for the lock. */
  requiredPlan: string;
  /** The days `byDay` covers, ending today (UTC). */
  days: number;
  byApp: AppEarnings[];
  byDay: DayEarnings[];
  /** Newest first. */
  payouts: PayoutView[];
  payoutAccount: PayoutAccountView;
}

type Row = Record<string, unknown>;

function iso(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

export function toPayoutView(row: Row): PayoutView {
  return {
    id: String(row.id),
    credits: Number(row.credits),
    amountCents: Number(row.amount_cents),
    currency: String(row.currency),
    status: row.status as PayoutStatus,
    error: (row.error as string | null) ?? null,
    createdAt: iso(row.created_at),
    finishedAt: row.finished_at === null || row.finished_at === undefined ? null : iso(row.finished_at),
  };
}
