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
  /** API keys that run apps from other programs. */
  apiKeys: boolean;
  /** Published apps embedded on other sites (/embed/{slug}). */
  embeds: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    priceUsd: 0,
    monthlyCredits: 50,
    publishedAppLimit: 2,
    apiKeys: false,
    embeds: false,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    priceUsd: 20,
    monthlyCredits: 500,
    publishedAppLimit: 10,
    apiKeys: true,
    embeds: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: null,
    monthlyCredits: UNLIMITED,
    publishedAppLimit: UNLIMITED,
    apiKeys: true,
    embeds: true,
  },
};

/** What a plan may or may not do, by name, as the entitlement checks read it. */
export type Entitlement = 'apiKeys' | 'embeds';

const ENTITLEMENT_NAMES: Record<Entitlement, string> = { apiKeys: 'API keys', embeds: 'Embeds' };

/** The cheapest plan that grants `entitlement`. */
export function cheapestPlanWith(entitlement: Entitlement): Plan {
  return PLAN_IDS.map((id) => PLANS[id]).find((plan) => plan[entitlement])!;
}

/** The refusal for a plan without `entitlement`, naming the plan that has it. */
export function entitlementMessage(plan: PlanId, entitlement: Entitlement): string {
  const needed = cheapestPlanWith(entitlement);
  return `${ENTITLEMENT_NAMES[entitlement]} come with the ${needed.name} plan and up; your plan is ${PLANS[plan].name}. Upgrade to use them.`;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}
