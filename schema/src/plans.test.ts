import { PLANS, PLAN_IDS, UNLIMITED, isPlanId } from './plans';

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

  it('recognises plan ids only', () => {
    expect(isPlanId('starter')).toBe(true);
    expect(isPlanId('Starter')).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
  });
});
