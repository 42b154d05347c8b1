import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { applyRunEvent, createRunState, type AppConfig, type RunEvent } from '@blocksmith/schema';
import { executeRun, type BlockCharge, type ExecuteOptions, type RunOutcome } from './executor';
import type { SavedRun } from './run-pause';
import { planRun } from './run-plan';
import {
  echoInput,
  probeApp as app,
  probeApproval,
  probeCollect,
  probeCondition,
  probeLoop,
  probePlugin as plugin,
  templateBlock,
  TestBlocks,
} from './testing';

const registry = new TestBlocks();
for (const block of [echoInput, templateBlock, probeApproval, probeCondition, probeLoop, probeCollect])
  registry.register(block);

async function run(config: AppConfig, options: Partial<ExecuteOptions> = {}) {
  const events: RunEvent[] = [];
  const outcome = await executeRun(planRun(config, registry), {
    runId: 'run_1',
    inputs: { in: 'tea' },
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { outcome, events };
}

/** What a database would give back: plain JSON. */
const stored = (saved: SavedRun | undefined): SavedRun => JSON.parse(JSON.stringify(saved)) as SavedRun;
const started = (events: RunEvent[]) =>
  events.filter((e) => e.type === 'node_started').map((e) => (e as { nodeId: string }).nodeId);

/** in -> draft -> wait -> final, and in -> aside beside the wait. */
const approvalApp = app(
  [
    plugin('in', 'echoInput'),
    plugin('draft', 'template', { template: 'A post about {{input_text}}' }),
    plugin('wait', 'probeApproval'),
    plugin('final', 'template', { template: 'FINAL {{approved}}' }),
    plugin('aside', 'template', { template: 'ASIDE {{input_text}}' }),
  ],
  [
    ['in', 'draft'],
    ['draft', 'wait'],
    ['wait', 'final'],
    ['in', 'aside'],
  ],
);

describe('a run that waits for a decision', () => {
  let paused: RunOutcome;

  beforeAll(async () => {
    ({ outcome: paused } = await run(approvalApp));
  });

  it('stops at the block that waits, after its other branches ran, saying what it asks', async () => {
    const { outcome, events } = await run(approvalApp);
    expect(outcome.status).toBe('waiting');
    expect(outcome.paused).toMatchObject({
      nodeId: 'wait',
      request: { text: 'A post about tea', editable: true, approver: { kind: 'owner' } },
    });
    expect(Object.keys(outcome.paused!.saved.settled).sort()).toEqual(['aside', 'draft', 'in']);
    expect(started(events)).not.toContain('final');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'waiting' });
    expect(outcome.error).toBeUndefined();
  });

  it('goes on from its saved state: settled blocks are not run again, the edited text flows on', async () => {
    const charges: BlockCharge[][] = [];
    const { outcome, events } = await run(approvalApp, {
      resume: {
        saved: stored(paused.paused?.saved),
        nodeId: 'wait',
        decision: { text: 'A better post about tea', decidedBy: 'the app’s owner' },
      },
      charge: async (batch) => void charges.push(batch),
    });
    expect(outcome.status).toBe('succeeded');
    expect(started(events)).toEqual(['wait', 'final']);
    expect(outcome.results.blocks.final!.outputs.generated_text).toBe('FINAL A better post about tea');
    expect(outcome.results.blocks.wait!.outputs).toEqual({
      approved: 'A better post about tea',
      decided_by: 'the app’s owner',
    });
    // What ran before the pause is in the result as if the run had never stopped.
    expect(outcome.results.blocks.draft!.outputs.generated_text).toBe('A post about tea');
    expect(outcome.results.blocks.aside!.outputs.generated_text).toBe('ASIDE tea');
    // Every block here was paid for up front: going on charges nothing again.
    expect(charges).toEqual([]);
    // A watcher of the new stream sees where the run stands before it goes on.
    const state = createRunState('run_1');
    for (const event of events) applyRunEvent(state, event);
    expect(state.status).toBe('succeeded');
    expect(state.nodes.get('draft')?.status).toBe('succeeded');
    expect(state.nodes.get('aside')?.status).toBe('succeeded');
  });

  it('keeps the routes taken before the pause: a skipped branch stays skipped', async () => {
    const routed = app(
      [
        plugin('in', 'echoInput'),
        plugin('if', 'probeCondition', { contains: 'tea' }),
        plugin('wait', 'probeApproval'),
        plugin('no', 'template', { template: 'NO' }),
        plugin('after', 'template', { template: 'AFTER {{approved}}' }),
      ],
      [
        ['in', 'if'],
        ['if', 'wait', 'true'],
        ['if', 'no', 'false'],
        ['wait', 'after'],
      ],
    );
    const first = await run(routed);
    expect(first.outcome.status).toBe('waiting');
    expect(first.outcome.paused!.saved.settled.no!.status).toBe('skipped');
    const { outcome, events } = await run(routed, {
      resume: {
        saved: stored(first.outcome.paused!.saved),
        nodeId: 'wait',
        decision: { text: 'ok', decidedBy: 'x' },
      },
    });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.nodes.no!.status).toBe('skipped');
    expect(outcome.results.blocks.after!.outputs.generated_text).toBe('AFTER ok');
    expect(started(events)).toEqual(['wait', 'after']);
  });

  it('keeps the totals of a loop that ran before the pause', async () => {
    const looped = app(
      [
        plugin('in', 'echoInput'),
        plugin('loop', 'probeLoop'),
        plugin('each', 'template', { template: 'item {{item}}' }),
        plugin('end', 'probeCollect'),
        plugin('wait', 'probeApproval'),
      ],
      [
        ['in', 'loop'],
        ['loop', 'each'],
        ['each', 'end'],
        ['end', 'wait'],
      ],
    );
    const first = await run(looped, { inputs: { in: 'a\nb' } });
    expect(first.outcome.status).toBe('waiting');
    const { outcome } = await run(looped, {
      inputs: { in: 'a\nb' },
      resume: {
        saved: stored(first.outcome.paused!.saved),
        nodeId: 'wait',
        decision: { text: 'ok', decidedBy: 'x' },
      },
    });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.nodes.each).toMatchObject({ status: 'succeeded', runs: 2 });
  });

  it('refuses to wait inside a loop', async () => {
    const inLoop = app(
      [
        plugin('in', 'echoInput'),
        plugin('loop', 'probeLoop'),
        plugin('wait', 'probeApproval'),
        plugin('end', 'probeCollect'),
      ],
      [
        ['in', 'loop'],
        ['loop', 'wait'],
        ['wait', 'end'],
      ],
    );
    const { outcome } = await run(inLoop, { inputs: { in: 'a' } });
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe(
      'Probe Approval failed on item 1 of 1: it cannot wait for a decision inside a loop.',
    );
  });

  it('fails rather than waits when another block fails meanwhile', async () => {
    const failing = app(
      [
        plugin('in', 'echoInput'),
        plugin('wait', 'probeApproval'),
        plugin('bad', 'template', { template: '' }),
      ],
      [
        ['in', 'wait'],
        ['in', 'bad'],
      ],
    );
    // An empty template renders nothing: not a failure; so check the stop instead.
    const controller = new AbortController();
    controller.abort();
    const { outcome } = await run(failing, { signal: controller.signal });
    expect(outcome.status).toBe('aborted');
    expect(outcome.paused).toBeUndefined();
  });
});
