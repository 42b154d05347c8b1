import { compactResult, expandResult } from './compact-result';
import { compactSteps, expandSteps } from './compact-steps';

const answer =
  "Here is where the answer to 'Write about tea' would go, long enough to be worth referring to.";

/** A three-block app's result as the engine ends it: input, Text AI, display. */
function textResult() {
  return {
    blocks: { gen: { kind: 'textGeneration', outputs: { generated_text: answer } } },
    layout: [
      { id: 'in', outputs: ['input_text'], variable: 'input_text' },
      { id: 'gen', outputs: ['generated_text'], variable: 'generated_text' },
      { id: 'show', outputs: [] },
    ],
    artifacts: [{ nodeId: 'show', artifact: { kind: 'text', text: answer, format: 'card', copyable: true } }],
  };
}

/** As the database hands JSON back: a copy. */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('compact result', () => {
  it("stores an artifact's text that a block produced once, and reads the result back whole", () => {
    const result = textResult();
    const compact = compactResult(result);
    expect(JSON.stringify(compact).split(answer)).toHaveLength(2);
    expect(compact.artifacts).toEqual([
      {
        nodeId: 'show',
        artifact: { kind: 'text', format: 'card', copyable: true },
        kept: { text: ['gen', 'generated_text'] },
      },
    ]);
    expect(compact.blocks).toBe(result.blocks);
    expect(expandResult(stored(compact))).toEqual(result);
    expect(result.artifacts[0]!.artifact.text).toBe(answer);
  });

  it('leaves short values, values no block produced, and results without artifacts as they are', () => {
    const short = {
      ...textResult(),
      blocks: { gen: { kind: 'textGeneration', outputs: { generated_text: 'tea' } } },
    };
    short.artifacts[0]!.artifact.text = 'tea';
    expect(compactResult(short)).toBe(short);
    const other = textResult();
    other.artifacts[0]!.artifact.text = `${answer} (edited)`;
    expect(compactResult(other)).toBe(other);
    const none = { ...textResult(), artifacts: [] };
    expect(compactResult(none)).toBe(none);
  });

  it('refers to whole values of any kind: a table an output block shows as its block produced it', () => {
    const rows = [
      { name: 'Ada', role: 'engineer' },
      { name: 'Grace', role: 'admiral' },
    ];
    const result = {
      blocks: { csv: { kind: 'csvParser', outputs: { rows, count: 2 } } },
      layout: [{ id: 'csv', outputs: ['rows', 'count'] }],
      artifacts: [{ nodeId: 'table', artifact: { kind: 'table', rows, title: 'People' } }],
    };
    const compact = compactResult(result);
    expect(compact.artifacts[0]).toEqual({
      nodeId: 'table',
      artifact: { kind: 'table', title: 'People' },
      kept: { rows: ['csv', 'rows'] },
    });
    expect(expandResult(stored(compact))).toEqual(result);
  });

  it('reads results stored before (whole, flat) and null as they are', () => {
    const whole = textResult();
    expect(expandResult(whole)).toBe(whole);
    const flat = { generated_text: answer };
    expect(expandResult(flat)).toBe(flat);
    expect(expandResult(null)).toBeNull();
  });

  it('gives the steps their artifacts back from the expanded result', () => {
    const result = textResult();
    const nodes = {
      gen: { kind: 'textGeneration', order: 1, status: 'succeeded', outputs: { generated_text: answer } },
      show: {
        kind: 'textDisplay',
        order: 2,
        status: 'succeeded',
        inputs: { generated_text: answer },
        outputs: {},
        artifacts: [result.artifacts[0]!.artifact],
      },
    };
    const steps = stored(compactSteps(nodes, result));
    const kept = stored(compactResult(result));
    expect(JSON.stringify([steps, kept]).split(answer)).toHaveLength(2);
    expect(expandSteps(steps, expandResult(kept))).toEqual(nodes);
  });
});
