import type { Artifact } from './artifacts';
import { addUsage, applyRunEvent, createRunState, isOtherItem, type RunState } from './run-event-fold';
import type { LoopPosition, RunEvent } from './run-events';

const runId = 'run-1';
const at = 1000;
const text: Artifact = { kind: 'text', format: 'markdown', text: 'Hello', copyable: true };
const item = (n: number, items = 3): LoopPosition[] => [{ loopId: 'each', item: n, items }];

function fold(events: RunEvent[], state: RunState = createRunState()): RunState {
  for (const event of events) applyRunEvent(state, event);
  return state;
}

const started = (nodeId: string, loop?: LoopPosition[]): RunEvent => ({
  type: 'node_started',
  runId,
  nodeId,
  at,
  ...(loop && { loop }),
});
const partial = (nodeId: string, chunk: string, loop?: LoopPosition[]): RunEvent => ({
  type: 'node_partial',
  runId,
  nodeId,
  at,
  text: chunk,
  ...(loop && { loop }),
});
const finished = (
  nodeId: string,
  outputs: Record<string, unknown>,
  more: Partial<Extract<RunEvent, { type: 'node_finished' }>> = {},
): RunEvent => ({
  type: 'node_finished',
  runId,
  nodeId,
  at: at + 5,
  durationMs: 5,
  outputs,
  artifacts: [],
  ...more,
});
const failed = (nodeId: string, error: string, loop?: LoopPosition[]): RunEvent => ({
  type: 'node_failed',
  runId,
  nodeId,
  at: at + 7,
  durationMs: 7,
  error,
  ...(loop && { loop }),
});
const skipped = (nodeId: string, loop?: LoopPosition[]): RunEvent => ({
  type: 'node_skipped',
  runId,
  nodeId,
  at,
  ...(loop && { loop }),
});

