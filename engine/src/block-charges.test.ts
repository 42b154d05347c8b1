import { TOOLS_PORT, type AppConfig } from '@blocksmith/schema';
import { loopItemCredits } from './block-charges';
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
