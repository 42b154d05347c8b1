import { PLANS, planHas, type PlanId } from './plans';
import type { CostRange } from './run-cost';

/** The most credits an owner may ask per run of their app, on top of what its blocks cost. */
export const MAX_CREATOR_PRICE = 100;

/**
 * The block type a run's creator price is charged under in the runner's credit ledger and history,
 * next to the blocks' own charges.
 */
export const CREATOR_PRICE_TYPE = 'creator_price';

/**
 * What one earned credit pays out, in US cents: the Starter plan's price per credit ($20 for 500
 * credits, 4 cents), so a creator is paid what the runner's credits cost.
 */
export const CREDIT_PAYOUT_CENTS = Math.round(
  ((PLANS.starter.priceUsd ?? 0) * 100) / PLANS.starter.monthlyCredits,
);

/** Earnings are transferred to the creator's Stripe account once they reach this many credits ($10). */
export const PAYOUT_THRESHOLD_CREDITS = 250;

/** Why a creator price cannot be set, or null when it can: a whole number of credits, 0 to 100. */
export function creatorPriceProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_CREATOR_PRICE) {
    return `creatorPrice must be a whole number of credits from 0 to ${MAX_CREATOR_PRICE}.`;
  }
  return null;
}

/**
 * The price a run by someone else pays the creator: the price the owner set while their plan
 * includes creator earnings, else nothing (a price set on Starter stops when the plan goes back
 * to Free, and applies again after an upgrade).
 */
export function effectiveCreatorPrice(price: number, ownerPlan: PlanId): number {
  return planHas(PLANS[ownerPlan], 'monetization') ? Math.max(0, Math.floor(price)) : 0;
}

/** What one run costs someone else: the blocks' range plus the creator price on both ends. */
export function withCreatorPrice(range: CostRange, creatorPrice: number): CostRange {
  return { min: range.min + creatorPrice, max: range.max + creatorPrice };
}

/** Earned credits in US dollars as people read them: `$10.00`. */
export function formatPayout(credits: number): string {
  return `$${((credits * CREDIT_PAYOUT_CENTS) / 100).toFixed(2)}`;
}

/** Cents as dollars: `$10.00`. */
export function formatUsdCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
