import type { RunEvent } from '@blocksmith/schema';
import { testBuilder } from '../testing/fake-api';

const runId = 'run-1';
const at = 1;
const item = (n: number) => [{ loopId: 'each', item: n, items: 3 }];

describe('RunStatus notes', () => {
  it('says which items of a loop failed while the run went on, from the live events', async () => {
    const { builder } = await testBuilder();
    const run = builder.run;
    const events: RunEvent[] = [
      { type: 'run_started', runId, at, nodeIds: ['each', 'http', 'all'] },
      { type: 'loop_progress', runId, at, nodeId: 'each', done: 0, items: 3 },
      {
        type: 'node_failed',
        runId,
        at,
        nodeId: 'http',
        durationMs: 3,
        error: 'HTTP Request failed on item 2 of 3: 500 Server Error',
        handled: 'continue',
        loop: item(2),
      },
    ];
    for (const event of events) run.applyEvent(event);
    expect(run.notes.map((note) => note.message)).toEqual([
      '1 of 3 items failed: item 2: HTTP Request failed: 500 Server Error',
    ]);
    run.applyEvent({ type: 'run_finished', runId, at, status: 'succeeded' });
    expect(run.phase).toBe('succeeded');
    expect(run.notes).toHaveLength(1);
    // A new run starts without them.
    run.applyEvent({ type: 'run_started', runId, at, nodeIds: ['each'] });
    expect(run.notes).toEqual([]);
  });

  it('leaves a failure that stopped the run out of the notes (it is the run’s error)', async () => {
    const { builder } = await testBuilder();
    const run = builder.run;
    run.applyEvent({ type: 'run_started', runId, at, nodeIds: ['gen'] });
    run.applyEvent({
      type: 'node_failed',
      runId,
      at,
      nodeId: 'gen',
      durationMs: 1,
      error: 'Text AI failed: quota',
    });
    run.applyEvent({ type: 'run_finished', runId, at, status: 'failed', error: 'Text AI failed: quota' });
    expect(run.notes).toEqual([]);
  });

  it('shows a kept run’s notes from its result', async () => {
    const { builder } = await testBuilder();
    const run = builder.run;
    const note = {
      nodeId: 'each',
      message: '1 of 3 items failed: item 2: HTTP Request failed: 500 Server Error',
    };
    run.applyFinished({
      id: runId,
      status: 'succeeded',
      cost: 0,
      results: { blocks: {}, artifacts: [], layout: [], notes: [note, { nodeId: 7 }] },
      nodes: {},
      error: null,
      errorCode: null,
    });
    expect(run.notes).toEqual([note]);
    run.reset();
    expect(run.notes).toEqual([]);
  });
});

describe('RunStatus of a kept run', () => {
  it('shows a run still under way as running, not as failed', async () => {
    const { builder } = await testBuilder();
    const run = builder.run;
    run.applyFinished({
      id: runId,
      status: 'running',
      cost: 4,
      results: null,
      nodes: null,
      error: null,
      errorCode: null,
    });
    expect(run.phase).toBe('processing');
    expect(run.error).toBe('');
    run.applyFinished({
      id: runId,
      status: 'failed',
      cost: 4,
      results: null,
      nodes: null,
      error: null,
      errorCode: null,
    });
    expect(run.phase).toBe('failed');
    expect(run.error).toBe('Failed to execute app');
  });
});

describe('RunStatus of a run that waits for approval', () => {
  it('waits (not failed) when the run stops at an Approval block, the blocks before it done', async () => {
    const { builder } = await testBuilder();
    const run = builder.run;
    const events: RunEvent[] = [
      { type: 'run_started', runId, at, nodeIds: ['draft', 'check'] },
      { type: 'node_started', runId, at, nodeId: 'draft' },
      {
        type: 'node_finished',
        runId,
        at,
        nodeId: 'draft',
        durationMs: 1,
        outputs: { generated_text: 'Hi' },
        artifacts: [],
      },
      { type: 'node_started', runId, at, nodeId: 'check' },
      {
        type: 'run_finished',
        runId,
        at,
        status: 'waiting',
        approval: { nodeId: 'check', text: 'Hi', editable: true, approver: 'owner', expiresAt: 2 },
      },
    ];
    for (const event of events) run.applyEvent(event);
    expect(run.phase).toBe('waiting');
    expect(run.error).toBe('');
    expect(run.nodeState('draft')?.status).toBe('succeeded');
    // The canvas shows the block it waits at as waiting, not running.
    expect(run.nodeState('check')).toMatchObject({ status: 'running', waiting: true });
    expect(run.nodeState('draft')?.waiting).toBeUndefined();
  });
});
