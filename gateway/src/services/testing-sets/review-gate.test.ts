import { PLANS, PLAN_IDS } from '@blocksmith/schema';
import { gateRefusal, ownerGate, planGate } from './review-gate';
import type { TestRunView } from './app-test-run-view';

const ran = (passed: number, total: number) =>
  ({ passed, total, passRate: Math.round((passed / total) * 10000) / 100 }) as TestRunView;

describe('the gate before review', () => {
  it('reads each plan’s minimums from the plans table', () => {
    for (const id of PLAN_IDS) expect(planGate(id)).toBe(PLANS[id].testGate);
  });

  it('takes the stricter of the plan’s and the server’s minimums, one by one', () => {
    const gate = ownerGate(
      { minCases: 5, minPassRate: 50 },
      { name: 'Free', gate: { minCases: 3, minPassRate: 80 } },
    );
    expect(gate).toEqual({ minCases: 5, minPassRate: 80, casesFromPlan: null, passRateFromPlan: 'Free' });
    expect(
      ownerGate({ minCases: 0, minPassRate: 0 }, { name: 'Free', gate: { minCases: 0, minPassRate: 0 } }),
    ).toEqual({
      minCases: 0,
      minPassRate: 0,
      casesFromPlan: null,
      passRateFromPlan: null,
    });
  });

  it('names the plan when its minimum refuses, and says what to do', () => {
    const gate = ownerGate(
      { minCases: 0, minPassRate: 90 },
      { name: 'Free', gate: { minCases: 3, minPassRate: 0 } },
    );
    expect(gateRefusal(gate, null, 2)).toBe(
      'Submitting for review on the Free plan needs a test set of at least 3 cases; this app has 2. Add cases on its Tests page.',
    );
    expect(gateRefusal(gate, ran(2, 3), 3)).toBe(
      'Submitting for review needs a pass rate of at least 90%; the test run just now passed 2 of 3 (66.67%). Fix the failing cases and submit again.',
    );
    expect(gateRefusal(gate, ran(3, 3), 3)).toBeNull();
    expect(gateRefusal({ minCases: 1, minPassRate: 0 }, null, 0)).toBe(
      'Submitting for review needs a test set of at least 1 case; this app has 0. Add cases on its Tests page.',
    );
  });
});
