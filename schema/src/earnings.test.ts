import {
  CREDIT_PAYOUT_CENTS,
  creatorPriceProblem,
  effectiveCreatorPrice,
  formatPayout,
  formatUsdCents,
  withCreatorPrice,
} from './earnings';
import { PLAN_IDS, PLANS, entitlementMessage, planHas } from './plans';

describe('creator earnings', () => {
  it('come with Starter and up, as the pricing table sells "no monetization" on Free', () => {
    expect(PLAN_IDS.map((id) => planHas(PLANS[id], 'monetization'))).toEqual([false, true, true]);
    expect(entitlementMessage('free', 'monetization')).toBe(
      'Creator earnings come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
  });

  it('takes a price of whole credits from 0 to 100', () => {
    for (const ok of [0, 1, 100]) expect(creatorPriceProblem(ok)).toBeNull();
    for (const bad of [-1, 101, 2.5, '3', null, Number.NaN]) {
      expect(creatorPriceProblem(bad)).toBe('creatorPrice must be a whole number of credits from 0 to 100.');
    }
  });

  it('charges the price only while the owner’s plan has creator earnings', () => {
    expect(effectiveCreatorPrice(7, 'starter')).toBe(7);
    expect(effectiveCreatorPrice(7, 'enterprise')).toBe(7);
    expect(effectiveCreatorPrice(7, 'free')).toBe(0);
  });

  it('adds the price to both ends of a run’s cost', () => {
    expect(withCreatorPrice({ min: 2, max: 9 }, 3)).toEqual({ min: 5, max: 12 });
  });

  it('pays a credit what it costs on Starter', () => {
    expect(CREDIT_PAYOUT_CENTS).toBe(4);
    expect(formatPayout(250)).toBe('$10.00');
    expect(formatPayout(3)).toBe('$0.12');
    expect(formatUsdCents(1012)).toBe('$10.12');
  });
});
