import type { BlockTier } from './block-catalogue';

/** Plans and what they grant; -1 means unlimited. */
export const PLAN_IDS = ['free', 'starter', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const UNLIMITED = -1;

/**
 * What the analytics of one's own apps (/my-apps) show on a plan:
 * - `none` (Free, "no analytics"): the list of one's apps with their status and the counters the
 *   store itself shows (views, runs, upvotes, and their totals); no figures over time.
 * - `basic` (Starter): runs per day over the last 7 or 30 days, across all one's apps.
 * - `advanced` (Enterprise): also page views per day, and both for one app at a time.
 */
export type AnalyticsLevel = 'none' | 'basic' | 'advanced';
const ANALYTICS_RANK: Record<AnalyticsLevel, number> = { none: 0, basic: 1, advanced: 2 };

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
  /** A creator price per run of one's published apps, paid to one's earnings ("monetization"). */
  monetization: boolean;
  /** Which blocks may be added to apps: `core` only, or `full` (every block). */
  blocks: BlockTier;
  analytics: AnalyticsLevel;
  /** Documents one's knowledge bases hold together; -1 means unlimited. */
  knowledgeDocuments: number;
  /** Characters of text one's knowledge bases hold together; -1 means unlimited. */
  knowledgeChars: number;
  /**
   * What submitting an app for review needs on this plan: a test set of at least `minCases` cases
   * whose test run passes at least `minPassRate`% (0 and 0: nothing). The server's own setting
   * (`TEST_GATE_MIN_CASES`, `TEST_GATE_MIN_PASS_RATE`) adds to it: the stricter of the two applies.
   */
  testGate: { minCases: number; minPassRate: number };
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
    monetization: false,
    blocks: 'core',
    analytics: 'none',
    knowledgeDocuments: 20,
    knowledgeChars: 2_000_000,
    testGate: { minCases: 0, minPassRate: 0 },
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    priceUsd: 20,
    monthlyCredits: 500,
    publishedAppLimit: 10,
    apiKeys: true,
    embeds: true,
    monetization: true,
    blocks: 'full',
    analytics: 'basic',
    knowledgeDocuments: 500,
    knowledgeChars: 50_000_000,
    testGate: { minCases: 0, minPassRate: 0 },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: null,
    monthlyCredits: UNLIMITED,
    publishedAppLimit: UNLIMITED,
    apiKeys: true,
    embeds: true,
    monetization: true,
    blocks: 'full',
    analytics: 'advanced',
    knowledgeDocuments: UNLIMITED,
    knowledgeChars: UNLIMITED,
    testGate: { minCases: 0, minPassRate: 0 },
  },
};

/** What a plan may or may not do, by name, as the entitlement checks read it. */
export type Entitlement =
  'apiKeys' | 'embeds' | 'monetization' | 'fullBlocks' | 'analytics' | 'advancedAnalytics';

const ENTITLEMENT_NAMES: Record<Entitlement, string> = {
  apiKeys: 'API keys',
  embeds: 'Embeds',
  monetization: 'Creator earnings',
  fullBlocks: 'Full blocks',
  analytics: 'Analytics',
  advancedAnalytics: 'Views per day and per-app analytics',
};

/** Whether a plan grants an entitlement. */
export function planHas(plan: Plan, entitlement: Entitlement): boolean {
  switch (entitlement) {
    case 'fullBlocks':
      return plan.blocks === 'full';
    case 'analytics':
      return ANALYTICS_RANK[plan.analytics] >= ANALYTICS_RANK.basic;
    case 'advancedAnalytics':
      return plan.analytics === 'advanced';
    default:
      return plan[entitlement];
  }
}

/** Whether a plan may add a block of `tier` to an app. */
export function planAllowsBlock(plan: PlanId, tier: BlockTier): boolean {
  return tier === 'core' || PLANS[plan].blocks === 'full';
}

/** The cheapest plan that grants `entitlement`. */
export function cheapestPlanWith(entitlement: Entitlement): Plan {
  return PLAN_IDS.map((id) => PLANS[id]).find((plan) => planHas(plan, entitlement))!;
}

/** The refusal for a plan without `entitlement`, naming the plan that has it. */
export function entitlementMessage(plan: PlanId, entitlement: Entitlement): string {
  const needed = cheapestPlanWith(entitlement);
  return `${ENTITLEMENT_NAMES[entitlement]} come with the ${needed.name} plan and up; your plan is ${PLANS[plan].name}. Upgrade to use them.`;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The refusal for saving an app that adds full blocks (`names`) on a plan without them. */
export function fullBlocksRefusal(names: readonly string[], plan: PlanId): string {
  const subject = names.length === 1 ? `${names[0]} is a full block` : `${names.join(', ')} are full blocks`;
  return `${subject}. ${entitlementMessage(plan, 'fullBlocks')}`;
}
