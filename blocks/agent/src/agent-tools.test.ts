import {
  BlockError,
  CreditLimitError,
  defineBlock,
  field,
  MemoryFileStore,
  NO_RUN_TOOLS,
  NodeContext,
  output,
  validateSettings,
  type AppToolSpec,
  type RunTools,
  type ToolCallOptions,
} from '@blocksmith/block-sdk';
import type { ToolCallRecord } from '@blocksmith/schema';
import { runGraph, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { agent } from './agent';
import type { AgentStep } from './agent-steps';
import { appRefs } from './agent-tools';

/** A block that serves as a tool: facts about a city; fails for Atlantis. */
const cityFacts = defineBlock({
  kind: 'cityFacts',
  name: 'City facts',
  description: 'Facts about a city.',
  category: 'ai',
  cost: 1,
  settings: { label: field.text({ label: 'Label', default: '', required: false }) },
  outputs: { facts: output.text() },
  tool: {
    description: 'Facts about a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  run(ctx) {
    const city = ctx.render('{{city}}');
    if (city === 'Atlantis') throw new BlockError('no such city');
    return { facts: `${city}: population 709,000 (asked: ${ctx.render('{{input_text}}')})` };
  },
});

const asked = 'How many people live in Oslo?';

/** The agent with a connected tool block, asked `asked` through a text variable. */
function withTool(provider: ScriptedProvider, settings: Record<string, unknown> = {}) {
  const text = defineBlock({
    kind: 'question',
    name: 'Question',
    description: 'The question.',
    category: 'input',
    inputKind: 'text',
    settings: {},
    outputs: { input_text: output.text() },
    run: () => ({ input_text: asked }),
  });
  return runGraph({
    blocks: [agent, cityFacts, text],
    nodes: [
      { id: 'question', type: 'question' },
      { id: 'agent', type: 'agent', settings },
      { id: 'facts', type: 'cityFacts', settings: { label: 'Lookup' } },
    ],
    connections: [
      { from: 'question', to: 'agent' },
      { from: 'facts', to: 'agent', toPort: 'tools' },
    ],
    provider,
  });
}

const steps = (outputs: Record<string, unknown>) => outputs.agent_steps as AgentStep[];

describe('agent with blocks connected as tools', () => {
  it('offers the connected block, runs it on the model’s call with the arguments and answers from it', async () => {
    const provider = new ScriptedProvider({
      tools: [{ toolCalls: [{ name: 'Lookup', arguments: { city: 'Oslo' } }] }, 'About 709,000.'],
    });
    const run = await withTool(provider);
    expect(run.status).toBe('succeeded');
    const outputs = run.blocks.agent!.outputs;
    expect(outputs.agent_answer).toBe('About 709,000.');
    expect(steps(outputs)).toEqual([
      {
        turn: 1,
        tool: 'Lookup',
        source: 'block',
        arguments: { city: 'Oslo' },
        answer: `Oslo: population 709,000 (asked: ${asked})`,
        ms: expect.any(Number),
        credits: 1,
      },
    ]);
    expect(provider.toolRequests[0]!.tools).toEqual([
      {
        name: 'Lookup',
        description: 'Facts about a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ]);
    const toolEvents = run.events.filter((e) => 'nodeId' in e && e.nodeId === 'facts');
    expect(toolEvents.map((e) => e.type)).toEqual(['node_started', 'node_finished']);
    expect(toolEvents[0]).toMatchObject({
      tool: { calledBy: 'agent', call: 1, arguments: { city: 'Oslo' } },
    });
    const calls = run.events.filter((e) => e.type === 'tool_call');
    expect(calls.map((e) => [e.nodeId, e.call.call, e.call.status, e.call.source])).toEqual([
      ['agent', 1, 'running', 'block'],
      ['agent', 1, 'succeeded', 'block'],
    ]);
    expect(run.blocks.agent!.toolCalls).toEqual([{ call: 1, status: 'succeeded', ...steps(outputs)[0]! }]);
  });

  it('never passes arguments that do not fit the tool’s schema: the model is told why and may retry', async () => {
    const provider = new ScriptedProvider({
      tools: [
        { toolCalls: [{ name: 'Lookup', arguments: { town: 'Oslo' } }] },
        { toolCalls: [{ name: 'Lookup', arguments: { city: 'Oslo' } }] },
        'About 709,000.',
      ],
    });
    const run = await withTool(provider);
    const [refused, called] = steps(run.blocks.agent!.outputs);
    expect(refused).toMatchObject({ tool: 'Lookup', ms: 0 });
    expect(refused!.error).toMatch(/^Not called: .*must have required property 'city'\. Correct the call/);
    expect(called).toMatchObject({ turn: 2, credits: 1 });
    const started = run.events.filter((e) => e.type === 'node_started' && e.nodeId === 'facts');
    expect(started).toHaveLength(1);
  });

  it('on its last step neither runs nor pays for the tool block the model asks for, and stops saying so', async () => {
    const provider = new ScriptedProvider({
      tools: [{ text: 'Let me look.', toolCalls: [{ name: 'Lookup', arguments: { city: 'Oslo' } }] }],
    });
    const run = await withTool(provider, { max_steps: 1 });
    expect(run.status).toBe('succeeded');
    expect(run.events.filter((e) => 'nodeId' in e && e.nodeId === 'facts')).toEqual([]);
    const outputs = run.blocks.agent!.outputs;
    expect(steps(outputs)).toEqual([
      {
        turn: 1,
        tool: 'Lookup',
        source: 'block',
        arguments: { city: 'Oslo' },
        error:
          'Not called: the agent was at its limit of 1 step, so the model could not have read the answer.',
        ms: 0,
      },
    ]);
    expect(outputs.agent_answer).toBe(
      'Let me look.\n\nThe agent stopped at its limit of 1 step before it finished; the tool calls it made are in its steps. Raise "Maximum steps" or narrow the instructions, then run again.',
    );
    // The agent's price alone: no tool call was paid.
    expect(run.events.find((e) => e.type === 'node_finished' && e.nodeId === 'agent')).toMatchObject({
      credits: agent.cost,
    });
  });

  it('tells the model a tool failed and goes on, the tool’s step failed and the run not', async () => {
    const provider = new ScriptedProvider({
      tools: [{ toolCalls: [{ name: 'Lookup', arguments: { city: 'Atlantis' } }] }, 'I could not find it.'],
    });
    const run = await withTool(provider);
    expect(run.status).toBe('succeeded');
    expect(steps(run.blocks.agent!.outputs)[0]).toMatchObject({ error: 'no such city' });
    expect(provider.toolRequests[1]!.messages.at(-1)).toMatchObject({
      results: [{ content: 'no such city', isError: true }],
    });
    expect(run.blocks.facts!.status).toBe('failed');
  });

  it('does not make a call its Maximum credits cannot pay for, and says so to the model', async () => {
    const provider = new ScriptedProvider({
      tools: [
        { toolCalls: [{ name: 'Lookup', arguments: { city: 'Oslo' } }] },
        { toolCalls: [{ name: 'Lookup', arguments: { city: 'Bergen' } }] },
        'Oslo has about 709,000; I could not look Bergen up.',
      ],
    });
    const run = await withTool(provider, { max_credits: 1 });
    const [first, second] = steps(run.blocks.agent!.outputs);
    expect(first).toMatchObject({ credits: 1 });
    expect(second!.error).toBe(
      'Not called: Lookup costs 1 credits and 0 of this run\'s "Maximum credits" are left, so it was not made. Answer with what you have, or use a tool that costs less.',
    );
    expect(run.events.filter((e) => e.type === 'node_started' && e.nodeId === 'facts')).toHaveLength(1);
  });
});

/** Runs the agent alone with the tools given (the rest: none). */
async function withFakeTools(
  tools: Partial<RunTools>,
  provider: ScriptedProvider,
  settings: Record<string, unknown> = {},
) {
  const checked = validateSettings(agent.settings, settings);
  if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
  const progress: string[] = [];
  const reported: ToolCallRecord[] = [];
  const context = new NodeContext({
    nodeId: 'agent',
    settings: checked.value,
    upstream: [{ nodeId: 'q', kind: 'test', name: 'input_text', value: asked }],
    variables: { input_text: asked },
    runInput: undefined,
    provider,
    files: new MemoryFileStore(),
    signal: new AbortController().signal,
    tools: { ...NO_RUN_TOOLS, ...tools } as RunTools,
    onPartial: (text) => progress.push(text),
    onArtifact: () => {},
    onToolCall: (record) => reported.push(structuredClone(record)),
  });
  const outputs = (await agent.run(context as never)) as Record<string, unknown>;
  return { outputs, progress: progress.join(''), reported };
}

describe('agent with apps as tools', () => {
  const weather: AppToolSpec = {
    ref: 'weather-now',
    name: 'Weather_now',
    title: 'Weather now',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    maxCredits: 4,
  };

  it('reads app ids and slugs from its Apps setting', () => {
    expect(appRefs(' weather-now, 4f1c\nweather-now ,, ')).toEqual(['weather-now', '4f1c']);
  });

  it('offers the apps it names, calls them with the credits left and keeps the nested run', async () => {
    const asked: string[][] = [];
    const calls: { ref: string; args: unknown; options: ToolCallOptions }[] = [];
    let left = 10;
    const provider = new ScriptedProvider({
      tools: [{ toolCalls: [{ name: 'Weather_now', arguments: { city: 'Oslo' } }] }, 'Sunny in Oslo.'],
    });
    const { outputs, reported } = await withFakeTools(
      {
        apps: async (refs) => {
          asked.push([...refs]);
          return [weather];
        },
        callApp: async (ref, args, options) => {
          calls.push({ ref, args, options });
          left -= 3;
          return { value: { forecast: 'sunny' }, credits: 3, runId: 'run_nested' };
        },
        get creditsLeft() {
          return left;
        },
      },
      provider,
      { apps: 'weather-now' },
    );
    expect(asked).toEqual([['weather-now']]);
    expect(provider.toolRequests[0]!.tools.map((t) => t.name)).toEqual(['Weather_now']);
    expect(calls).toEqual([
      { ref: 'weather-now', args: { city: 'Oslo' }, options: expect.objectContaining({ maxCredits: 10 }) },
    ]);
    expect(steps(outputs)).toEqual([
      expect.objectContaining({ answer: '{\n  "forecast": "sunny"\n}', credits: 3, runId: 'run_nested' }),
    ]);
    expect(outputs.agent_answer).toBe('Sunny in Oslo.');
    // Reported when it starts and when it ends, with where it came from and the nested run.
    expect(reported).toEqual([
      {
        call: 1,
        turn: 1,
        tool: 'Weather_now',
        source: 'app',
        from: 'weather-now',
        arguments: { city: 'Oslo' },
        status: 'running',
      },
      {
        call: 1,
        turn: 1,
        tool: 'Weather_now',
        source: 'app',
        from: 'weather-now',
        arguments: { city: 'Oslo' },
        status: 'succeeded',
        answer: '{\n  "forecast": "sunny"\n}',
        ms: expect.any(Number),
        credits: 3,
        runId: 'run_nested',
      },
    ]);
  });

  it('never passes arguments that do not fit the app’s parameters: the model is told why and may retry', async () => {
    const callApp = jest.fn(async () => ({ value: 'sunny', credits: 0 }));
    const provider = new ScriptedProvider({
      tools: [
        { toolCalls: [{ name: 'Weather_now', arguments: { town: 'Oslo' } }] },
        { toolCalls: [{ name: 'Weather_now', arguments: { city: 'Oslo' } }] },
        'Sunny.',
      ],
    });
    const { outputs, reported } = await withFakeTools({ apps: async () => [weather], callApp }, provider, {
      apps: 'weather-now',
    });
    expect(callApp).toHaveBeenCalledTimes(1);
    expect(callApp).toHaveBeenCalledWith('weather-now', { city: 'Oslo' }, expect.anything());
    expect(steps(outputs)[0]!.error).toContain("the arguments do not fit the tool's input schema");
    expect(reported.map((r) => [r.call, r.status])).toEqual([
      [1, 'refused'],
      [2, 'running'],
      [2, 'succeeded'],
    ]);
    const told = provider.toolRequests[1]!.messages.at(-1) as {
      role: 'tool';
      results: { isError?: boolean }[];
    };
    expect(told.results[0]!.isError).toBe(true);
  });

  it('refuses to start when an app cannot be used, naming it', async () => {
    await expect(
      withFakeTools(
        { apps: () => Promise.reject(new Error('There is no app "nope" you can use.')) },
        new ScriptedProvider(),
        { apps: 'nope' },
      ),
    ).rejects.toThrow('"Apps" cannot be used: There is no app "nope" you can use.');
  });

  it('does not call an app that may cost more than the credits left', async () => {
    const callApp = jest.fn();
    const provider = new ScriptedProvider({
      tools: [{ toolCalls: [{ name: 'Weather_now', arguments: { city: 'Oslo' } }] }, 'No weather.'],
    });
    const { outputs } = await withFakeTools(
      { apps: async () => [weather], callApp, creditsLeft: 3 },
      provider,
      {
        apps: 'weather-now',
      },
    );
    expect(callApp).not.toHaveBeenCalled();
    expect(steps(outputs)[0]!.error).toBe(
      'Not called: a call to Weather_now may cost 4 credits and 3 of this run\'s "Maximum credits" are left. Answer with what you have, or use a tool that costs less.',
    );
  });
});

describe('agent at its credit limit', () => {
  it('stops before a turn it cannot pay for, keeping what it has, and says why', async () => {
    let turns = 0;
    const provider = new ScriptedProvider({
      tools: [{ text: 'Looking into it.', toolCalls: [{ name: 'Lookup', arguments: { city: 'Oslo' } }] }],
    });
    const { outputs, progress } = await withFakeTools(
      {
        connected: [cityFacts.tool!].map((t) => ({ name: 'Lookup', ...t })),
        callConnected: async () => ({ value: 'Oslo: 709,000', credits: 1 }),
        payTurn: async () => {
          turns++;
          throw new CreditLimitError('no credits left', 2, 0);
        },
      },
      provider,
      { max_credits: 1 },
    );
    expect(turns).toBe(1);
    expect(outputs.agent_answer).toBe(
      'Looking into it.\n\nThe agent stopped at its limit of 1 credit for tools and further steps before it finished; the tool calls it made are in its steps. Raise "Maximum credits" or narrow the instructions, then run again.',
    );
    expect(steps(outputs)).toEqual([expect.objectContaining({ tool: 'Lookup', answer: 'Oslo: 709,000' })]);
    expect(progress).toContain('Stopped at the credit limit (1).\n');
  });
});
