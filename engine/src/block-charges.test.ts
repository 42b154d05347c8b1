import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { TOOLS_PORT, type AppConfig } from '@blocksmith/schema';
import { loopItemCredits, type BlockCharge } from './block-charges';
import { executeRun } from './executor';
import { planRun } from './run-plan';
import {
  echoInput,
  probeApp as app,
  probeAsker,
  probeCollect,
  probeCondition,
  probeLoop,
  probePlugin as plugin,
  probeTool,
  templateBlock,
  TestBlocks,
} from './testing';

const registry = new TestBlocks();
for (const block of [
  echoInput,
  templateBlock,
  probeCondition,
  probeLoop,
  probeCollect,
  probeAsker,
  probeTool,
])
  registry.register(block);

const opener = (config: AppConfig, id: string) => {
  const plan = planRun(config, registry);
  return { plan, index: plan.nodes.findIndex((node) => node.id === id) };
};

describe('loopItemCredits', () => {
  it('counts every block of a loop’s body as if every route were taken', () => {
    const { plan, index } = opener(
      app(
        [
          plugin('in', 'echoInput'),
          plugin('each', 'probeLoop'),
          plugin('if', 'probeCondition', { contains: 'y' }),
          plugin('yes', 'template'),
          plugin('no', 'template'),
          plugin('end', 'probeCollect'),
          plugin('after', 'template'),
        ],
        [
          ['in', 'each'],
          ['each', 'if'],
          ['if', 'yes', 'true'],
          ['if', 'no', 'false'],
          ['yes', 'end'],
          ['no', 'end'],
          ['end', 'after'],
        ],
      ),
      'each',
    );
    // Two Templates of 2 inside; the one after the loop is not the loop's.
    expect(loopItemCredits(plan, index)).toEqual(new Map([['template', 4]]));
  });

  it('counts a loop inside at its most items, and an agent at its price plus its Maximum credits', () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('outer', 'probeLoop'),
        plugin('inner', 'probeLoop', { max_items: 3 }),
        plugin('per', 'template'),
        plugin('innerEnd', 'probeCollect'),
        plugin('asker', 'probeAsker', { max_credits: 5 }),
        plugin('tool', 'probeTool'),
        plugin('outerEnd', 'probeCollect'),
      ],
      [
        ['in', 'outer'],
        ['outer', 'inner'],
        ['inner', 'per'],
        ['per', 'innerEnd'],
        ['innerEnd', 'asker'],
        ['asker', 'outerEnd'],
      ],
    );
    config.connections.push({
      id: 'tool',
      from: 'tool',
      to: 'asker',
      fromPort: 'output',
      toPort: TOOLS_PORT,
    });
    const { plan, index } = opener(config, 'outer');
    // 3 items of the inner loop at 2, and the agent's 2 and 5 more for its tools (the tool itself
    // is paid out of them).
    expect(loopItemCredits(plan, index)).toEqual(
      new Map([
        ['template', 6],
        ['probe_asker', 7],
      ]),
    );
  });
});

describe('charges taken at once', () => {
  const loop = app(
    [
      plugin('in', 'echoInput'),
      plugin('each', 'probeLoop', { concurrency: 2 }),
      plugin('per', 'template', { template: '<{{item}}>' }),
      plugin('end', 'probeCollect'),
    ],
    [
      ['in', 'each'],
      ['each', 'per'],
      ['per', 'end'],
    ],
  );
  const run = (charge: (charges: BlockCharge[]) => Promise<void> | void) =>
    executeRun(planRun(loop, registry), {
      runId: 'run_1',
      inputs: { input_text: 'a\nb\nc' },
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      charge,
    });

  it('runs the blocks of a charge that answers nothing (taken there and then), each item charged once', async () => {
    const charged: string[] = [];
    const outcome = await run((charges) => {
      for (const charge of charges) charged.push(`${charge.nodeId}@${charge.loop?.[0]?.item}`);
    });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.nodes.end!.outputs.collected).toEqual(['0:<a>', '1:<b>', '2:<c>']);
    expect(charged.sort()).toEqual(['per@1', 'per@2', 'per@3']);
  });

  it('stops the run with the code of a charge that throws at once, before its blocks run', async () => {
    const outcome = await run(() => {
      throw Object.assign(new Error('Your credits ran out.'), { code: 'INSUFFICIENT_CREDITS' });
    });
    expect(outcome).toMatchObject({ status: 'failed', errorCode: 'INSUFFICIENT_CREDITS' });
    expect(outcome.error).toContain('Your credits ran out.');
    expect(outcome.nodes.per!.runs ?? 0).toBe(0);
  });
});
