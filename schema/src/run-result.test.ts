import { flatResult, isRunResult, type RunResult } from './run-result';

const twoClassifications: RunResult = {
  blocks: {
    a: {
      kind: 'classification',
      outputs: { classified_category: 'Billing', classification: { category: 'Billing' } },
    },
    b: {
      kind: 'classification',
      outputs: { classification: { category: 'Positive' }, classified_category: 'Positive' },
    },
  },
  artifacts: [
    { nodeId: 'show', artifact: { kind: 'text', format: 'plain', text: 'Billing', copyable: false } },
  ],
  layout: [
    { id: 'in', variable: 'input_text', outputs: ['input_text'] },
    { id: 'a', variable: 'classified_category', outputs: ['classified_category', 'classification'] },
    { id: 'b', variable: 'classified_category_2', outputs: ['classified_category', 'classification'] },
    { id: 'show', outputs: [] },
  ],
};

describe('flatResult', () => {
  it('keeps both blocks of a kind: the later one takes the next free suffix', () => {
    expect(flatResult(twoClassifications)).toEqual({
      classified_category: 'Billing',
      classification: { category: 'Billing' },
      classified_category_2: 'Positive',
      classification_2: { category: 'Positive' },
      artifacts: twoClassifications.artifacts,
    });
  });

  it('follows the layout, not the order the blocks were stored in', () => {
    const reordered: RunResult = {
      ...twoClassifications,
      blocks: { b: twoClassifications.blocks.b!, a: twoClassifications.blocks.a! },
      layout: [...twoClassifications.layout].reverse(),
    };
    expect(flatResult(reordered)).toMatchObject({
      classification: { category: 'Positive' },
      classification_2: { category: 'Billing' },
    });
    expect(flatResult(JSON.parse(JSON.stringify(twoClassifications)))).toEqual(
      flatResult(twoClassifications),
    );
  });

  it('answers a flat result stored before runs kept one per block as it was stored', () => {
    const old = { summary: 'Short.', artifacts: [] };
    expect(isRunResult(old)).toBe(false);
    expect(flatResult(old)).toBe(old);
  });
});

describe('isRunResult', () => {
  it('recognises a per-block result, and not an old flat one that has a blocks output', () => {
    expect(isRunResult(twoClassifications)).toBe(true);
    expect(isRunResult({ blocks: { a: 'text' }, layout: [], artifacts: [] })).toBe(false);
    expect(isRunResult({ blocks: {}, artifacts: [] })).toBe(false);
  });
});
