import { InsufficientCreditsError } from '../../errors';
import { chargedJudge, judgeCreditsOf, judgePrice, JUDGE_BASE_CREDITS } from './judge-charges';
import type { TestCase } from './app-test-case';

const models = {
  check: (model: string) => (model === 'big' ? { credits: 3 } : { problem: `${model} is not a model here.` }),
};

function ledger(balance: number) {
  const entries: { runId: string; credits: number }[] = [];
  const refunded: string[] = [];
  return {
    entries,
    refunded,
    async debit(request: { runId: string; items: { credits: number }[] }) {
      const credits = request.items.reduce((sum, item) => sum + item.credits, 0);
      if (credits > balance) throw new InsufficientCreditsError('short', { required: credits, balance });
      balance -= credits;
      entries.push({ runId: request.runId, credits });
      return {};
    },
    async refund(runId: string) {
      refunded.push(runId);
      return 0;
    },
  };
}

describe('judge charges', () => {
  it('prices a judge call as a block with its model: the base price plus the model’s credits', () => {
    expect(judgePrice(undefined, models)).toBe(JUDGE_BASE_CREDITS);
    expect(judgePrice('big', models)).toBe(JUDGE_BASE_CREDITS + 3);
    expect(() => judgePrice('nope', models)).toThrow('nope is not a model here.');
  });

  it('counts every judge check of the set, leaving out models that cannot be used', () => {
    const set = [
      {
        checks: [
          { type: 'judge', rubric: 'x' },
          { type: 'contains', value: 'y' },
        ],
      },
      {
        checks: [
          { type: 'judge', rubric: 'x', model: 'big' },
          { type: 'judge', rubric: 'x', model: 'nope' },
        ],
      },
    ] as unknown as TestCase[];
    expect(judgeCreditsOf(set, models)).toBe(JUDGE_BASE_CREDITS * 2 + 3);
  });

  it('charges before asking, adds the price to the case, and refunds a judge that could not answer', async () => {
    const book = ledger(10);
    const tally = { credits: 0 };
    const verdict = await chargedJudge(
      async () => ({ passed: true, reason: 'ok' }),
      { ledger: book, models },
      'u',
      tally,
    )({
      answer: 'a',
      rubric: 'r',
      model: 'big',
    });
    expect(verdict.passed).toBe(true);
    expect(tally.credits).toBe(4);
    expect(book.entries).toEqual([{ runId: expect.any(String), credits: 4 }]);
    const failing = chargedJudge(
      async () => {
        throw new Error('timed out');
      },
      { ledger: book },
      'u',
      tally,
    );
    await expect(failing({ answer: 'a', rubric: 'r' })).rejects.toThrow('timed out');
    expect(book.refunded).toEqual([book.entries[1]!.runId]);
    expect(tally.credits).toBe(4);
  });

  it('says what is missing when the owner cannot pay for the judge', async () => {
    const judge = chargedJudge(async () => ({ passed: true, reason: '' }), { ledger: ledger(0) }, 'u', {
      credits: 0,
    });
    await expect(judge({ answer: 'a', rubric: 'r' })).rejects.toThrow(
      'not enough credits: judging costs 1 and you have 0',
    );
  });
});
