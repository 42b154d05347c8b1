import { compactSteps, expandSteps } from './compact-steps';

const answer =
  "Here is where the answer to 'Write about tea' would go, long enough to be worth referring to.";
const artifact = { kind: 'text', text: answer, format: 'card', copyable: true };

/** A three-block app's run as the engine ends it: input, Text AI, display. */
function textRun() {
  const result = {
    blocks: { gen: { kind: 'textGeneration', outputs: { generated_text: answer } } },
    layout: [{ id: 'in', outputs: ['input_text'], variable: 'input_text' }],
    artifacts: [{ nodeId: 'show', artifact }],
  };
  const nodes = {
    in: {
      kind: 'textInput',
      order: 0,
      status: 'succeeded',
      inputs: { input_text: 'tea' },
      outputs: { input_text: 'tea' },
    },
    gen: {
      kind: 'textGeneration',
      order: 1,
      status: 'succeeded',
      credits: 1,
      inputs: { input_text: 'tea' },
      outputs: { generated_text: answer },
    },
    show: {
      kind: 'textDisplay',
      order: 2,
      status: 'succeeded',
      inputs: { generated_text: answer },
      outputs: {},
      artifacts: [artifact],
    },
  };
  return { result, nodes };
}

/** As the database hands JSON back: a copy. */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('compact steps', () => {
  it('stores the text of a three-block run once in the steps, and reads the steps back whole', () => {
    const { result, nodes } = textRun();
    const compact = compactSteps(nodes, result);
    expect(JSON.stringify(compact).split(answer)).toHaveLength(1);
    expect(compact.gen).toEqual({
      order: 1,
      status: 'succeeded',
      credits: 1,
      inputs: { input_text: 'tea' },
      kept: { outputs: 'result' },
    });
    expect(compact.show).toEqual({
      kind: 'textDisplay',
      order: 2,
      status: 'succeeded',
      inputs: {},
      outputs: {},
      kept: { inputs: { generated_text: ['gen', 'generated_text'] }, artifacts: 'result' },
    });
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(nodes).length - 2 * answer.length);
    expect(expandSteps(stored(compact), stored(result))).toEqual(nodes);
  });

  it('reads steps stored before (without kept) as they are', () => {
    const { result, nodes } = textRun();
    const old = stored(nodes);
    expect(expandSteps(old, result)).toBe(old);
    expect(expandSteps(null, result)).toBeNull();
  });

  it('keeps a value in its step when the result holds a different one (a cut output, another item)', () => {
    const { result, nodes } = textRun();
    const cut = {
      ...result,
      blocks: { gen: { kind: 'textGeneration', outputs: { generated_text: 'cut…' } } },
    };
    const compact = compactSteps(nodes, cut);
    // Only its kind, which the result holds, is left out.
    const { kind: _kind, ...rest } = nodes.gen;
    expect(compact.gen).toEqual({ ...rest, kept: {} });
    // The display's input is still the Text AI's output, kept in the Text AI's step.
    expect((compact.show as { kept: unknown }).kept).toEqual({
      inputs: { generated_text: ['gen', 'generated_text'] },
      artifacts: 'result',
    });
    expect(expandSteps(stored(compact), stored(cut))).toEqual(nodes);
  });

  it('leaves short values where they are, and steps of a run without a result', () => {
    const nodes = {
      a: { status: 'succeeded', outputs: { value: 'short' } },
      b: { status: 'succeeded', inputs: { value: 'short' }, outputs: {} },
    };
    expect(compactSteps(nodes, null)).toEqual(nodes);
  });

  it('refers an input to an upstream step whose own outputs are kept in the result', () => {
    const long = { rows: Array.from({ length: 5 }, (_, i) => ({ name: `row ${i}`, price: i })) };
    const result = {
      blocks: { extract: { kind: 'extraction', outputs: { extracted_data: long } } },
      artifacts: [],
    };
    const nodes = {
      extract: { status: 'succeeded', outputs: { extracted_data: long } },
      table: { status: 'succeeded', inputs: { extracted_data: long, note: 'x' }, outputs: {} },
    };
    const compact = compactSteps(nodes, result);
    // A step without a kind of its own, where the result's would be read: said so.
    expect(compact.extract).toEqual({ status: 'succeeded', kind: null, kept: { outputs: 'result' } });
    expect(compact.table).toEqual({
      status: 'succeeded',
      inputs: { note: 'x' },
      outputs: {},
      kept: { inputs: { extracted_data: ['extract', 'extracted_data'] } },
    });
    expect(expandSteps(stored(compact), stored(result))).toEqual(nodes);
  });

  it("leaves out a step's finishing time when its start and duration give it, and reads it back", () => {
    const { result, nodes } = textRun();
    const timed = {
      in: { ...nodes.in, startedAt: 1795923406998, durationMs: 1, finishedAt: 1795923406999 },
      gen: { ...nodes.gen, startedAt: 1795923406999, durationMs: 3, finishedAt: 1795923407002 },
      // Measured apart from its events: its duration does not give its finishing time.
      show: { ...nodes.show, startedAt: 1795923407002, durationMs: 1, finishedAt: 1795923407002 },
    };
    const compact = compactSteps(timed, result) as Record<string, Record<string, unknown>>;
    expect(compact.in).toEqual({ ...nodes.in, startedAt: 1795923406998, durationMs: 1, kept: {} });
    expect(compact.gen).not.toHaveProperty('finishedAt');
    expect(compact.show!.finishedAt).toBe(1795923407002);
    expect(expandSteps(stored(compact), stored(result))).toEqual(timed);
  });

  it('says so when a step has a start and a duration but no finishing time, or no kind of its own', () => {
    const { result } = textRun();
    const nodes = {
      gen: { status: 'succeeded', startedAt: 10, durationMs: 5, outputs: { generated_text: answer } },
    };
    const compact = compactSteps(nodes, result);
    expect(compact.gen).toEqual({
      status: 'succeeded',
      startedAt: 10,
      durationMs: 5,
      finishedAt: null,
      kind: null,
      kept: { outputs: 'result' },
    });
    expect(expandSteps(stored(compact), stored(result))).toEqual(nodes);
    // A null of its own cannot be told from that: the step is stored whole.
    const nulls = { gen: { ...nodes.gen, finishedAt: null } };
    expect(compactSteps(nulls, result)).toEqual(nulls);
  });
});
