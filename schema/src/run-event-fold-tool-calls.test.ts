import { applyRunEvent, createRunState, type RunState } from './run-event-fold';
import type { LoopPosition, RunEvent, ToolCallRecord } from './run-events';

const runId = 'run-1';

function fold(events: RunEvent[]): RunState {
  const state = createRunState();
  for (const event of events) applyRunEvent(state, event);
  return state;
}

const started = (loop?: LoopPosition[]): RunEvent => ({
  type: 'node_started',
  runId,
  nodeId: 'agent',
  at: 1,
  ...(loop && { loop }),
});

const call = (record: Partial<ToolCallRecord> & { call: number }, loop?: LoopPosition[]): RunEvent => ({
  type: 'tool_call',
  runId,
  nodeId: 'agent',
  at: 2,
  call: { turn: 1, tool: 'search', source: 'mcp', arguments: { q: 'cats' }, status: 'running', ...record },
  ...(loop && { loop }),
});

describe('tool_call events', () => {
  it('lists a block’s calls in call order, each end replacing its start', () => {
    const state = fold([
      { type: 'run_started', runId, at: 0, nodeIds: ['agent'] },
      started(),
      call({ call: 1 }),
      call({ call: 2, tool: 'weather', source: 'app' }),
      call({ call: 1, status: 'succeeded', answer: 'Cats purr.', ms: 12 }),
    ]);
    const calls = state.nodes.get('agent')!.shown.toolCalls!;
    expect(calls.map((c) => [c.call, c.tool, c.status])).toEqual([
      [1, 'search', 'succeeded'],
      [2, 'weather', 'running'],
    ]);
    expect(calls[0]).toMatchObject({ answer: 'Cats purr.', ms: 12 });
  });

  it('the same event twice is kept once', () => {
    const state = fold([started(), call({ call: 1 }), call({ call: 1 })]);
    expect(state.nodes.get('agent')!.shown.toolCalls).toHaveLength(1);
  });

  it('starts over when the block starts again, and leaves out calls of another loop item', () => {
    const first: LoopPosition[] = [{ loopId: 'each', item: 1, items: 2 }];
    const second: LoopPosition[] = [{ loopId: 'each', item: 2, items: 2 }];
    const state = fold([started(first), call({ call: 1 }, first), call({ call: 1, tool: 'other' }, second)]);
    expect(state.nodes.get('agent')!.shown.toolCalls!.map((c) => c.tool)).toEqual(['search']);
    const again = fold([started(), call({ call: 1 }), started()]);
    expect(again.nodes.get('agent')!.shown.toolCalls).toBeUndefined();
  });
});
