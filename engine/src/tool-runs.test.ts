import {
  BlockOverrunError,
  CreditLimitError,
  defineBlock,
  output,
  type AppToolSpec,
} from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { TOOLS_PORT, type AppConfig, type RunEvent } from '@blocksmith/schema';
import { executeRun, type BlockCharge, type ExecuteOptions } from './executor';
import type { GraphValidationError } from './run-plan';
import { planRun } from './run-plan';
import type { ModelLookup } from './plan-types';
import {
  echoInput,
  probeAsker,
  probeApp,
  probePlugin,
  probeCollect,
  probeLoop,
  probeTool,
  probeToolApp,
  templateBlock,
  TestBlocks,
} from './testing';

/** A tool that always runs past its time limit. */
const overrunTool = defineBlock({
  kind: 'overrunTool',
  name: 'Overrun Tool',
  description: 'Runs too long.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { never: output.text() },
  tool: { description: 'Too slow', parameters: { type: 'object', properties: { text: { type: 'string' } } } },
  run() {
    throw new BlockOverrunError('it ran past its 1-second limit', 1000);
  },
});

/** A tool that searches the run's knowledge bases for its text. */
const searchTool = defineBlock({
  kind: 'searchTool',
  name: 'Search Tool',
  description: 'Searches.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { found: output.text() },
  tool: { description: 'Searches', parameters: { type: 'object', properties: { text: { type: 'string' } } } },
  async run(ctx) {
    const passages = await ctx.knowledge.search({
      knowledgeBaseId: 'kb',
      query: ctx.render('{{text}}'),
      topK: 1,
      minScore: 0,
    });
    return { found: passages.map((p) => p.text).join(' ') };
  },
});

const registry = new TestBlocks();
registry.register(overrunTool);
registry.register(searchTool);
for (const block of [echoInput, probeAsker, probeTool, templateBlock, probeLoop, probeCollect])
  registry.register(block);

async function run(config: AppConfig, options: Partial<ExecuteOptions> = {}, models?: ModelLookup) {
  const events: RunEvent[] = [];
  const plan = planRun(config, registry, models ? { models } : {});
  const outcome = await executeRun(plan, {
    runId: 'run_1',
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (e) => events.push(e),
    inputs: { input_text: 'Oslo' },
    ...options,
  });
  return { plan, outcome, events, asked: outcome.nodes.asker?.outputs.asked as string };
}

const toolEvents = (events: RunEvent[], nodeId = 'tool1') =>
  events.filter((e) => 'nodeId' in e && e.nodeId === nodeId).map((e) => e.type);

describe('planning blocks connected as tools', () => {
  it('keeps tool blocks out of the pipeline and out of the up-front cost, and counts the credit limit in the most', () => {
    const plan = planRun(probeToolApp(2, { max_credits: 7 }), registry);
    const asker = plan.nodes.find((n) => n.id === 'asker')!;
    expect(asker.tools).toEqual([
      { index: 2, name: 'Tool_1' },
      { index: 3, name: 'Tool_2' },
    ]);
    expect(asker.maxCredits).toBe(7);
    expect(plan.nodes[2]!.toolOf).toEqual([1]);
    expect(plan.regions[0]!.members).toEqual([0, 1]);
    expect(plan.cost).toBe(2);
    expect(plan.costRange).toEqual({ min: 2, max: 9 });
  });

  it('gives tools with the same title names of their own', () => {
    const plan = planRun(probeToolApp(2, {}, { label: 'Lookup' }), registry);
    expect(plan.nodes[1]!.tools!.map((t) => t.name)).toEqual(['Lookup', 'Lookup_2']);
  });

  it('refuses a block that declares no tool, a target without a tools handle, and a tool in the pipeline', () => {
    const app = probeToolApp(1);
    const bad: AppConfig = {
      ...app,
      plugins: [...app.plugins, probePlugin('gen', 'template')],
      connections: [
        ...app.connections,
        { id: 'x1', from: 'gen', to: 'asker', fromPort: 'output', toPort: TOOLS_PORT },
        { id: 'x2', from: 'tool1', to: 'gen', fromPort: 'output', toPort: 'input' },
      ],
    };
    let error: GraphValidationError | undefined;
    try {
      planRun(bad, registry);
    } catch (thrown) {
      error = thrown as GraphValidationError;
    }
    expect(error?.problems).toEqual([
      {
        nodeId: 'tool1',
        message:
          'Probe Tool (tool1): A block connected as a tool runs only when the model calls it: remove its other connections first.',
      },
      {
        nodeId: 'gen',
        message:
          'Template (gen): This block cannot serve as a tool: connect a block that can (such as HTTP Request or Code).',
      },
    ]);
    const toGen = probeApp([probePlugin('gen', 'template'), probePlugin('tool1', 'probeTool')], []);
    toGen.connections.push({ id: 'x', from: 'tool1', to: 'gen', fromPort: 'output', toPort: TOOLS_PORT });
    expect(() => planRun(toGen, registry)).toThrow(
      'Template (gen): Only a block that hands tools to a model (an agent) has a tools handle.',
    );
  });
});

