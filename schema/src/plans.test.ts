import { PLANS, PLAN_IDS, UNLIMITED, entitlementMessage, isPlanId, planHas } from './plans';

describe('plans', () => {
  it('match the pricing table', () => {
    expect(PLAN_IDS).toEqual(['free', 'starter', 'enterprise']);
    expect([PLANS.free.monthlyCredits, PLANS.free.publishedAppLimit, PLANS.free.priceUsd]).toEqual([
      50, 2, 0,
    ]);
    expect([PLANS.starter.monthlyCredits, PLANS.starter.publishedAppLimit, PLANS.starter.priceUsd]).toEqual([
      500, 10, 20,
    ]);
    expect([PLANS.enterprise.monthlyCredits, PLANS.enterprise.publishedAppLimit]).toEqual([UNLIMITED, -1]);
    expect(PLANS.enterprise.priceUsd).toBeNull();
  });

  it('grant analytics as the pricing table sells them: none on Free, basic on Starter, advanced on Enterprise', () => {
    expect(PLAN_IDS.map((id) => PLANS[id].analytics)).toEqual(['none', 'basic', 'advanced']);
    expect(PLAN_IDS.map((id) => planHas(PLANS[id], 'analytics'))).toEqual([false, true, true]);
    expect(PLAN_IDS.map((id) => planHas(PLANS[id], 'advancedAnalytics'))).toEqual([false, false, true]);
    expect(entitlementMessage('free', 'analytics')).toBe(
      'Analytics come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
    expect(entitlementMessage('starter', 'advancedAnalytics')).toBe(
      'Views per day and per-app analytics come with the Enterprise plan and up; your plan is Starter. Upgrade to use them.',
    );
  });

  it('recognises plan ids only', () => {
    expect(isPlanId('starter')).toBe(true);
    expect(isPlanId('Starter')).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
  });
});
