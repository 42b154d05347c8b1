import { BlockError, defineBlock, field, output } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { AppConfig, OnError, PluginInstance, RunEvent } from '@blocksmith/schema';
import { executeRun, type BlockCharge, type ExecuteOptions } from './executor';
import type { GraphValidationError } from './run-plan';
import { planRun } from './run-plan';
import {
  echoInput,
  passThrough,
  probeApp as app,
  probeCollect,
  probeCondition,
  probeLoop,
  probePlugin,
  templateBlock,
  TestBlocks,
} from './testing';

/** Fails when its text contains `bad`; otherwise hands its text on in upper case. */
const failsOnBad = defineBlock({
  kind: 'failsOnBad',
  name: 'Fails On Bad',
  description: 'Fails on bad text.',
  category: 'ai',
  cost: 1,
  settings: { label: field.text({ label: 'Label', default: '', required: false }) },
  outputs: { shouted: output.text(), length: output.number() },
  run(ctx) {
    const text = ctx.primaryText();
    if (text.includes('bad')) throw new BlockError(`cannot shout "${text}"`);
    return { shouted: text.toUpperCase(), length: text.length };
  },
});

const registry = new TestBlocks();
for (const block of [
  echoInput,
  passThrough,
  probeCondition,
  probeLoop,
  probeCollect,
  templateBlock,
  failsOnBad,
])
  registry.register(block);

const plugin = (id: string, type: string, settings: Record<string, unknown> = {}, onError?: OnError) => ({
  ...probePlugin(id, type, settings),
  ...(onError && { onError }),
});

function run(config: AppConfig, input: string, options: Partial<ExecuteOptions> = {}) {
  const events: RunEvent[] = [];
  const outcome = executeRun(planRun(config, registry), {
    runId: 'run_1',
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (e) => events.push(e),
    inputs: { input_text: input },
    ...options,
  });
  return { outcome, events };
}

/** in -> shout (onError) -> after; with `route`, shout's error route -> fallback. */
function straight(onError?: OnError): AppConfig {
  const plugins: PluginInstance[] = [
    plugin('in', 'echoInput'),
    plugin('shout', 'failsOnBad', {}, onError),
    plugin('after', 'template', { template: 'after: {{shouted}}' }),
  ];
  const edges: [string, string, string?][] = [
    ['in', 'shout'],
    ['shout', 'after'],
  ];
  if (onError === 'route') {
    plugins.push(plugin('fallback', 'template', { template: 'fallback: {{shouted}}' }));
    edges.push(['shout', 'fallback', 'error']);
  }
  return app(plugins, edges as [string, string][]);
}

/** in -> each (lines) -> shout (onError) -> end -> after. */
function loop(onError?: OnError): AppConfig {
  return app(
    [
      plugin('in', 'echoInput'),
      plugin('each', 'probeLoop', { concurrency: 1 }),
      plugin('shout', 'failsOnBad', {}, onError),
      plugin('end', 'probeCollect'),
      plugin('after', 'passThrough'),
    ],
    [
      ['in', 'each'],
      ['each', 'shout'],
      ['shout', 'end'],
      ['end', 'after'],
    ],
  );
}

describe('on error: stop (the default)', () => {
  it('stops the run at the failing block, as before', async () => {
    for (const onError of [undefined, 'stop'] as const) {
      const result = await run(straight(onError), 'bad news').outcome;
      expect(result.status).toBe('failed');
      expect(result.error).toBe('Fails On Bad failed: cannot shout "bad news"');
      expect(result.nodes.after!.status).toBe('skipped');
      expect(result.results.notes).toBeUndefined();
    }
  });

  it('stops a loop at its first failing item', async () => {
    const result = await run(loop(), 'ok\nbad\nfine').outcome;
    expect(result.status).toBe('failed');
    expect(result.error).toBe('Fails On Bad failed on item 2 of 3: cannot shout "bad"');
    expect(result.nodes.end!.status).toBe('skipped');
  });
});

