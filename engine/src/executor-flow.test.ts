import { defineBlock, field, output } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { flatResult, type AppConfig, type RunEvent } from '@blocksmith/schema';
import { executeRun, type BlockCharge, type ExecuteOptions } from './executor';
import {
  collectDisplay,
  echoInput,
  failingBlock,
  passThrough,
  probeApp as app,
  probeCollect,
  probeCondition,
  probeLoop,
  probePlugin as plugin,
  templateBlock,
  TestBlocks,
} from './testing';
import { planRun } from './run-plan';

/** Counts how many of its runs are under way at once; each waits for the test to let it finish. */
const held: { running: number; most: number; release: (() => void)[] } = { running: 0, most: 0, release: [] };
const heldBlock = defineBlock({
  kind: 'held',
  name: 'Held',
  description: 'Waits for the test.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { held: output.text() },
  async run(ctx) {
    held.running++;
    held.most = Math.max(held.most, held.running);
    await new Promise<void>((resolve) => held.release.push(resolve));
    held.running--;
    return { held: ctx.primaryText() };
  },
});

/** Renders `{{item}}` and the other visible variables, to check what a block inside a loop sees. */
const renderBlock = defineBlock({
  kind: 'render',
  name: 'Render',
  description: 'Renders its template.',
  category: 'ai',
  cost: 1,
  settings: { template: field.prompt({ label: 'Template', default: '{{item}}' }) },
  outputs: { rendered: output.text() },
  run: (ctx) => ({ rendered: ctx.render(ctx.settings.template) }),
});

const registry = new TestBlocks();
for (const block of [
  echoInput,
  templateBlock,
  collectDisplay,
  passThrough,
  failingBlock,
  probeCondition,
  probeLoop,
  probeCollect,
  heldBlock,
  renderBlock,
]) {
  registry.register(block);
}

