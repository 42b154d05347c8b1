import { flatResult, type RunResult } from '@blocksmith/schema';
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
    expect(compactResult(short).artifacts).toBe(short.artifacts);
    const other = textResult();
    other.artifacts[0]!.artifact.text = `${answer} (edited)`;
    expect(compactResult(other).artifacts).toBe(other.artifacts);
    const none = { ...textResult(), artifacts: [] };
    expect(compactResult(none).artifacts).toBe(none.artifacts);
    const bare = { blocks: {}, artifacts: [], layout: [] };
    expect(compactResult(bare)).toBe(bare);
  });

  it('stores the layout as arrays, and reads it back as objects', () => {
    const result = textResult();
    const compact = compactResult(result);
    expect(compact.layout).toEqual([
      ['in', ['input_text'], 'input_text'],
      ['gen', ['generated_text'], 'generated_text'],
      ['show', []],
    ]);
    expect(JSON.stringify(compact.layout).length).toBeLessThan(JSON.stringify(result.layout).length * 0.7);
    const read = expandResult(stored(compact));
    expect(read).toEqual(result);
    expect(flatResult(read as RunResult)).toEqual({
      input_text: undefined,
      generated_text: answer,
      artifacts: result.artifacts,
    });
  });

  it('keeps a layout as it is when an entry holds anything else', () => {
    const result = {
      ...textResult(),
      layout: [
        { id: 'in', outputs: ['input_text'], note: 'x' },
        { id: 'gen', outputs: [] },
      ],
    };
    expect(compactResult(result).layout).toBe(result.layout);
    const odd = { ...textResult(), layout: [{ id: 'gen', outputs: ['generated_text'], variable: 3 }] };
    expect(compactResult(odd).layout).toBe(odd.layout);
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
