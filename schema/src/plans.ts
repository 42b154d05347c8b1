/** Plans and what they grant; -1 means unlimited. */
export const PLAN_IDS = ['free', 'starter', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const UNLIMITED = -1;

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars; null means 'contact'. */
  priceUsd: number | null;
  /** Credits granted each month; -1 means unlimited. */
  monthlyCredits: number;
  /** Published apps allowed; -1 means unlimited. */
  publishedAppLimit: number;
}

export const PLANS: Record<PlanId, Plan> = {
  free: { id: 'free', name: 'Free', priceUsd: 0, monthlyCredits: 50, publishedAppLimit: 2 },
  starter: { id: 'starter', name: 'Starter', priceUsd: 20, monthlyCredits: 500, publishedAppLimit: 10 },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: null,
    monthlyCredits: UNLIMITED,
    publishedAppLimit: UNLIMITED,
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}