function run(config: AppConfig, options: Partial<ExecuteOptions> = {}) {
  const events: RunEvent[] = [];
  const outcome = executeRun(planRun(config, registry), {
    runId: 'run_1',
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (e) => events.push(e),
    ...options,
  });
  return { outcome, events };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const statuses = (nodes: Record<string, { status: string }>) =>
  Object.fromEntries(Object.entries(nodes).map(([id, n]) => [id, n.status]));
const trace = (events: RunEvent[]) =>
  events.map(
    (e) =>
      `${e.type}${'nodeId' in e ? ':' + e.nodeId : ''}${'loop' in e && e.loop ? '@' + e.loop.map((p) => p.item).join('.') : ''}`,
  );

/** in -> if; true: yes1 -> yes2 -> show; false: no -> show. */
function branches(contains = 'yes') {
  return app(
    [
      plugin('in', 'echoInput'),
      plugin('if', 'probeCondition', { contains }),
      plugin('yes1', 'template', { template: 'YES {{input_text}}' }),
      plugin('yes2', 'passThrough'),
      plugin('no', 'template', { template: 'NO {{input_text}}' }),
      plugin('show', 'collectDisplay'),
    ],
    [
      ['in', 'if'],
      ['if', 'yes1', 'true'],
      ['yes1', 'yes2'],
      ['yes2', 'show'],
      ['if', 'no', 'false'],
      ['no', 'show'],
    ],
  );
}

describe('routes', () => {
  it('skips every block reached only through the route not taken, and says so in its progress', async () => {
    const { outcome, events } = run(branches(), { inputs: { input_text: 'no thanks' } });
    const result = await outcome;
    expect(result.status).toBe('succeeded');
    expect(statuses(result.nodes)).toEqual({
      in: 'succeeded',
      if: 'succeeded',
      yes1: 'skipped',
      yes2: 'skipped',
      no: 'succeeded',
      show: 'succeeded',
    });
    expect(result.nodes.if!.routes).toEqual(['false']);
    expect(trace(events)).toEqual([
      'run_started',
      'node_started:in',
      'node_finished:in',
      'node_started:if',
      'node_finished:if',
      'node_skipped:yes1',
      'node_skipped:yes2',
      'node_started:no',
      'node_partial:no',
      'node_finished:no',
      'node_started:show',
      'node_finished:show',
      'run_finished',
    ]);
    expect(events.find((e) => e.type === 'node_finished' && e.nodeId === 'if')).toMatchObject({
      routes: ['false'],
    });
    expect(flatResult(result.results)).not.toHaveProperty('value');
  });

  it('runs a display fed by both branches with whichever branch ran', async () => {
    const yes = await run(branches(), { inputs: { input_text: 'yes please' } }).outcome;
    expect(yes.nodes.no!.status).toBe('skipped');
    expect(yes.results.artifacts).toEqual([
      {
        nodeId: 'show',
        artifact: { kind: 'text', format: 'plain', text: 'YES yes please', copyable: false },
      },
    ]);
    const no = await run(branches(), { inputs: { input_text: 'nope' } }).outcome;
    expect(no.results.artifacts[0]!.artifact).toMatchObject({ text: 'NO nope' });
  });

  it('skips a block wired to a route not taken even when another block feeds it too', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('if', 'probeCondition', { contains: 'go' }),
        plugin('gen', 'template'),
      ],
      [
        ['in', 'gen'],
        ['in', 'if'],
        ['if', 'gen', 'true'],
      ],
    );
    expect((await run(config, { inputs: { input_text: 'stay' } }).outcome).nodes.gen!.status).toBe('skipped');
    expect((await run(config, { inputs: { input_text: 'go' } }).outcome).nodes.gen!.status).toBe('succeeded');
  });

  it('runs what several taken routes lead to, and skips everything when none is taken', async () => {
    const both = app(
      [
        plugin('if', 'probeCondition', { take: 'true, false' }),
        plugin('a', 'passThrough'),
        plugin('b', 'passThrough'),
      ],
      [
        ['if', 'a', 'true'],
        ['if', 'b', 'false'],
      ],
    );
    expect(statuses((await run(both).outcome).nodes)).toEqual({
      if: 'succeeded',
      a: 'succeeded',
      b: 'succeeded',
    });
    const none = app(
      [plugin('if', 'probeCondition', { take: '-' }), plugin('a', 'passThrough')],
      [['if', 'a', 'true']],
    );
    expect(statuses((await run(none).outcome).nodes)).toEqual({ if: 'succeeded', a: 'skipped' });
  });

  it('fails a block that takes a route it does not have', async () => {
    const result = await run(app([plugin('if', 'probeCondition', { take: 'maybe' })], [])).outcome;
    expect(result.error).toBe(
      'Probe Condition failed: it took the route "maybe", which is not one of its routes (true, false)',
    );
  });

  it('does not let a skipped block lend its variable to blocks after the branches meet', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('if', 'probeCondition', { contains: 'x' }),
        plugin('a', 'template', { template: 'A' }),
        plugin('b', 'render', { template: '[{{generated_text}}|{{checked}}]' }),
      ],
      [
        ['in', 'if'],
        ['if', 'a', 'true'],
        ['a', 'b'],
        ['if', 'b', 'false'],
      ],
    );
    const result = await run(config, { inputs: { input_text: 'y' } }).outcome;
    expect(result.nodes.b!.outputs.rendered).toBe('[{{generated_text}}|y]');
  });
});