describe('on error: continue', () => {
  it('hands on an error value, runs the blocks after it and succeeds with a note', async () => {
    const { outcome, events } = run(straight('continue'), 'bad news');
    const result = await outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.shout).toMatchObject({
      status: 'failed',
      error: 'Fails On Bad failed: cannot shout "bad news"',
      outputs: { shouted: 'Error: cannot shout "bad news"' },
    });
    expect(result.nodes.after!.outputs.generated_text).toBe('after: Error: cannot shout "bad news"');
    expect(result.results.blocks.shout).toEqual({
      kind: 'failsOnBad',
      outputs: { shouted: 'Error: cannot shout "bad news"' },
    });
    expect(result.results.notes).toEqual([
      {
        nodeId: 'shout',
        message: 'Fails On Bad failed: cannot shout "bad news" (the run went on with an error value)',
      },
    ]);
    expect(events.find((e) => e.type === 'node_failed')).toMatchObject({
      nodeId: 'shout',
      handled: 'continue',
    });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'succeeded' });
  });

  it('changes nothing when the block succeeds', async () => {
    const result = await run(straight('continue'), 'good').outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.after!.outputs.generated_text).toBe('after: GOOD');
    expect(result.results.notes).toBeUndefined();
  });

  it('keeps a loop going: the end gathers the items that succeeded and the note says which failed', async () => {
    const result = await run(loop('continue'), 'one\nbad two\nthree\nbad four').outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.end!.outputs.collected).toEqual(['0:ONE', '2:THREE']);
    expect(result.nodes.after!.status).toBe('succeeded');
    expect(result.nodes.shout).toMatchObject({ status: 'failed', runs: 2 });
    expect(result.results.notes).toEqual([
      {
        nodeId: 'each',
        message:
          '2 of 4 items failed: item 2: Fails On Bad failed: cannot shout "bad two"; item 4: Fails On Bad failed: cannot shout "bad four"',
        items: 4,
        failures: [
          { item: 2, nodeId: 'shout', error: 'Fails On Bad failed: cannot shout "bad two"' },
          { item: 4, nodeId: 'shout', error: 'Fails On Bad failed: cannot shout "bad four"' },
        ],
      },
    ]);
    // The result keeps what the loop's end gathered: the partial results.
    expect(result.results.blocks.end!.outputs.collected).toEqual(['0:ONE', '2:THREE']);
  });

  it('says which inner item of which outer item failed in a loop inside a loop', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('outer', 'probeLoop', { concurrency: 1 }),
        plugin('split', 'template', { template: '{{item}}' }),
        plugin('inner', 'probeLoop'),
        plugin('shout', 'failsOnBad', {}, 'continue'),
        plugin('innerEnd', 'probeCollect'),
        plugin('outerEnd', 'probeCollect'),
      ],
      [
        ['in', 'outer'],
        ['outer', 'split'],
        ['split', 'inner'],
        ['inner', 'shout'],
        ['shout', 'innerEnd'],
        ['innerEnd', 'outerEnd'],
      ],
    );
    // Each outer item is one line, so each inner loop has one item: the second outer item fails.
    const result = await run(config, 'a\nbad\nc').outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.outerEnd!.outputs.collected).toEqual(['0:0:A', '1:', '2:0:C']);
    expect(result.results.notes).toEqual([
      expect.objectContaining({
        nodeId: 'inner',
        message: '1 of 3 items failed: item 2 › 1: Fails On Bad failed: cannot shout "bad"',
        failures: [expect.objectContaining({ item: 1, within: [2] })],
      }),
    ]);
  });

  it('charges a failing AI block in a loop once per item, as any block that started', async () => {
    const charged: BlockCharge[] = [];
    const charge = async (batch: BlockCharge[]) => void charged.push(...batch);
    const result = await run(loop('continue'), 'a\nbad\nc', { charge }).outcome;
    expect(result.status).toBe('succeeded');
    expect(charged.filter((c) => c.nodeId === 'shout').map((c) => c.loop![0]!.item)).toEqual([1, 2, 3]);
  });
});