describe('calling blocks connected as tools', () => {
  it('does not run a tool block until it is called, then runs it with the arguments as its variables', async () => {
    const { outcome, events, asked } = await run(
      probeToolApp(1, { calls: 2 }, { template: '{{text}} from {{input_text}}' }),
    );
    expect(outcome.status).toBe('succeeded');
    expect(asked).toBe('Tool_1: Oslo from Oslo\nTool_1: Oslo from Oslo');
    expect(toolEvents(events)).toEqual([
      'node_started',
      'node_partial',
      'node_finished',
      'node_started',
      'node_partial',
      'node_finished',
    ]);
    const finished = events.filter((e) => e.type === 'node_finished' && e.nodeId === 'tool1');
    expect(finished.map((e) => (e as { tool?: unknown }).tool)).toEqual([
      { calledBy: 'asker', call: 1, arguments: { text: 'Oslo' } },
      { calledBy: 'asker', call: 2, arguments: { text: 'Oslo' } },
    ]);
    expect(finished[0]).toMatchObject({ credits: 1, outputs: { tool_answer: 'Oslo from Oslo' } });
    expect(outcome.nodes.tool1).toMatchObject({ status: 'succeeded', runs: 2 });
    expect(outcome.results.blocks.tool1).toBeUndefined();
  });

  it('leaves a tool never called skipped', async () => {
    const { outcome, events } = await run(probeToolApp(1, { calls: 0 }));
    expect(outcome.nodes.tool1!.status).toBe('skipped');
    expect(toolEvents(events)).toEqual([]);
  });

  it('reports a failing tool to the caller and goes on', async () => {
    const { outcome, events, asked } = await run(probeToolApp(1, {}, { template: 'fail {{text}}' }));
    expect(outcome.status).toBe('succeeded');
    expect(asked).toBe('error: cannot answer "fail Oslo"');
    expect(toolEvents(events)).toEqual(['node_started', 'node_failed']);
    expect(events.find((e) => e.type === 'node_failed')).toMatchObject({
      error: 'Tool 1 failed: cannot answer "fail Oslo"',
      tool: { calledBy: 'asker', call: 1 },
    });
    expect(outcome.nodes.tool1).toMatchObject({ status: 'failed', runs: 0 });
  });

  it('refuses arguments that do not fit the tool’s parameters, without running it', async () => {
    const plan = planRun(probeToolApp(1), registry);
    const calls: unknown[] = [];
    const asker = {
      ...probeAsker,
      async run(ctx: Parameters<typeof probeAsker.run>[0]) {
        calls.push(ctx.tools.connected);
        calls.push(
          await ctx.tools
            .callConnected('Tool_1', { text: 3 }, { signal: ctx.signal })
            .catch((e: Error) => e.message),
        );
        calls.push(
          await ctx.tools.callConnected('Nope', {}, { signal: ctx.signal }).catch((e: Error) => e.message),
        );
        return { asked: '' };
      },
    };
    plan.nodes[1]!.definition = asker as never;
    const seen: RunEvent[] = [];
    await executeRun(plan, {
      runId: 'r',
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      inputs: { input_text: 'x' },
      onEvent: (e) => seen.push(e),
    });
    expect(calls).toEqual([
      [
        {
          name: 'Tool_1',
          description: 'Echoes a text. This one answers "echo {{text}}".',
          parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
      ],
      "The arguments do not fit Tool_1's parameters: /text must be string",
      'No block named "Nope" is connected as a tool.',
    ]);
    expect(toolEvents(seen)).toEqual([]);
  });
});

describe('what a tool block may use', () => {
  it('searches the run’s knowledge bases, as in the pipeline', async () => {
    const app = probeToolApp(0);
    app.plugins.push(probePlugin('search', 'searchTool'));
    app.connections.push({ id: 's', from: 'search', to: 'asker', fromPort: 'output', toPort: TOOLS_PORT });
    const { asked } = await run(app, {
      knowledge: {
        search: async ({ query }) => [
          { text: `about ${query}`, score: 1, documentId: 'd', documentName: 'd.txt', chunk: 0 },
        ],
      },
    });
    expect(asked).toBe('Search_Tool: about Oslo');
  });
});

describe('a block that takes tools inside a loop', () => {
  it('calls its tools for each item, each call placed in its item and charged for it, its limit per item', async () => {
    const app = probeApp(
      [
        probePlugin('in', 'echoInput'),
        probePlugin('each', 'probeLoop', { concurrency: 1 }),
        probePlugin('asker', 'probeAsker', { max_credits: 1 }),
        probePlugin('tool1', 'probeTool'),
        probePlugin('end', 'probeCollect'),
      ],
      [
        ['in', 'each'],
        ['each', 'asker'],
        ['asker', 'end'],
      ],
    );
    app.connections.push({ id: 't', from: 'tool1', to: 'asker', fromPort: 'output', toPort: TOOLS_PORT });
    const plan = planRun(app, registry);
    expect(plan.costRange).toEqual({ min: 0, max: 300 }); // 100 items at most, each 2 + 1
    const charges: BlockCharge[][] = [];
    const { outcome, events } = await run(app, {
      inputs: { input_text: 'Oslo\nRome' },
      charge: async (batch) => void charges.push(batch),
    });
    expect(outcome.nodes.end!.outputs.collected).toEqual([
      '0:Probe_Tool: echo Oslo',
      '1:Probe_Tool: echo Rome',
    ]);
    const started = events.filter((e) => e.type === 'node_started' && e.nodeId === 'tool1');
    expect(started.map((e) => (e as { loop?: unknown }).loop)).toEqual([
      [{ loopId: 'each', item: 1, items: 2 }],
      [{ loopId: 'each', item: 2, items: 2 }],
    ]);
    const toolCharges = charges.flat().filter((c) => c.nodeId === 'tool1');
    expect(toolCharges.map((c) => c.loop)).toEqual([
      [{ loopId: 'each', item: 1, items: 2 }],
      [{ loopId: 'each', item: 2, items: 2 }],
    ]);
    expect(outcome.nodes.tool1).toMatchObject({ status: 'succeeded', runs: 2 });
  });
});

describe('the credit limit of a block that takes tools', () => {
  it('keeps the charge of a call stopped at its time limit, as for any block that overran', async () => {
    const app = probeToolApp(0);
    app.plugins.push(probePlugin('slow', 'overrunTool'));
    app.connections.push({ id: 's', from: 'slow', to: 'asker', fromPort: 'output', toPort: TOOLS_PORT });
    const { outcome, asked } = await run(app);
    expect(asked).toBe('error: it ran past its 1-second limit');
    expect(outcome.overruns).toEqual([{ nodeId: 'slow', blockType: 'overrun_tool', credits: 1 }]);
  });

  it('charges each paid call as it is made and refuses the one that would pass the limit', async () => {
    const charges: BlockCharge[][] = [];
    const { outcome, asked } = await run(probeToolApp(1, { calls: 3, max_credits: 2 }), {
      charge: async (batch) => void charges.push(batch),
    });
    expect(outcome.status).toBe('succeeded');
    expect(asked.split('\n')).toEqual([
      'Tool_1: echo Oslo',
      'Tool_1: echo Oslo',
      'refused: Tool_1 costs 1 credits and 0 of this run\'s "Maximum credits" are left, so it was not made.',
    ]);
    expect(charges).toEqual([
      [{ nodeId: 'tool1', title: 'Tool 1', blockType: 'probe_tool', credits: 1 }],
      [{ nodeId: 'tool1', title: 'Tool 1', blockType: 'probe_tool', credits: 1 }],
    ]);
  });

  it('pays the model’s credits for each turn after the first, up to the limit', async () => {
    const models: ModelLookup = { check: () => ({ credits: 2 }) };
    const charges: BlockCharge[][] = [];
    const app = probeToolApp(0, { calls: 0, turns: 4, max_credits: 5 });
    const { plan, asked, events } = await run(
      app,
      { charge: async (batch) => void charges.push(batch) },
      models,
    );
    expect(plan.nodes[1]!.cost).toBe(4);
    expect(asked).toBe(
      'turn 2\nturn 3\nrefused: Another turn of the model costs 2 credits and 1 of this run\'s "Maximum credits" are left, so it was not made.',
    );
    const turn = { nodeId: 'asker', title: 'Probe Asker', blockType: 'probe_asker', credits: 2 };
    expect(charges).toEqual([[turn], [turn]]);
    // Its step's credits: its price (with its model's) and the two turns it paid for as it went.
    expect(events.find((e) => e.type === 'node_finished' && e.nodeId === 'asker')).toMatchObject({
      credits: 8,
    });
  });

  it('stops the run when the payer cannot pay a call', async () => {
    const refused = Object.assign(new Error('Your credits ran out.'), { code: 'INSUFFICIENT_CREDITS' });
    const { outcome } = await run(probeToolApp(1), { charge: () => Promise.reject(refused) });
    expect(outcome).toMatchObject({
      status: 'failed',
      error: 'Your credits ran out.',
      errorCode: 'INSUFFICIENT_CREDITS',
      failedNodeId: 'asker',
    });
  });

  it('hands apps the credits left and counts what their runs cost', async () => {
    const spec: AppToolSpec = {
      ref: 'weather',
      name: 'weather',
      title: 'Weather',
      description: 'The weather',
      parameters: { type: 'object' },
      maxCredits: 3,
    };
    const seen: (number | undefined)[] = [];
    const plan = planRun(probeToolApp(0, { max_credits: 5 }), registry);
    const left: number[] = [];
    plan.nodes[1]!.definition = {
      ...probeAsker,
      async run(ctx: Parameters<typeof probeAsker.run>[0]) {
        const apps = await ctx.tools.apps(['weather']);
        await ctx.tools.callApp(apps[0]!.ref, {}, { signal: ctx.signal });
        left.push(ctx.tools.creditsLeft);
        await ctx.tools.callApp('weather', {}, { signal: ctx.signal });
        left.push(ctx.tools.creditsLeft);
        await ctx.tools.payTurn();
        return { asked: '' };
      },
    } as never;
    await executeRun(plan, {
      runId: 'r',
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      inputs: { input_text: 'x' },
      appTools: {
        apps: async () => [spec],
        callApp: async (_ref, _args, options) => {
          seen.push(options.maxCredits);
          return { value: 'sunny', credits: 2, runId: 'nested' };
        },
      },
    });
    expect(seen).toEqual([5, 3]);
    expect(left).toEqual([3, 1]);
  });

  it('says what was needed and what was left when it refuses', () => {
    const error = new CreditLimitError('x', 3, 1);
    expect([error.needed, error.left, error.code]).toEqual([3, 1, 'BLOCK_ERROR']);
  });
});
