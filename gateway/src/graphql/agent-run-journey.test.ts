import { TOOLS_PORT, type AppConfig, type RunEvent, type ToolCallRecord } from '@blocksmith/schema';
import { startMcpTestServer, type McpTestServer } from '../../../blocks/agent/src/testing/mcp-test-server';
import { creditsOf, earningsOf, publishApp, starterWithKey } from '../mcp/testing/mcp-fixture';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai-server';
import { startLoopbackApi, type LoopbackApi } from '../testing/loopback-api';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { watchRun } from '../testing/run-progress';

/** The store app's creator price, and what its one AI block (Text Generation) costs. */
const PRICE = 3;
const STORE_APP_BLOCKS = 1;
/** The Agent's price, and the credits its model adds to it and to each turn after the first. */
const AGENT_PRICE = 3;
const MODEL_CREDITS = 2;
/** The HTTP Request block's price, per call. */
const HTTP_CALL = 1;
const ASKED = 'Oslo';
const PROMPT = `Use city_facts, HTTP_Request and haiku-writer for: ${ASKED}`;

/**
 * Text input -> Agent -> Text Display, the Agent's tools of all three kinds in one app: the MCP
 * test server's, an HTTP Request block on its tools handle (a loopback API), and another
 * account's priced store app.
 */
function researchAssistant(mcpUrl: string, apiBase: string): AppConfig {
  const app = probeApp(
    [
      probePlugin('in', 'textInput', { label: 'City' }),
      probePlugin(
        'agent',
        'agent',
        {
          instructions: 'Use city_facts, HTTP_Request and haiku-writer for: {{input_text}}',
          model: 'gpt-4o-mini',
          apps: 'haiku-writer',
          mcp_servers: mcpUrl,
          max_credits: 20,
        },
        2,
      ),
      probePlugin('lookup', 'httpRequest', { url: `${apiBase}/facts?city={{query}}` }),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['in', 'agent'],
      ['agent', 'show'],
    ],
  );
  app.connections.push({ id: 'tool', from: 'lookup', to: 'agent', fromPort: 'output', toPort: TOOLS_PORT });
  return app;
}

const RUN = `query ($id: ID!) {
  run(id: $id) {
    status cost
    steps { nodeId kind status credits items outputs }
    toolRuns { id appName source status cost actionType mine parentRunId }
  }
}`;

/**
 * A "research assistant" started with the startRun mutation and watched over graphql-ws, its model
 * (the fake OpenAI API through the real client) calling the MCP tool, the HTTP Request block and
 * the store app, one a turn, then answering: the runner pays the agent's run and the store app's
 * run exactly, the store app's creator earns its price, each call is a step, and the agent's run
 * lists the store app's run as its tool run. The same app through POST /api/apps/{id}/execute
 * costs the same.
 */