describe('loops', () => {
  const simpleLoop = (settings: Record<string, unknown> = {}) =>
    app(
      [
        plugin('in', 'echoInput'),
        plugin('each', 'probeLoop', settings),
        plugin('gen', 'template', { template: '<{{item}}>' }),
        plugin('end', 'probeCollect'),
        plugin('show', 'collectDisplay'),
      ],
      [
        ['in', 'each'],
        ['each', 'gen'],
        ['gen', 'end'],
        ['end', 'show'],
      ],
    );

  it('runs the blocks between the loop and its end once per item and gathers what each gave', async () => {
    const { outcome, events } = run(simpleLoop(), { inputs: { input_text: 'a\nb\nc' } });
    const result = await outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.end!.outputs.collected).toEqual(['0:<a>', '1:<b>', '2:<c>']);
    expect(result.nodes.gen).toMatchObject({ status: 'succeeded', runs: 3 });
    expect(flatResult(result.results)).toMatchObject({
      items: ['a', 'b', 'c'],
      item_count: 3,
      collected: expect.any(Array),
    });
    expect(flatResult(result.results)).not.toHaveProperty('item');
    expect(flatResult(result.results)).not.toHaveProperty('generated_text');
    // Per block: the loop without its current item, nothing of the blocks inside it.
    expect(Object.keys(result.results.blocks)).toEqual(['each', 'end']);
    expect(result.results.blocks.each!.outputs).not.toHaveProperty('item');
    const progress = events
      .filter((e) => e.type === 'loop_progress')
      .map((e) => e.type === 'loop_progress' && `${e.done}/${e.items}`);
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
    const genEvents = events.filter((e) => e.type === 'node_finished' && e.nodeId === 'gen');
    expect(genEvents.map((e) => e.type === 'node_finished' && e.loop)).toEqual([
      [{ loopId: 'each', item: 1, items: 3 }],
      [{ loopId: 'each', item: 2, items: 3 }],
      [{ loopId: 'each', item: 3, items: 3 }],
    ]);
    // The loop block finishes once every item has run; its end starts after that.
    const order = trace(events);
    expect(order.indexOf('node_finished:each')).toBeGreaterThan(order.lastIndexOf('node_finished:gen@3'));
    expect(order.indexOf('node_started:end')).toBeGreaterThan(order.indexOf('node_finished:each'));
  });

  it('runs an empty list as no items: the end gathers nothing and the blocks after it still run', async () => {
    const { outcome, events } = run(simpleLoop(), { inputs: { input_text: '' } });
    const result = await outcome;
    expect(result.status).toBe('succeeded');
    expect(statuses(result.nodes)).toEqual({
      in: 'succeeded',
      each: 'succeeded',
      gen: 'skipped',
      end: 'succeeded',
      show: 'succeeded',
    });
    expect(result.nodes.end!.outputs.collected).toEqual([]);
    expect(events.filter((e) => e.type === 'loop_progress')).toEqual([
      expect.objectContaining({ done: 0, items: 0 }),
    ]);
  });

  it('goes through at most the maximum item count', async () => {
    const { outcome, events } = run(simpleLoop({ max_items: 2 }), { inputs: { input_text: 'a\nb\nc\nd' } });
    const result = await outcome;
    expect(result.nodes.end!.outputs.collected).toEqual(['0:<a>', '1:<b>']);
    expect(result.nodes.gen!.runs).toBe(2);
    expect(events.filter((e) => e.type === 'loop_progress').at(-1)).toMatchObject({ done: 2, items: 2 });
  });

  it('never runs more items at once than the loop allows, nor more blocks than the run allows', async () => {
    held.most = 0;
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('each', 'probeLoop', { concurrency: 2 }),
        plugin('h', 'held'),
        plugin('end', 'probeCollect'),
      ],
      [
        ['in', 'each'],
        ['each', 'h'],
        ['h', 'end'],
      ],
    );
    const { outcome } = run(config, { inputs: { input_text: '1\n2\n3\n4\n5' } });
    for (let released = 0; released < 5;) {
      await flush();
      expect(held.running).toBeLessThanOrEqual(2);
      const waiting = held.release.splice(0);
      waiting.forEach((release) => release());
      released += waiting.length;
    }
    const result = await outcome;
    expect(held.most).toBe(2);
    expect(result.nodes.end!.outputs.collected).toEqual(['0:1', '1:2', '2:3', '3:4', '4:5']);

    held.most = 0;
    const limited = run(config, { inputs: { input_text: '1\n2\n3' }, maxConcurrency: 1 });
    for (let released = 0; released < 3;) {
      await flush();
      const waiting = held.release.splice(0);
      waiting.forEach((release) => release());
      released += waiting.length;
    }
    await limited.outcome;
    expect(held.most).toBe(1);
  });

  it('runs conditions nested inside a loop item by item, skipping per item and leaving items out of the end', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('each', 'probeLoop'),
        plugin('a', 'probeCondition', { contains: 'a' }),
        plugin('b', 'probeCondition', { contains: 'b' }),
        plugin('ab', 'template', { template: 'AB:{{item}}' }),
        plugin('aOnly', 'template', { template: 'A:{{item}}' }),
        plugin('end', 'probeCollect'),
      ],
      [
        ['in', 'each'],
        ['each', 'a'],
        ['a', 'b', 'true'],
        ['b', 'ab', 'true'],
        ['b', 'aOnly', 'false'],
        ['ab', 'end'],
        ['aOnly', 'end'],
      ],
    );
    const { outcome, events } = run(config, { inputs: { input_text: 'ab\nax\nzz\nba' } });
    const result = await outcome;
    expect(result.nodes.end!.outputs.collected).toEqual(['0:AB:ab', '1:A:ax', '3:AB:ba']);
    expect(result.nodes.ab).toMatchObject({ status: 'succeeded', runs: 2 });
    expect(result.nodes.aOnly).toMatchObject({ status: 'succeeded', runs: 1 });
    expect(result.nodes.b).toMatchObject({ status: 'succeeded', runs: 3 });
    const skippedOnItem3 = events
      .filter((e) => e.type === 'node_skipped' && e.loop?.[0]?.item === 3)
      .map((e) => 'nodeId' in e && e.nodeId)
      .sort();
    expect(skippedOnItem3).toEqual(['aOnly', 'ab', 'b']);
  });

  it('runs a loop inside a loop, and a block inside sees the current items and the blocks before the loop', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('outer', 'probeLoop'),
        plugin('split', 'render', { template: '{{item}}' }),
        plugin('inner', 'probeLoop'),
        plugin('cell', 'render', { template: '{{input_text}}/{{item}}/{{item_2}}' }),
        plugin('innerEnd', 'probeCollect'),
        plugin('outerEnd', 'probeCollect'),
        plugin('after', 'render', { template: '[{{rendered}}|{{collected_2}}]' }),
      ],
      [
        ['in', 'outer'],
        ['outer', 'split'],
        ['split', 'inner'],
        ['inner', 'cell'],
        ['cell', 'innerEnd'],
        ['innerEnd', 'outerEnd'],
        ['outerEnd', 'after'],
      ],
    );
    // The inner loop splits each outer item again: the outer items are two-line texts joined by `|`.
    const { outcome, events } = run(config, { inputs: { input_text: 'x\ny' } });
    const result = await outcome;
    expect(result.status).toBe('succeeded');
    expect(result.nodes.outerEnd!.outputs.collected).toEqual(['0:0:x\ny/x/x', '1:0:x\ny/y/y']);
    expect(result.nodes.cell!.runs).toBe(2);
    expect(result.nodes.after!.outputs.rendered).toMatch(/^\[\{\{rendered\}\}\|/);
    const cellStart = events.find(
      (e) => e.type === 'node_started' && e.nodeId === 'cell' && e.loop?.[0]?.item === 2,
    );
    expect(cellStart).toMatchObject({
      loop: [
        { loopId: 'outer', item: 2, items: 2 },
        { loopId: 'inner', item: 1, items: 1 },
      ],
    });
  });

  it('names the item a block failed on, and stops the loop', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('each', 'probeLoop', { concurrency: 1 }),
        plugin('if', 'probeCondition', { contains: 'bad' }),
        plugin('boom', 'failing'),
        plugin('ok', 'passThrough'),
        plugin('end', 'probeCollect'),
      ],
      [
        ['in', 'each'],
        ['each', 'if'],
        ['if', 'boom', 'true'],
        ['if', 'ok', 'false'],
        ['boom', 'end'],
        ['ok', 'end'],
      ],
    );
    const result = await run(config, { inputs: { input_text: 'fine\nbad\nnever' } }).outcome;
    expect(result.status).toBe('failed');
    expect(result.error).toBe('Failing failed on item 2 of 3: Connect a block that provides the text.');
    expect(result.nodes.ok).toMatchObject({ status: 'succeeded', runs: 1 });
    expect(result.nodes.each!.status).toBe('failed');
    expect(result.nodes.end!.status).toBe('skipped');
  });

  it('skips a whole loop behind a route not taken', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('if', 'probeCondition', { contains: 'loop' }),
        plugin('each', 'probeLoop'),
        plugin('gen', 'passThrough'),
        plugin('end', 'probeCollect'),
      ],
      [
        ['in', 'if'],
        ['if', 'each', 'true'],
        ['each', 'gen'],
        ['gen', 'end'],
      ],
    );
    const { outcome, events } = run(config, { inputs: { input_text: 'no' } });
    expect(statuses((await outcome).nodes)).toEqual({
      in: 'succeeded',
      if: 'succeeded',
      each: 'skipped',
      gen: 'skipped',
      end: 'skipped',
    });
    expect(events.filter((e) => e.type === 'node_skipped').map((e) => 'nodeId' in e && e.nodeId)).toEqual([
      'each',
      'gen',
      'end',
    ]);
  });
});