describe('on error: route', () => {
  it('runs the error route with the error message and skips the blocks after its output', async () => {
    const { outcome, events } = run(straight('route'), 'bad news');
    const result = await outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.after!.status).toBe('skipped');
    expect(result.nodes.fallback!.outputs.generated_text).toBe('fallback: Error: cannot shout "bad news"');
    expect(result.nodes.shout).toMatchObject({ status: 'failed', routes: ['error'] });
    expect(result.results.notes).toEqual([
      {
        nodeId: 'shout',
        message: 'Fails On Bad failed: cannot shout "bad news" (the run went on along its error route)',
      },
    ]);
    expect(events.find((e) => e.type === 'node_failed')).toMatchObject({ handled: 'route' });
  });

  it('skips the error route when the block succeeds', async () => {
    const result = await run(straight('route'), 'good').outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.after!.outputs.generated_text).toBe('after: GOOD');
    expect(result.nodes.fallback!.status).toBe('skipped');
    expect(result.results.notes).toBeUndefined();
  });

  it('adds the error route to a block that has routes of its own', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('if', 'probeCondition', { contains: 'yes' }, 'route'),
        plugin('yes', 'passThrough'),
        plugin('no', 'passThrough'),
        plugin('oops', 'passThrough'),
      ],
      [
        ['in', 'if'],
        ['if', 'yes', 'true'],
        ['if', 'no', 'false'],
        ['if', 'oops', 'error'],
      ],
    );
    expect(planRun(config, registry).nodes[1]!.routes).toEqual(['true', 'false', 'error']);
    const ok = await run(config, 'yes').outcome;
    expect([ok.nodes.yes!.status, ok.nodes.no!.status, ok.nodes.oops!.status]).toEqual([
      'succeeded',
      'skipped',
      'skipped',
    ]);
    // Taking a route it does not have is a failure of the block: its error route runs.
    const wrong = await run(
      {
        ...config,
        plugins: config.plugins.map((p) => (p.id === 'if' ? { ...p, settings: { take: 'maybe' } } : p)),
      },
      'yes',
    ).outcome;
    expect(wrong.status).toBe('succeeded');
    expect([wrong.nodes.yes!.status, wrong.nodes.no!.status, wrong.nodes.oops!.status]).toEqual([
      'skipped',
      'skipped',
      'succeeded',
    ]);
  });

  it('inside a loop, gathers what the error route gave and still reports the failed items', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('each', 'probeLoop', { concurrency: 2 }),
        plugin('shout', 'failsOnBad', {}, 'route'),
        plugin('fallback', 'template', { template: 'skipped {{item}}' }),
        plugin('end', 'probeCollect'),
      ],
      [
        ['in', 'each'],
        ['each', 'shout'],
        ['shout', 'end'],
        ['shout', 'fallback', 'error'],
        ['fallback', 'end'],
      ],
    );
    const result = await run(config, 'a\nbad\nc').outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.end!.outputs.collected).toEqual(['0:A', '1:skipped bad', '2:C']);
    expect(result.results.notes).toEqual([
      expect.objectContaining({
        nodeId: 'each',
        message: '1 of 3 items failed: item 2: Fails On Bad failed: cannot shout "bad"',
      }),
    ]);
  });
});

describe('on error: planning', () => {
  const problems = (config: AppConfig) => {
    try {
      planRun(config, registry);
      return [];
    } catch (error) {
      return (error as GraphValidationError).problems.map((p) => p.message);
    }
  };

  it('refuses any other value, naming the block and the values it takes', () => {
    const config = straight();
    (config.plugins[1] as unknown as { onError: string }).onError = 'retry';
    expect(problems(config)).toEqual([
      'Fails On Bad (shout): Block shout has onError "retry": use one of "stop", "continue", "route" (or leave it out to stop the run).',
    ]);
  });

  it('refuses a connection from the error route of a block that does not take it', () => {
    const config = straight('route');
    config.plugins[1] = plugin('shout', 'failsOnBad', {}, 'continue');
    expect(problems(config)).toEqual([
      'A connection (c2) leaves Fails On Bad (shout) from its error route: set its On error to “Take the error route”, or remove the connection.',
    ]);
  });

  it('keeps a block that runs a loop on stop', () => {
    const config = loop();
    config.plugins[1] = plugin('each', 'probeLoop', {}, 'continue');
    expect(problems(config)).toEqual([
      'Probe Loop (each) runs a loop: if it fails the run stops, so set its On error to “Stop the run”.',
    ]);
  });
});
