import { applyRunEvent, createRunState, foldedRunNotes, type RunState } from './run-event-fold';
import type { LoopPosition, RunEvent } from './run-events';

const runId = 'run-1';
const at = 1000;
const item = (n: number, items = 3): LoopPosition[] => [{ loopId: 'each', item: n, items }];

function fold(events: RunEvent[]): RunState {
  const state = createRunState();
  for (const event of events) applyRunEvent(state, event);
  return state;
}

const begun: RunEvent = { type: 'run_started', runId, at, nodeIds: ['in', 'each', 'http', 'all', 'sum'] };
const failed = (
  nodeId: string,
  error: string,
  handled?: 'continue' | 'route',
  loop?: LoopPosition[],
): RunEvent => ({
  type: 'node_failed',
  runId,
  nodeId,
  at,
  durationMs: 5,
  error,
  ...(handled && { handled }),
  ...(loop && { loop }),
});
const progress = (done: number, items: number): RunEvent => ({
  type: 'loop_progress',
  runId,
  nodeId: 'each',
  at,
  done,
  items,
});

describe('foldedRunNotes', () => {
  it('notes a loop’s failed items as the run’s result keeps them', () => {
    const state = fold([
      begun,
      progress(0, 3),
      failed('http', 'HTTP Request failed on item 2 of 3: 500 Server Error', 'continue', item(2)),
      progress(3, 3),
    ]);
    expect(foldedRunNotes(state)).toEqual([
      {
        nodeId: 'each',
        message: '1 of 3 items failed: item 2: HTTP Request failed: 500 Server Error',
        items: 3,
        failures: [{ item: 2, nodeId: 'http', error: 'HTTP Request failed: 500 Server Error' }],
      },
    ]);
  });

  it('notes a block outside loops, saying how the run went on, and keeps an event sent twice once', () => {
    const failure = failed('sum', 'Summarize failed: quota', 'route');
    const state = fold([begun, failure, failure]);
    expect(foldedRunNotes(state)).toEqual([
      { nodeId: 'sum', message: 'Summarize failed: quota (the run went on along its error route)' },
    ]);
  });

  it('orders a loop’s failures by item and leaves failures that stopped the run out', () => {
    const state = fold([
      begun,
      progress(0, 4),
      failed('http', 'HTTP Request failed on item 3 of 4: timeout', 'continue', item(3, 4)),
      failed('http', 'HTTP Request failed on item 1 of 4: 404', 'continue', item(1, 4)),
      failed('sum', 'Summarize failed: quota'),
    ]);
    const [note] = foldedRunNotes(state);
    expect(foldedRunNotes(state)).toHaveLength(1);
    expect(note!.message).toBe(
      '2 of 4 items failed: item 1: HTTP Request failed: 404; item 3: HTTP Request failed: timeout',
    );
  });

  it('starts over with the run', () => {
    const state = fold([begun, failed('sum', 'Summarize failed: quota', 'continue'), begun]);
    expect(foldedRunNotes(state)).toEqual([]);
  });
});