describe('charging blocks as they start', () => {
  /** in -> if: true -> a (2 credits); false -> b (1 credit); then a loop of one 1-credit block per item. */
  const priced = () =>
    app(
      [
        plugin('in', 'echoInput'),
        plugin('first', 'template'),
        plugin('if', 'probeCondition', { contains: 'yes' }),
        plugin('a', 'template'),
        plugin('b', 'passThrough'),
        plugin('each', 'probeLoop'),
        plugin('per', 'passThrough'),
        plugin('end', 'probeCollect'),
      ],
      [
        ['in', 'first'],
        ['first', 'if'],
        ['if', 'a', 'true'],
        ['if', 'b', 'false'],
        ['in', 'each'],
        ['each', 'per'],
        ['per', 'end'],
      ],
    );

  it('prices the run up front only for what every run pays, and quotes the range', () => {
    const plan = planRun(priced(), registry);
    expect(plan.nodes.filter((n) => n.prepaid).map((n) => n.id)).toEqual(['first']);
    expect(plan.cost).toBe(2);
    expect(plan.costRange).toEqual({ min: 2, max: 2 + 2 + 1 + 100 });
  });

  it('charges the blocks after a route and each item as they start, and never a skipped block', async () => {
    const charged: BlockCharge[][] = [];
    const charge = async (charges: BlockCharge[]) => void charged.push(charges);
    const result = await run(priced(), { inputs: { input_text: 'no\nno' }, charge }).outcome;
    expect(result.status).toBe('succeeded');
    const flat = charged.flat().map((c) => `${c.nodeId}:${c.credits}${c.loop ? '@' + c.loop[0]!.item : ''}`);
    expect(flat.sort()).toEqual(['b:1', 'per:1@1', 'per:1@2']);
    expect(charged.flat().find((c) => c.nodeId === 'b')).toMatchObject({
      title: 'Pass Through',
      blockType: 'pass_through',
    });
  });

  it('stops the run when a charge is refused, before the block runs', async () => {
    let calls = 0;
    const charge = async () => {
      if (++calls === 2)
        throw Object.assign(new Error('Your credits ran out.'), { code: 'INSUFFICIENT_CREDITS' });
    };
    const { outcome, events } = run(priced(), {
      inputs: { input_text: 'a\nb\nc' },
      charge,
      maxConcurrency: 1,
    });
    const result = await outcome;
    expect(result).toMatchObject({
      status: 'failed',
      error: 'Your credits ran out.',
      errorCode: 'INSUFFICIENT_CREDITS',
    });
    const ran = events.filter((e) => e.type === 'node_started').map((e) => 'nodeId' in e && e.nodeId);
    expect(ran.filter((id) => id === 'per' || id === 'b' || id === 'a').length).toBe(1);
  });
});

