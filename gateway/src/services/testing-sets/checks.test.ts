import { answersOf, evaluateCheck, type Judge } from './checks';
import { offlineVerdict } from './model-judge';
import type { TestCheck } from './app-test-case';

const result = {
  blocks: {
    cls: { kind: 'classification', outputs: { classification: { label: 'Spam', confidence: 0.9 } } },
    gen: { kind: 'textGeneration', outputs: { generated_text: 'Total: 1,234.5 credits {"a":1}' } },
    json: { kind: 'extract', outputs: { data: { name: 'Ann', age: 31 } } },
  },
  artifacts: [],
  layout: [
    { id: 'cls', variable: 'classification', outputs: ['classification'] },
    { id: 'gen', variable: 'generated_text', outputs: ['generated_text'] },
    { id: 'json', variable: 'data', outputs: ['data'] },
  ],
};
const answers = answersOf(result);
const judge: Judge = async ({ answer, rubric }) => offlineVerdict(answer, rubric);
const check = (fields: Partial<TestCheck> & Pick<TestCheck, 'type'>) =>
  evaluateCheck({ target: 'answer', ...fields }, answers, judge);

describe('evaluateCheck', () => {
  it('reads the final answer, a flat key, a block id and blockId.output', async () => {
    expect(answers.final).toEqual({ name: 'Ann', age: 31 });
    expect((await check({ type: 'contains', target: 'generated_text', value: '1,234' })).passed).toBe(true);
    expect((await check({ type: 'contains', target: 'gen', value: 'Total' })).passed).toBe(true);
    expect((await check({ type: 'contains', target: 'gen.generated_text', value: 'Total' })).passed).toBe(
      true,
    );
    expect(await check({ type: 'equals', target: 'nothing', value: 'x' })).toMatchObject({
      passed: false,
      actual: null,
      reason: 'The run has no answer nothing.',
    });
  });

  it('equals and contains, with and without case', async () => {
    expect(
      (await check({ type: 'equals', target: 'gen', value: 'total: 1,234.5 credits {"a":1}' })).passed,
    ).toBe(false);
    expect(
      (
        await check({
          type: 'equals',
          target: 'gen',
          value: 'total: 1,234.5 credits {"a":1}',
          ignoreCase: true,
        })
      ).passed,
    ).toBe(true);
    expect(await check({ type: 'contains', target: 'gen', value: 'haiku' })).toMatchObject({
      passed: false,
      reason: 'The answer does not contain "haiku".',
    });
  });

  it('matches a pattern', async () => {
    expect((await check({ type: 'matches', target: 'gen', pattern: '^Total: [\\d,.]+' })).passed).toBe(true);
    expect((await check({ type: 'matches', target: 'gen', pattern: '^\\d' })).passed).toBe(false);
  });

  it('checks a JSON schema, saying what is wrong', async () => {
    const schema = { type: 'object', required: ['name', 'age'], properties: { age: { type: 'integer' } } };
    expect((await check({ type: 'jsonSchema', schema })).passed).toBe(true);
    const wrong = await check({ type: 'jsonSchema', schema: { type: 'object', required: ['email'] } });
    expect(wrong.passed).toBe(false);
    expect(wrong.reason).toContain("must have required property 'email'");
    expect((await check({ type: 'jsonSchema', target: 'gen', schema })).reason).toContain('not valid JSON');
  });

  it('finds a number within a range', async () => {
    expect(await check({ type: 'range', target: 'gen', min: 1000, max: 2000 })).toMatchObject({
      passed: true,
      actual: '1234.5',
    });
    expect(await check({ type: 'range', target: 'json.data', max: 10 })).toMatchObject({
      passed: false,
      reason: 'The answer holds no number.',
    });
    expect((await check({ type: 'range', target: 'gen', max: 10 })).reason).toBe(
      '1234.5 is outside -∞ to 10.',
    );
  });

  it('compares a classification’s label', async () => {
    expect((await check({ type: 'label', target: 'classification', label: 'Spam' })).passed).toBe(true);
    expect(await check({ type: 'label', target: 'classification', label: 'Ham' })).toMatchObject({
      passed: false,
      reason: 'The label is Spam, not Ham.',
    });
    expect(
      (await check({ type: 'label', target: 'classification', label: 'spam', ignoreCase: true })).passed,
    ).toBe(true);
  });

  it('keeps a judge’s verdict and reason; a judge that fails fails the check', async () => {
    expect(await check({ type: 'judge', target: 'gen', rubric: 'It must mention "credits".' })).toMatchObject(
      {
        passed: true,
        reason: 'Offline judge: the answer mentions "credits".',
      },
    );
    expect(
      await check({ type: 'judge', target: 'gen', rubric: 'Mentions "refund" and "credits"' }),
    ).toMatchObject({
      passed: false,
      reason: 'Offline judge: the answer does not mention "refund".',
    });
    const broken: Judge = async () => {
      throw new Error('model unavailable');
    };
    const outcome = await evaluateCheck({ type: 'judge', target: 'gen', rubric: 'x' }, answers, broken);
    expect(outcome).toMatchObject({ passed: false, reason: 'The judge could not answer: model unavailable' });
  });
});

describe('offlineVerdict', () => {
  it('is deterministic and passes a non-empty answer when the rubric quotes nothing', () => {
    expect(offlineVerdict('anything', 'Be polite')).toEqual(offlineVerdict('anything', 'Be polite'));
    expect(offlineVerdict('anything', 'Be polite').passed).toBe(true);
    expect(offlineVerdict('  ', 'Be polite').passed).toBe(false);
  });
});