describe('applyRunEvent', () => {
  it('starts a run: its id, its blocks, running', () => {
    const state = fold([{ type: 'run_started', runId, at, nodeIds: ['a', 'b'] }]);
    expect(state).toMatchObject({ runId, status: 'running', nodeIds: ['a', 'b'], artifacts: [] });
    expect(state.nodes.size).toBe(0);
  });

  it('follows a block from its start through its streamed text to its outputs', () => {
    const state = fold([
      { type: 'run_started', runId, at, nodeIds: ['gen'] },
      started('gen'),
      partial('gen', 'Hel'),
      partial('gen', 'lo'),
    ]);
    expect(state.nodes.get('gen')).toMatchObject({
      status: 'running',
      startedAt: at,
      shown: { status: 'running', text: 'Hello' },
    });
    applyRunEvent(
      state,
      finished(
        'gen',
        { generated_text: 'Hello' },
        { artifacts: [text], model: 'gpt', usage: { totalTokens: 3 } },
      ),
    );
    expect(state.nodes.get('gen')).toEqual({
      status: 'succeeded',
      startedAt: at,
      finishedAt: at + 5,
      durationMs: 5,
      outputs: { generated_text: 'Hello' },
      artifacts: [text],
      model: 'gpt',
      usage: { totalTokens: 3 },
      shown: { status: 'succeeded', text: 'Hello', position: undefined, durationMs: 5 },
    });
    expect(state.artifacts).toEqual([{ nodeId: 'gen', artifact: text }]);
  });

  it('keeps the routes a block took and leaves out artifacts of a block that handed none', () => {
    const state = fold([started('cond'), finished('cond', { checked_value: 'x' }, { routes: ['true'] })]);
    expect(state.nodes.get('cond')).toMatchObject({ routes: ['true'] });
    expect(state.nodes.get('cond')?.artifacts).toBeUndefined();
    expect(state.artifacts).toEqual([]);
  });

  it('takes the run id from the first event and leaves out events of another run', () => {
    const state = fold([started('a')]);
    expect(state.runId).toBe(null);
    const other = createRunState(runId);
    expect(applyRunEvent(other, { type: 'node_started', runId: 'run-2', nodeId: 'a', at })).toBe(false);
    expect(applyRunEvent(other, { type: 'run_started', runId: 'run-2', at, nodeIds: [] })).toBe(false);
    expect(other.nodes.size).toBe(0);
    expect(applyRunEvent(other, started('a'))).toBe(true);
  });

  it('starts over when the run starts again (events sent again after a watch is made again)', () => {
    const state = fold([
      { type: 'run_started', runId, at, nodeIds: ['a'] },
      started('a'),
      finished('a', { v: 1 }, { artifacts: [text] }),
      { type: 'run_started', runId, at, nodeIds: ['a'] },
    ]);
    expect(state.nodes.size).toBe(0);
    expect(state.artifacts).toEqual([]);
    fold([started('a'), finished('a', { v: 1 }, { artifacts: [text] })], state);
    expect(state.artifacts).toEqual([{ nodeId: 'a', artifact: text }]);
  });

  it('keeps the first failure: a later start, finish or failure of the block does not hide it', () => {
    const state = fold([started('a'), failed('a', 'A failed: no'), started('a'), finished('a', {})]);
    applyRunEvent(state, failed('a', 'A was stopped.'));
    expect(state.nodes.get('a')).toMatchObject({ status: 'failed', error: 'A failed: no', durationMs: 7 });
    expect(state.nodes.get('a')?.shown).toMatchObject({ status: 'failed', position: undefined });
  });

  it('skips a block only while it never ran; a skip after it ran changes nothing', () => {
    const state = fold([skipped('a'), started('b'), skipped('b')]);
    expect(state.nodes.get('a')).toMatchObject({ status: 'skipped', shown: { status: 'skipped', text: '' } });
    expect(state.nodes.get('b')?.status).toBe('running');
    fold([skipped('a')], state);
    expect(state.nodes.get('a')?.status).toBe('skipped');
  });

  it('takes streamed text as a start when the start event was missed', () => {
    const state = fold([partial('a', 'x')]);
    expect(state.nodes.get('a')).toMatchObject({
      status: 'running',
      shown: { status: 'running', text: 'x' },
    });
    expect(state.nodes.get('a')?.startedAt).toBeUndefined();
  });

  it("counts a loop's items and keeps its progress", () => {
    const state = fold([
      started('each'),
      { type: 'loop_progress', runId, at, nodeId: 'each', done: 0, items: 3 },
      { type: 'loop_progress', runId, at, nodeId: 'each', done: 2, items: 3 },
    ]);
    expect(state.nodes.get('each')).toMatchObject({
      status: 'running',
      runs: 3,
      progress: { done: 2, items: 3 },
    });
    // A loop inside a loop: its progress, its runs counted by its own finished items.
    fold([{ type: 'loop_progress', runId, at, nodeId: 'inner', done: 1, items: 4, loop: item(1) }], state);
    expect(state.nodes.get('inner')?.runs).toBeUndefined();
    expect(state.nodes.get('inner')?.progress).toEqual({ done: 1, items: 4 });
    // A new start of the block follows afresh (its progress comes again).
    fold([started('each')], state);
    expect(state.nodes.get('each')?.progress).toBeUndefined();
  });

  it('inside a loop: totals over the items, the first finished item kept, the items not in the result', () => {
    const state = fold([
      started('gen', item(2)),
      started('gen', item(1)),
      finished(
        'gen',
        { t: 'two' },
        { artifacts: [text], loop: item(2), usage: { totalTokens: 2 }, credits: 2 },
      ),
      finished(
        'gen',
        { t: 'one' },
        { loop: item(1), usage: { totalTokens: 3, promptTokens: 1 }, credits: 2 },
      ),
    ]);
    expect(state.nodes.get('gen')).toMatchObject({
      status: 'succeeded',
      runs: 2,
      durationMs: 10,
      item: 2,
      outputs: { t: 'two' },
      artifacts: [text],
      usage: { totalTokens: 5, promptTokens: 1 },
      credits: 4,
    });
    expect(state.nodes.get('gen')?.routes).toBeUndefined();
    expect(state.artifacts).toEqual([]);
    applyRunEvent(state, failed('gen', 'Gen failed on item 3 of 3: no', item(3)));
    expect(state.nodes.get('gen')).toMatchObject({ status: 'failed', durationMs: 17, runs: 2 });
  });

  it('shows one item of a loop at a time: items beside it are left out, the next to start is followed', () => {
    const state = fold([started('gen', item(1)), started('gen', item(2))]);
    const gen = () => state.nodes.get('gen')!;
    expect(gen().shown).toMatchObject({ status: 'running', position: item(1) });
    fold([partial('gen', 'two', item(2)), partial('gen', 'one', item(1))], state);
    expect(gen().shown).toMatchObject({ text: 'one', position: item(1) });
    // Another item finishing first: the block is done over the run, the shown item still runs.
    fold([finished('gen', {}, { loop: item(2), durationMs: 9 })], state);
    expect(gen().status).toBe('succeeded');
    expect(gen().shown).toMatchObject({ status: 'running', text: 'one', position: item(1) });
    fold([finished('gen', {}, { loop: item(1), durationMs: 4 })], state);
    expect(gen().shown).toEqual({ status: 'succeeded', text: 'one', position: item(1), durationMs: 4 });
    // A skip for one item after others ran changes nothing.
    fold([skipped('gen', item(3))], state);
    expect(gen().status).toBe('succeeded');
    // The next item to start is followed.
    fold([started('gen', item(3))], state);
    expect(gen().shown).toEqual({ status: 'running', text: '', position: item(3), durationMs: undefined });
    expect(gen().status).toBe('running');
  });

  it('records how the run ended', () => {
    const state = fold([
      { type: 'run_started', runId, at, nodeIds: [] },
      { type: 'run_finished', runId, at, status: 'failed', error: 'A failed: no' },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: 'A failed: no' });
  });

  it('gives the same state for the same events (it reads nothing else)', () => {
    const events: RunEvent[] = [
      { type: 'run_started', runId, at, nodeIds: ['a', 'gen'] },
      started('a'),
      finished('a', { v: 1 }, { artifacts: [text] }),
      started('gen', item(1)),
      partial('gen', 'x', item(1)),
      failed('gen', 'no', item(1)),
      { type: 'run_finished', runId, at, status: 'failed', error: 'no' },
    ];
    expect(fold(events)).toEqual(fold(events));
  });
});