describe('planning routes and loops', () => {
  function problemsOf(config: AppConfig): string[] {
    try {
      planRun(config, registry);
    } catch (error) {
      return (error as { problems: { message: string }[] }).problems.map((p) => p.message);
    }
    throw new Error('expected the plan to be refused');
  }

  it('refuses a connection from a route the block does not have', () => {
    expect(
      problemsOf(app([plugin('if', 'probeCondition'), plugin('a', 'passThrough')], [['if', 'a']])),
    ).toEqual([
      'A connection (c0) leaves Probe Condition (if) from "output", which is not one of its routes (true, false).',
    ]);
  });

  it('refuses blocks that leave a loop other than through its end, and ends outside any loop', () => {
    expect(
      problemsOf(
        app(
          [
            plugin('each', 'probeLoop'),
            plugin('gen', 'passThrough'),
            plugin('show', 'collectDisplay'),
            plugin('end', 'probeCollect'),
            plugin('solo', 'passThrough'),
            plugin('lone', 'probeCollect'),
          ],
          [
            ['each', 'gen'],
            ['gen', 'show'],
            ['gen', 'end'],
            ['solo', 'lone'],
          ],
        ),
      ),
    ).toEqual([
      'Probe Collect (lone) ends a loop, so connect it after the blocks a loop repeats.',
      'Collect Display (show) is inside the loop of Probe Loop (each) but does not lead to Probe Collect (end), where the loop ends.',
    ]);
  });

  it('refuses a loop that nothing ends, naming the blocks that can end one', () => {
    expect(
      problemsOf(app([plugin('each', 'probeLoop'), plugin('gen', 'passThrough')], [['each', 'gen']])),
    ).toEqual([
      'Probe Loop (each) repeats the blocks after it: connect them to a block that ends the loop (Probe Collect).',
    ]);
  });
});
