import { PLANS, UNLIMITED, type PlanId } from '@blocksmith/schema';

/** A plan with unlimited credits (enterprise): its runs are recorded, never refused. */
export function isUnlimitedPlan(plan: PlanId): boolean {
  return PLANS[plan].monthlyCredits === UNLIMITED;
}

/** The ids of every plan with unlimited credits. */
export const UNLIMITED_PLANS: readonly PlanId[] = (Object.keys(PLANS) as PlanId[]).filter(isUnlimitedPlan);
