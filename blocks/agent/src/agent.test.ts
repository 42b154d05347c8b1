import {
  AddressRefusedError,
  BlockError,
  BlockInputError,
  type ToolTurnRequest,
} from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider, type RunBlockOptions } from '@blocksmith/block-sdk/testing';
import { AGENT_SYSTEM, agent, createAgent } from './agent';
import type { AgentStep } from './agent-steps';
import { startMcpTestServer, type McpTestServer } from './testing/mcp-test-server';

let mcp: McpTestServer;
const savedAllowList = process.env.HTTP_BLOCK_ALLOW_HOSTS;

beforeAll(async () => {
  mcp = await startMcpTestServer();
});

afterAll(async () => {
  await mcp.close();
});

beforeEach(() => {
  process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${mcp.port}`;
  mcp.log.calls.length = 0;
  mcp.log.authorizations.length = 0;
});

afterEach(() => {
  if (savedAllowList === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
  else process.env.HTTP_BLOCK_ALLOW_HOSTS = savedAllowList;
});

function run(
  provider: ScriptedProvider,
  settings: Record<string, unknown> = {},
  extra: RunBlockOptions = {},
) {
  return runBlock(agent, {
    settings: { mcp_servers: mcp.url, ...settings },
    upstream: { input_text: 'How many people live in Oslo?' },
    provider,
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the run did not fail');
}

function steps(outputs: Record<string, unknown>): AgentStep[] {
  return outputs.agent_steps as AgentStep[];
}

describe('agent', () => {
  it('declares its settings, outputs, price and a model that can call tools', () => {
    expect(agent).toMatchObject({ kind: 'agent', name: 'Agent', category: 'ai', cost: 3 });
    expect(Object.keys(agent.settings)).toEqual([
      'instructions',
      'model',
      'answer',
      'answer_schema',
      'max_steps',
      'max_credits',
      'apps',
      'mcp_servers',
      'tool_timeout_seconds',
    ]);
    expect(agent.settings.apps).toMatchObject({ type: 'text', picker: 'apps' });
    expect(agent.settings.mcp_servers).toMatchObject({ type: 'text', picker: 'mcpServers', multiline: true });
    expect(agent.settings.answer).toMatchObject({ type: 'select', default: 'text' });
    expect(agent.settings.model).toMatchObject({ type: 'model', capability: 'tools', default: 'gpt-4' });
    expect(agent.settings.max_steps).toMatchObject({ default: 8, min: 1, max: 25 });
    expect(agent.settings.tool_timeout_seconds).toMatchObject({ default: 30 });
    expect(agent.settings.max_credits).toMatchObject({ default: 50, min: 0 });
    expect(agent.tools).toEqual({ maxCredits: 'max_credits' });
    expect(Object.keys(agent.outputs)).toEqual(['agent_answer', 'agent_data', 'agent_steps']);
    expect(agent.version).toBe(2);
  });

  it('lists the server tools, calls the one the model asks for and answers from it', async () => {
    const provider = new ScriptedProvider({
      tools: [
        { text: 'Let me look that up.', toolCalls: [{ name: 'city_facts', arguments: { city: 'Oslo' } }] },
        'Oslo has about 709,000 people.',
      ],
    });
    const { outputs, progress, toolCalls } = await run(provider);
    expect(outputs.agent_answer).toBe('Oslo has about 709,000 people.');
    expect(outputs.agent_data).toBeNull();
    const host = `127.0.0.1:${mcp.port}`;
    expect(steps(outputs)).toEqual([
      {
        turn: 1,
        tool: 'city_facts',
        source: 'mcp',
        from: host,
        arguments: { city: 'Oslo' },
        answer: 'Oslo: population 709,000, country Norway.',
        ms: expect.any(Number),
      },
    ]);
    expect(toolCalls).toEqual([{ call: 1, status: 'succeeded', ...steps(outputs)[0]! }]);
    expect(mcp.log.calls).toEqual([{ name: 'city_facts', arguments: { city: 'Oslo' } }]);
    const first = provider.toolRequests[0]!;
    expect(first.system).toBe(AGENT_SYSTEM);
    expect(first.model).toBe('gpt-4');
    expect(first.messages).toEqual([
      { role: 'user', text: 'Answer using the tools where they help: How many people live in Oslo?' },
    ]);
    expect(first.tools.map((t) => t.name)).toEqual(['city_facts', 'slow_report', 'broken_tool']);
    expect(first.tools[0]!.parameters).toMatchObject({ type: 'object', required: ['city'] });
    const second = provider.toolRequests[1]!;
    expect(second.messages.at(-1)).toEqual({
      role: 'tool',
      results: [
        {
          callId: 'call_1',
          name: 'city_facts',
          content: 'Oslo: population 709,000, country Norway.',
          isError: false,
        },
      ],
    });
    // The progress is the model's text; the calls are reported as structured events, not as text.
    expect(progress.join('')).toBe('Let me look that up.\nOslo has about 709,000 people.');
  });

  it('refuses arguments that do not fit the tool schema, tells the model why, and lets it retry', async () => {
    const provider = new ScriptedProvider({
      tools: [
        { toolCalls: [{ name: 'city_facts', arguments: { town: 'Oslo' } }] },
        { toolCalls: [{ name: 'city_facts', arguments: { city: 'Oslo' } }] },
        'About 709,000.',
      ],
    });
    const { outputs, toolCalls } = await run(provider);
    expect(outputs.agent_answer).toBe('About 709,000.');
    const [refused, called] = steps(outputs);
    expect(refused).toMatchObject({ turn: 1, tool: 'city_facts', arguments: { town: 'Oslo' }, ms: 0 });
    expect(refused!.error).toContain("must have required property 'city'");
    expect(called).toMatchObject({ turn: 2, answer: 'Oslo: population 709,000, country Norway.' });
    expect(mcp.log.calls).toEqual([{ name: 'city_facts', arguments: { city: 'Oslo' } }]);
    const told = provider.toolRequests[1]!.messages.at(-1) as Extract<
      ToolTurnRequest['messages'][number],
      { role: 'tool' }
    >;
    expect(told.results[0]).toMatchObject({
      isError: true,
      content: expect.stringContaining("required property 'city'"),
    });
    expect(toolCalls.map((c) => c.status)).toEqual(['refused', 'succeeded']);
    expect(toolCalls[0]!.error).toContain('Not called: the arguments do not fit');
  });

  it('refuses a tool the server does not have, and arguments that were not a JSON object', async () => {
    const provider = new ScriptedProvider({
      tools: [
        {
          toolCalls: [
            { name: 'weather', arguments: { city: 'Oslo' } },
            { name: 'city_facts', arguments: {}, argumentsError: 'the arguments are not valid JSON' },
          ],
        },
        'I could not use the tools.',
      ],
    });
    const { outputs } = await run(provider);
    expect(steps(outputs).map((s) => s.error)).toEqual([
      'Not called: there is no tool named "weather"; the tools are: city_facts, slow_report, broken_tool. Correct the call and try again.',
      'Not called: the arguments are not valid JSON. Correct the call and try again.',
    ]);
    expect(mcp.log.calls).toEqual([]);
  });

  it('cuts off a tool that does not answer within the time limit and tells the model', async () => {
    const provider = new ScriptedProvider({
      tools: [
        { toolCalls: [{ name: 'slow_report', arguments: { topic: 'x' } }] },
        'The report tool timed out.',
      ],
    });
    const { outputs, toolCalls } = await run(provider, { tool_timeout_seconds: 2 });
    expect(outputs.agent_answer).toBe('The report tool timed out.');
    expect(steps(outputs)[0]).toMatchObject({
      tool: 'slow_report',
      error: 'The tool did not answer within 2 seconds and was cut off.',
    });
    expect(steps(outputs)[0]!.ms).toBeGreaterThanOrEqual(1900);
    expect(toolCalls[0]).toMatchObject({ status: 'failed', source: 'mcp', tool: 'slow_report' });
  });

  it('tells the model a tool failed, with the server’s reason', async () => {
    const provider = new ScriptedProvider({
      tools: [{ toolCalls: [{ name: 'broken_tool', arguments: { query: 'q' } }] }, 'The tool is down.'],
    });
    const { outputs } = await run(provider);
    expect(steps(outputs)[0]).toMatchObject({
      tool: 'broken_tool',
      error: expect.stringContaining('the backend is down'),
    });
    const told = provider.toolRequests[1]!.messages.at(-1) as Extract<
      ToolTurnRequest['messages'][number],
      { role: 'tool' }
    >;
    expect(told.results[0]).toMatchObject({ name: 'broken_tool', isError: true });
  });

  it('stops at the step limit keeping what it has, making no call on its last step (nothing would read it)', async () => {
    const provider = new ScriptedProvider({
      tools: [{ text: 'Still checking.', toolCalls: [{ name: 'city_facts', arguments: { city: 'Oslo' } }] }],
    });
    const { outputs, progress, toolCalls } = await run(provider, { max_steps: 2 });
    expect(provider.toolRequests).toHaveLength(2);
    expect(mcp.log.calls).toEqual([{ name: 'city_facts', arguments: { city: 'Oslo' } }]);
    expect(steps(outputs)).toEqual([
      expect.objectContaining({ turn: 1, tool: 'city_facts', answer: expect.stringContaining('709,000') }),
      {
        turn: 2,
        tool: 'city_facts',
        source: 'mcp',
        from: `127.0.0.1:${mcp.port}`,
        arguments: { city: 'Oslo' },
        error:
          'Not called: the agent was at its limit of 2 steps, so the model could not have read the answer.',
        ms: 0,
      },
    ]);
    expect(toolCalls.map((call) => call.status)).toEqual(['succeeded', 'refused']);
    expect(outputs.agent_answer).toBe(
      'Still checking.\n\nThe agent stopped at its limit of 2 steps before it finished; the tool calls it made are in its steps. Raise "Maximum steps" or narrow the instructions, then run again.',
    );
    expect(progress.join('')).toContain('Stopped at the step limit (2).');
  });

  it('refuses a loopback server unless the operator allows it, sending nothing', async () => {
    delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    const provider = new ScriptedProvider({ tools: ['unused'] });
    const error = await failure(run(provider));
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(error.message).toBe(
      "127.0.0.1 is a loopback address. The Agent block's MCP client only reaches public internet addresses (a server's operator can allow others with HTTP_BLOCK_ALLOW_HOSTS).",
    );
    expect(mcp.log.authorizations).toEqual([]);
    expect(provider.toolRequests).toEqual([]);
  });

  it('refuses a name that resolves to a private address', async () => {
    const block = createAgent({ resolver: async () => [{ address: '10.0.0.7', family: 4 }] });
    const error = await failure(
      runBlock(block, {
        settings: { mcp_servers: 'https://tools.internal.example/mcp' },
        upstream: { input_text: 'x' },
        provider: new ScriptedProvider({ tools: ['unused'] }),
      }),
    );
    expect(error.message).toMatch(
      /^tools\.internal\.example resolves to 10\.0\.0\.7, which is a private address\./,
    );
  });

  it('sends the owner’s secret as a bearer token, and refuses a secret that is not saved', async () => {
    const provider = new ScriptedProvider({ tools: ['Done.'] });
    await run(provider, { mcp_servers: `${mcp.url} MCP_TOKEN` }, { secrets: { MCP_TOKEN: 'tok-123456789' } });
    expect(mcp.log.authorizations.length).toBeGreaterThan(0);
    expect(new Set(mcp.log.authorizations)).toEqual(new Set(['Bearer tok-123456789']));
    const error = await failure(
      run(new ScriptedProvider({ tools: ['x'] }), { mcp_servers: `${mcp.url} MISSING` }),
    );
    expect(error).toBeInstanceOf(BlockInputError);
    expect(error.message).toContain('there is no secret named MISSING');
  });

  it('says what is wrong with a server that answers malformed JSON-RPC', async () => {
    const error = await failure(
      run(new ScriptedProvider({ tools: ['x'] }), { mcp_servers: mcp.url.replace('/mcp', '/garbage') }),
    );
    expect(error).toBeInstanceOf(BlockError);
    expect(error.message).toMatch(
      new RegExp(`^The MCP server at 127\\.0\\.0\\.1:${mcp.port} could not be used: `),
    );
  });

  it('says which setting names the secret when a server refuses the request', async () => {
    const error = await failure(
      run(new ScriptedProvider({ tools: ['x'] }), { mcp_servers: mcp.url.replace('/mcp', '/locked') }),
    );
    expect(error).toBeInstanceOf(BlockInputError);
    expect(error.message).toBe(
      `The MCP server at 127.0.0.1:${mcp.port} refused the request (401): check that its line in "MCP servers" names, after the address, the secret the server expects (Secrets page, account menu).`,
    );
  });

  it('refuses a URL that is not http(s), a line it cannot read and a server listed twice', async () => {
    const refused = async (mcp_servers: string) =>
      (await failure(run(new ScriptedProvider(), { mcp_servers }))).message;
    expect(await refused('ftp://x.example/')).toBe(
      '"MCP servers" line 1 must start with https:// (or http://).',
    );
    expect(await refused(`${mcp.url}\nnot an address`)).toBe(
      '"MCP servers" line 2 is not a web address: not',
    );
    expect(await refused(`${mcp.url} A B`)).toBe(
      '"MCP servers" line 1 has more than an address and a secret name: write "<url>" or "<url> <secret name>".',
    );
    expect(await refused(`${mcp.url}\n\n${mcp.url} TOKEN`)).toBe(
      `"MCP servers" line 3 lists ${mcp.url} again: list each server once.`,
    );
  });

  it('answers with the model alone when no server is set', async () => {
    const provider = new ScriptedProvider({ tools: ['Oslo has about 709,000 people.'] });
    const { outputs } = await run(provider, { mcp_servers: '' });
    expect(outputs).toEqual({
      agent_answer: 'Oslo has about 709,000 people.',
      agent_data: null,
      agent_steps: [],
    });
    expect(provider.toolRequests[0]!.tools).toEqual([]);
  });
});
