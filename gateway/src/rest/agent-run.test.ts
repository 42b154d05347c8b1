import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { startMcpTestServer, type McpTestServer } from '../../../blocks/agent/src/testing/mcp-test-server';

/**
 * Text input -> Agent (the loopback MCP server's tools, the offline provider's agent) -> Text
 * Display, through POST /api/apps/{id}/execute: the answer, the tool calls kept in the run, and
 * exactly the Agent's price charged.
 */
describe('an Agent app through POST /api/apps/{id}/execute', () => {
  let t: ApiTestGateway;
  let mcp: McpTestServer;
  let ann: { token: string; id: string };
  const allowBefore = process.env.HTTP_BLOCK_ALLOW_HOSTS;

  const agentApp = (
    url: string,
    agent: Record<string, unknown> = { mcp_server_url: url },
    version?: number,
  ) =>
    probeApp(
      [
        probePlugin('in', 'textInput', { label: 'Question' }),
        probePlugin('agent', 'agent', agent, version),
        probePlugin('show', 'textDisplay'),
      ],
      [
        ['in', 'agent'],
        ['agent', 'show'],
      ],
    );
  const create = async (url: string, agent?: Record<string, unknown>, version?: number) => {
    const answer = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Research assistant', category: 'Other', config: agentApp(url, agent, version) },
    });
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  };
  const balance = async () =>
    (await t.api('GET', '/credits/balance', { token: ann.token })).body.credits as number;

  beforeAll(async () => {
    mcp = await startMcpTestServer();
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
  });

  afterAll(async () => {
    if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
    await t?.close();
    await mcp?.close();
  });

  it('answers from the MCP tool the offline agent calls, keeps the call in the run and charges the block’s price', async () => {
    process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${mcp.port}`;
    const app = await create(mcp.url);
    const before = await balance();
    const answer = await t.api('POST', `/apps/${app}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: 'facts about Oslo' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.run).toMatchObject({ status: 'succeeded', cost: 3 });
    const question = 'Answer using the tools where they help: facts about Oslo';
    expect(answer.body.output.agent_answer).toBe(
      `[Offline preview] From city_facts: ${question}: population 709,000, country Norway.`,
    );
    expect(mcp.log.calls).toEqual([{ name: 'city_facts', arguments: { city: question } }]);
    expect(before - (await balance())).toBe(3);

    const run = await t.api('GET', `/runs/${answer.body.run.id as string}`, { token: ann.token });
    expect(run.status).toBe(200);
    const step = run.body.steps.find((s: { nodeId: string }) => s.nodeId === 'agent');
    expect(step).toMatchObject({ status: 'succeeded', credits: 3, model: 'offline' });
    expect(step.outputs.agent_answer).toBe(answer.body.output.agent_answer);
    expect(step.outputs.agent_steps).toEqual([
      {
        turn: 1,
        tool: 'city_facts',
        source: 'mcp',
        from: `127.0.0.1:${mcp.port}`,
        arguments: { city: question },
        answer: `${question}: population 709,000, country Norway.`,
        ms: expect.any(Number),
      },
    ]);
  });

  it('refuses the loopback server without the operator’s allowance, charging nothing', async () => {
    delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    const app = await create(mcp.url);
    const before = await balance();
    const answer = await t.api('POST', `/apps/${app}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: 'facts about Oslo' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(
      "127.0.0.1 is a loopback address. The Agent block's MCP client only reaches public internet addresses",
    );
    expect(await balance()).toBe(before);
  });

  it('connects to and lists a server once per run for an agent in a For Each loop and another naming it', async () => {
    process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${mcp.port}`;
    const config = probeApp(
      [
        probePlugin('in', 'textInput', { label: 'Cities' }),
        probePlugin('each', 'forEach', { concurrency: 2, max_items: 3 }),
        probePlugin('agent', 'agent', { mcp_servers: mcp.url, max_credits: 0 }, 2),
        probePlugin('end', 'collect'),
        probePlugin('show', 'textDisplay'),
        probePlugin('overview', 'agent', { mcp_servers: mcp.url, max_credits: 0 }, 2),
        probePlugin('show_overview', 'textDisplay'),
      ],
      [
        ['in', 'each'],
        ['each', 'agent'],
        ['agent', 'end'],
        ['end', 'show'],
        ['in', 'overview'],
        ['overview', 'show_overview'],
      ],
    );
    const created = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'City facts', category: 'Other', config },
    });
    expect(created.status).toBe(201);
    const count = (method: string) => mcp.log.methods.filter((m) => m === method).length;
    const execute = () =>
      t.api('POST', `/apps/${created.body.id as string}/execute`, {
        token: ann.token,
        body: { inputData: { input_text: '["Oslo", "Bergen", "Tromsø"]' } },
      });
    const [listed, connected, called] = [count('tools/list'), count('initialize'), mcp.log.calls.length];

    const before = await balance();
    const answer = await execute();
    expect(answer.status).toBe(200);
    expect(answer.body.run).toMatchObject({ status: 'succeeded' });
    expect(answer.body.output.collected_count).toBe(3);
    expect(before - (await balance())).toBe(4 * 3);
    // Four agents' runs (three items and the overview), one session and one listing between them.
    expect(mcp.log.calls.length - called).toBe(4);
    expect(count('initialize') - connected).toBe(1);
    expect(count('tools/list') - listed).toBe(1);

    // The next run has a session of its own.
    expect((await execute()).status).toBe(200);
    expect(count('tools/list') - listed).toBe(2);
  });

  it('answers JSON matching the creator’s schema with the offline agent, from the MCP server’s tool', async () => {
    process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${mcp.port}`;
    const schema = {
      type: 'object',
      properties: { summary: { type: 'string' }, sources: { type: 'array', items: { type: 'string' } } },
      required: ['summary', 'sources'],
    };
    const app = await create(
      mcp.url,
      { answer: 'json', answer_schema: JSON.stringify(schema), mcp_servers: mcp.url },
      2,
    );
    const answer = await t.api('POST', `/apps/${app}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: 'facts about Oslo' } },
    });
    expect(answer.status).toBe(200);
    const data = answer.body.output.agent_data as { summary: string; sources: string[] };
    expect(data.summary).toMatch(/^\[Offline preview\] From city_facts: /);
    expect(data.sources).toHaveLength(1);
    expect(JSON.parse(answer.body.output.agent_answer as string)).toEqual(data);
  });
});
