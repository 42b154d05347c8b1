import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { AppConfig, RunEvent } from '@blocksmith/schema';
import { executeRun, planRun, type RunOutcome } from '@blocksmith/engine';
import { BlockRegistry } from '../../kernel';
import {
  collectDisplay,
  echoInput,
  failingBlock,
  probeApp as app,
  probeCollect,
  probeCondition,
  probeLoop,
  probePlugin as plugin,
  templateBlock,
} from '../../testing/probe-blocks';
import { StepRecorder, type StoredStep } from './run-steps';

const registry = new BlockRegistry();
for (const block of [
  echoInput,
  templateBlock,
  collectDisplay,
  failingBlock,
  probeCondition,
  probeLoop,
  probeCollect,
])
  registry.register(block, `test/${block.kind}`);

/** An app run by the engine, its events through a recorder; times left out of the steps. */
async function recorded(config: AppConfig, inputs: Record<string, unknown>) {
  const plan = planRun(config, registry);
  const events: RunEvent[] = [];
  const outcome: RunOutcome = await executeRun(plan, {
    runId: 'run_1',
    inputs,
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (event) => events.push(event),
  });
  const recorder = new StepRecorder(plan);
  for (const event of events) recorder.observe(event);
  const steps = await recorder.final({ outcome, inputs, unfinished: (title) => `${title} did not finish.` });
  return { steps: timeless(steps), events, recorder, plan };
}

function timeless(steps: Record<string, StoredStep>): Record<string, Partial<StoredStep>> {
  const kept: Record<string, Partial<StoredStep>> = {};
  for (const [id, step] of Object.entries(steps)) {
    const { startedAt, finishedAt, durationMs, ...rest } = step;
    kept[id] = {
      ...rest,
      ...(startedAt !== undefined && { startedAt: 1 }),
      ...(finishedAt !== undefined && { finishedAt: 1 }),
      ...(durationMs !== undefined && { durationMs: 0 }),
    };
  }
  return kept;
}

const times = { startedAt: 1, finishedAt: 1, durationMs: 0 };

describe('StepRecorder', () => {
  it('keeps what each block received, produced and handed the results, in the run order', async () => {
    const { steps } = await recorded(
      app(
        [
          plugin('in', 'echoInput'),
          plugin('gen', 'template', { template: 'About {{input_text}}' }),
          plugin('show', 'collectDisplay'),
        ],
        [
          ['in', 'gen'],
          ['gen', 'show'],
        ],
      ),
      { input_text: 'tides' },
    );
    expect(steps).toEqual({
      in: {
        status: 'succeeded',
        order: 0,
        kind: 'echoInput',
        title: 'Text',
        ...times,
        inputs: { input_text: 'tides' },
        outputs: { input_text: 'tides' },
      },
      gen: {
        status: 'succeeded',
        order: 1,
        kind: 'template',
        title: 'Template',
        ...times,
        inputs: { input_text: 'tides' },
        outputs: { generated_text: 'About tides', length: 11 },
        credits: 2,
      },
      show: {
        status: 'succeeded',
        order: 2,
        kind: 'collectDisplay',
        title: 'Collect Display',
        ...times,
        inputs: { generated_text: 'About tides' },
        outputs: {},
        artifacts: [{ kind: 'text', format: 'plain', text: 'About tides', copyable: false }],
      },
    });
  });

  it('keeps the routes a block took; the blocks of the others are skipped and received nothing', async () => {
    const { steps } = await recorded(
      app(
        [
          plugin('in', 'echoInput'),
          plugin('cond', 'probeCondition', { contains: 'yes' }),
          plugin('a', 'template'),
          plugin('b', 'template'),
        ],
        [
          ['in', 'cond'],
          ['cond', 'a', 'true'],
          ['cond', 'b', 'false'],
        ],
      ),
      { input_text: 'yes please' },
    );
    expect(steps.cond).toMatchObject({ status: 'succeeded', routes: ['true'] });
    expect(steps.a).toMatchObject({ status: 'succeeded', inputs: { checked: 'yes please' } });
    expect(steps.b).toEqual({
      status: 'skipped',
      order: steps.b!.order,
      kind: 'template',
      title: 'Template',
    });
  });

  it('inside a loop: the runs over its items, the first item with what it received, the loop its items', async () => {
    const { steps } = await recorded(
      app(
        [
          plugin('in', 'echoInput'),
          plugin('each', 'probeLoop', { concurrency: 1 }),
          plugin('gen', 'template', { template: '<{{item}}>' }),
          plugin('end', 'probeCollect'),
        ],
        [
          ['in', 'each'],
          ['each', 'gen'],
          ['gen', 'end'],
        ],
      ),
      { input_text: 'a\nb\nc' },
    );
    expect(steps.each).toMatchObject({ status: 'succeeded', runs: 3, outputs: { items: ['a', 'b', 'c'] } });
    expect(steps.gen).toEqual({
      status: 'succeeded',
      order: 2,
      kind: 'template',
      title: 'Template',
      ...times,
      runs: 3,
      item: 1,
      inputs: { item: 'a' },
      outputs: { generated_text: '<a>', length: 3 },
      credits: 6,
    });
    expect(steps.end).toMatchObject({
      status: 'succeeded',
      outputs: { collected: ['0:<a>', '1:<b>', '2:<c>'] },
    });
    expect(steps.end!.inputs).toBeUndefined();
  });

  it('keeps the failure, and the blocks after it that never ran stay pending', async () => {
    const { steps } = await recorded(
      app(
        [plugin('in', 'echoInput'), plugin('bad', 'failing'), plugin('after', 'template')],
        [
          ['in', 'bad'],
          ['bad', 'after'],
        ],
      ),
      { input_text: 'x' },
    );
    expect(steps.bad).toMatchObject({
      status: 'failed',
      error: 'Failing failed: Connect a block that provides the text.',
      inputs: { input_text: 'x' },
    });
    expect(steps.after).toEqual({ status: 'pending', order: 2, kind: 'template', title: 'Template' });
  });

  it('a block still running when the run ended did not finish; snapshots say when a status changed', async () => {
    const config = app([plugin('in', 'echoInput'), plugin('gen', 'template')], [['in', 'gen']]);
    const plan = planRun(config, registry);
    const recorder = new StepRecorder(plan);
    const at = 5;
    recorder.observe({ type: 'run_started', runId: 'r', at, nodeIds: ['in', 'gen'] });
    expect(recorder.dirty).toBe(false);
    recorder.observe({ type: 'node_started', runId: 'r', at, nodeId: 'gen' });
    expect(recorder.dirty).toBe(true);
    expect(recorder.snapshot({}).gen).toEqual({
      status: 'running',
      order: 1,
      kind: 'template',
      title: 'Template',
      startedAt: 5,
    });
    expect(recorder.dirty).toBe(false);
    recorder.observe({ type: 'node_partial', runId: 'r', at, nodeId: 'gen', text: 'x' });
    expect(recorder.dirty).toBe(false);
    const steps = await recorder.final({
      outcome: null,
      inputs: {},
      unfinished: (title) => `${title} did not finish.`,
    });
    expect(steps.gen).toMatchObject({ status: 'failed', error: 'Template did not finish.' });
    expect(steps.in).toEqual({ status: 'pending', order: 0, kind: 'echoInput', title: 'Text' });
  });
});
