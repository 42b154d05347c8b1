import { PLANS, type PlanId } from '@blocksmith/schema';
import type { TestRunView } from './app-test-run-view';

/** What submitting for review requires: at least `minCases` cases passing at `minPassRate`% or more. */
export interface TestGate {
  minCases: number;
  minPassRate: number;
}

/** The gate in force for an owner, and which plan set each minimum (null: the server's setting). */
export interface OwnerGate extends TestGate {
  casesFromPlan: string | null;
  passRateFromPlan: string | null;
}

export const NO_GATE: TestGate = { minCases: 0, minPassRate: 0 };

/** A plan's gate as the plans table says. */
export function planGate(plan: PlanId): TestGate {
  return PLANS[plan].testGate;
}

/**
 * The owner's plan and the server's setting together: each minimum is the stricter of the two,
 * remembering when it is the plan's (the refusal then names the plan).
 */
export function ownerGate(server: TestGate, plan: { name: string; gate: TestGate }): OwnerGate {
  const casesFromPlan = plan.gate.minCases > server.minCases;
  const passRateFromPlan = plan.gate.minPassRate > server.minPassRate;
  return {
    minCases: casesFromPlan ? plan.gate.minCases : server.minCases,
    minPassRate: passRateFromPlan ? plan.gate.minPassRate : server.minPassRate,
    casesFromPlan: casesFromPlan ? plan.name : null,
    passRateFromPlan: passRateFromPlan ? plan.name : null,
  };
}

const onPlan = (plan: string | null | undefined) => (plan ? ` on the ${plan} plan` : '');

/** Why the gate refuses a submission, saying what to do; null when it passes. */
export function gateRefusal(
  gate: TestGate & Partial<OwnerGate>,
  run: TestRunView | null,
  cases: number,
): string | null {
  if (cases < gate.minCases) {
    return `Submitting for review${onPlan(gate.casesFromPlan)} needs a test set of at least ${gate.minCases} case${gate.minCases === 1 ? '' : 's'}; this app has ${cases}. Add cases on its Tests page.`;
  }
  if (gate.minPassRate > 0 && run && (run.passRate ?? 0) < gate.minPassRate) {
    return `Submitting for review${onPlan(gate.passRateFromPlan)} needs a pass rate of at least ${gate.minPassRate}%; the test run just now passed ${run.passed} of ${run.total} (${run.passRate ?? 0}%). Fix the failing cases and submit again.`;
  }
  return null;
}
