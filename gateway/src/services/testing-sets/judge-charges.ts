import { randomUUID } from 'node:crypto';
import type { ModelLookup } from '@blocksmith/engine';
import { InsufficientCreditsError } from '../../errors';
import type { Judge } from './checks';
import type { TestCase } from './app-test-case';

/** What one judge call costs before its model's extra credits, as an AI block's own price. */
export const JUDGE_BASE_CREDITS = 1;

/** The credit-history name of a judge call (its `block_type`). */
export const JUDGE_HISTORY_TYPE = 'model_judge';

/** The ledger, as judge charges use it. */
export interface JudgeLedger {
  debit(request: {
    userId: string;
    runId: string;
    actionType: 'test_execution';
    items: { blockType: string; credits: number }[];
  }): Promise<unknown>;
  refund(runId: string): Promise<number>;
}

/**
 * What one judge call with `model` costs: the base price plus what the model adds, as a block's
 * model is priced (`ModelLookup`); a model the server cannot use for structured answers throws.
 */
export function judgePrice(model: string | undefined, models?: ModelLookup): number {
  if (!model || !models) return JUDGE_BASE_CREDITS;
  const found = models.check(model, 'structured');
  if ('problem' in found) throw new Error(found.problem);
  return JUDGE_BASE_CREDITS + found.credits;
}

/** The most the judge checks of `cases` cost together (each judge check called once a case). */
export function judgeCreditsOf(cases: readonly TestCase[], models?: ModelLookup): number {
  let total = 0;
  for (const one of cases) {
    for (const check of one.checks) {
      if (check.type !== 'judge') continue;
      try {
        total += judgePrice(check.model, models);
      } catch {
        // A model the server cannot use is not called (the check fails saying why): no charge.
      }
    }
  }
  return total;
}

/**
 * A judge that charges `userId` for each call like any model use (its own ledger entry,
 * `model_judge`, action `test_execution`), before asking, and refunds it when the judge could not
 * answer. Its price is added to `tally.credits` (the case's credits, as a run's cost is its price).
 */
export function chargedJudge(
  judge: Judge,
  deps: { ledger: JudgeLedger; models?: ModelLookup | undefined },
  userId: string,
  tally: { credits: number },
): Judge {
  return async (request) => {
    const credits = judgePrice(request.model, deps.models);
    const chargeId = randomUUID();
    try {
      await deps.ledger.debit({
        userId,
        runId: chargeId,
        actionType: 'test_execution',
        items: [{ blockType: JUDGE_HISTORY_TYPE, credits }],
      });
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        const { balance } = (error.details ?? {}) as { balance?: number };
        throw new Error(`not enough credits: judging costs ${credits} and you have ${balance ?? 'fewer'}`, {
          cause: error,
        });
      }
      throw error;
    }
    try {
      const verdict = await judge(request);
      tally.credits += credits;
      return verdict;
    } catch (error) {
      await deps.ledger.refund(chargeId);
      throw error;
    }
  };
}