describe('an agent app with an MCP server, an HTTP Request block and a store app as tools, over GraphQL', () => {
  let t: ApiTestGateway;
  let openai: FakeOpenAi;
  let mcp: McpTestServer;
  let api: LoopbackApi;
  let creator: { token: string; id: string };
  let runner: { token: string; id: string };
  let appId: string;
  const asked: string[] = [];

  beforeAll(async () => {
    [openai, mcp] = await Promise.all([startFakeOpenAi(), startMcpTestServer()]);
    api = await startLoopbackApi((request, response) => {
      const city = new URL(request.url!, 'http://x').searchParams.get('city') ?? '';
      asked.push(city);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ city, population: 709000 }));
    });
    // The operator allows both loopback servers (the loopback API's close puts the list back).
    process.env.HTTP_BLOCK_ALLOW_HOSTS += `,127.0.0.1:${mcp.port}`;
    t = await startApiTestGateway({
      ADMIN_EMAILS: 'admin@example.com',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: `${openai.url}/v1`,
      OPENAI_MAX_RETRIES: '0',
      MODEL_CREDITS: `gpt-4o-mini=${MODEL_CREDITS}`,
    });
    const admin = await t.signUpAdmin('admin@example.com');
    creator = await starterWithKey(t, 'creator@example.com');
    // HTTP Request is a full block: the runner's plan has it.
    runner = await starterWithKey(t, 'runner@example.com');
    await publishApp(t, creator.token, admin, {
      name: 'Haiku writer',
      slug: 'haiku-writer',
      description: 'Writes a haiku about a topic.',
      config: probeTextApp('Topic'),
      price: PRICE,
    });
    const created = await t.graphql(
      'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
      {
        input: {
          name: 'Research assistant',
          category: 'Other',
          config: researchAssistant(mcp.url, api.base),
        },
      },
      runner.token,
    );
    expect(created.errors).toBeUndefined();
    appId = created.data!.createApp.id as string;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([openai?.close(), mcp?.close(), api?.close()]);
  });

  /** The agent's run: the price with its model's credits, three further turns, one HTTP call. */
  const AGENT_RUN = AGENT_PRICE + MODEL_CREDITS + 3 * MODEL_CREDITS + HTTP_CALL;
  const STORE_RUN = STORE_APP_BLOCKS + PRICE;

  /** The agent's steps: one call of each kind, in the order the model made them. */
  function expectSteps(steps: unknown) {
    const from = `127.0.0.1:${mcp.port}`;
    expect(steps).toEqual([
      {
        turn: 1,
        tool: 'city_facts',
        source: 'mcp',
        from,
        arguments: { city: PROMPT },
        answer: `${PROMPT}: population 709,000, country Norway.`,
        ms: expect.any(Number),
      },
      {
        turn: 2,
        tool: 'HTTP_Request',
        source: 'block',
        arguments: { query: PROMPT },
        answer: expect.stringContaining('709000'),
        ms: expect.any(Number),
        credits: HTTP_CALL,
      },
      {
        turn: 3,
        tool: 'haiku-writer',
        source: 'app',
        from: 'haiku-writer',
        arguments: { input_text: PROMPT },
        answer: expect.stringContaining(`Answer to: Write about ${PROMPT}`),
        ms: expect.any(Number),
        credits: STORE_RUN,
        runId: expect.any(String),
      },
    ]);
  }

  it('starts with startRun, shows each call live, and charges and earns exactly', async () => {
    const [paid, earned, calls] = [
      await creditsOf(t, runner.token),
      await earningsOf(t, creator.id),
      mcp.log.calls.length,
    ];
    const started = await t.graphql(
      'mutation ($appId: ID!, $inputs: JSONObject) { startRun(appId: $appId, inputs: $inputs) { runId } }',
      { appId, inputs: { input_text: ASKED } },
      runner.token,
    );
    expect(started.errors).toBeUndefined();
    const runId = started.data!.startRun.runId as string;
    const events = await watchRun(t.gateway.url, runner.token, runId);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'succeeded' });

    // Each call went out live as it started and ended; the HTTP Request block ran as its own step.
    const reported = events
      .filter((e): e is Extract<RunEvent, { type: 'tool_call' }> => e.type === 'tool_call')
      .map((e) => e.call);
    expect(reported.map((c: ToolCallRecord) => [c.call, c.tool, c.status])).toEqual([
      [1, 'city_facts', 'running'],
      [1, 'city_facts', 'succeeded'],
      [2, 'HTTP_Request', 'running'],
      [2, 'HTTP_Request', 'succeeded'],
      [3, 'haiku-writer', 'running'],
      [3, 'haiku-writer', 'succeeded'],
    ]);
    expect(events.filter((e) => e.type === 'node_finished' && e.nodeId === 'lookup')).toEqual([
      expect.objectContaining({
        tool: expect.objectContaining({ calledBy: 'agent', arguments: { query: PROMPT } }),
      }),
    ]);
    expect(mcp.log.calls.slice(calls)).toEqual([{ name: 'city_facts', arguments: { city: PROMPT } }]);
    expect(asked.at(-1)).toBe(PROMPT);

    expect(await creditsOf(t, runner.token)).toBe(paid - AGENT_RUN - STORE_RUN);
    expect(await earningsOf(t, creator.id)).toBe(earned + PRICE);

    const read = await t.graphql(RUN, { id: runId }, runner.token);
    expect(read.errors).toBeUndefined();
    const run = read.data!.run;
    expect(run).toMatchObject({ status: 'succeeded', cost: AGENT_RUN });
    expect(run.toolRuns).toEqual([
      {
        id: expect.any(String),
        appName: 'Haiku writer',
        source: 'agent',
        status: 'succeeded',
        cost: STORE_RUN,
        actionType: 'published',
        mine: true,
        parentRunId: runId,
      },
    ]);
    const agent = run.steps.find((s: { nodeId: string }) => s.nodeId === 'agent');
    expect(agent).toMatchObject({ kind: 'agent', status: 'succeeded', credits: AGENT_RUN - HTTP_CALL });
    expectSteps(agent.outputs.agent_steps);
    // The app's call links to the run it started.
    expect(agent.outputs.agent_steps[2].runId).toBe(run.toolRuns[0].id);
    // The model's answer quotes what each tool answered.
    expect(agent.outputs.agent_answer).toMatch(
      /^Based on city_facts: .* Based on HTTP_Request: .* Based on haiku-writer: /s,
    );
    expect(run.steps.find((s: { nodeId: string }) => s.nodeId === 'lookup')).toMatchObject({
      kind: 'httpRequest',
      status: 'succeeded',
      credits: HTTP_CALL,
      items: 1,
    });
  });

  it('runs the same app through POST /api/apps/{id}/execute for the same charges', async () => {
    const [paid, earned] = [await creditsOf(t, runner.token), await earningsOf(t, creator.id)];
    const answer = await t.api('POST', `/apps/${appId}/execute`, {
      token: runner.token,
      body: { inputData: { input_text: ASKED } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.run).toMatchObject({ status: 'succeeded', cost: AGENT_RUN });
    expectSteps(answer.body.output.agent_steps);
    expect(await creditsOf(t, runner.token)).toBe(paid - AGENT_RUN - STORE_RUN);
    expect(await earningsOf(t, creator.id)).toBe(earned + PRICE);
  });
});