describe('isOtherItem', () => {
  const shown = (position?: LoopPosition[]) => ({
    status: 'running' as const,
    text: '',
    position,
    durationMs: undefined,
  });

  it('compares the loop and item at every depth', () => {
    expect(isOtherItem(shown(item(1)), item(2))).toBe(true);
    expect(isOtherItem(shown(item(1)), item(1, 5))).toBe(false);
    expect(isOtherItem(shown(item(1)), [{ loopId: 'other', item: 1, items: 3 }])).toBe(true);
  });

  it('follows any event when nothing is followed, the event is outside loops or at another depth', () => {
    expect(isOtherItem(shown(), item(2))).toBe(false);
    expect(isOtherItem(shown(item(1)), undefined)).toBe(false);
    expect(isOtherItem(shown(item(1)), [...item(1), { loopId: 'inner', item: 2, items: 2 }])).toBe(false);
  });
});

describe('addUsage', () => {
  it('adds each count some call reported', () => {
    expect(addUsage(undefined, { totalTokens: 2 })).toEqual({ totalTokens: 2 });
    expect(addUsage({ totalTokens: 2, promptTokens: 1 }, { totalTokens: 3, completionTokens: 4 })).toEqual({
      totalTokens: 5,
      promptTokens: 1,
      completionTokens: 4,
    });
  });
});

describe('a block run as a tool', () => {
  it('counts its calls, adds up their time and credits, and keeps the first call’s answer and arguments', () => {
    const call = (n: number, city: string) => ({ calledBy: 'agent', call: n, arguments: { city } });
    const state = fold([
      { type: 'run_started', runId, at, nodeIds: ['agent', 'http'] },
      started('agent'),
      { type: 'node_started', runId, nodeId: 'http', at, tool: call(1, 'Oslo') },
      finished('http', { http_response: 'Oslo facts' }, { tool: call(1, 'Oslo'), credits: 2 }),
      { type: 'node_started', runId, nodeId: 'http', at, tool: call(2, 'Rome') },
      finished('http', { http_response: 'Rome facts' }, { tool: call(2, 'Rome'), credits: 2 }),
    ]);
    const http = state.nodes.get('http')!;
    expect(http).toMatchObject({
      status: 'succeeded',
      runs: 2,
      durationMs: 10,
      credits: 4,
      outputs: { http_response: 'Oslo facts' },
      call: call(1, 'Oslo'),
    });
    expect(state.artifacts).toEqual([]);
  });

  it('keeps a failed call as the block’s failure, its time added to the others', () => {
    const state = fold([
      { type: 'run_started', runId, at, nodeIds: ['http'] },
      finished('http', { http_response: 'ok' }, { tool: { calledBy: 'agent', call: 1 } }),
      {
        type: 'node_failed',
        runId,
        nodeId: 'http',
        at,
        durationMs: 7,
        error: 'HTTP Request failed: 500',
        tool: { calledBy: 'agent', call: 2 },
      },
    ]);
    expect(state.nodes.get('http')).toMatchObject({ status: 'failed', durationMs: 12, runs: 1 });
  });
});
