import { TOOLS_PORT, type AppConfig } from '@blocksmith/schema';
import { startLoopbackApi, type LoopbackApi } from '../testing/loopback-api';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * Text input -> Agent -> Text Display, with an HTTP Request block connected to the Agent's tools
 * handle (a loopback API): through POST /api/apps/{id}/execute the offline agent calls it once with
 * the question, answers from it, and the call is a step of the run (GET /api/runs/{id}) with its
 * arguments, answer, time and credit; the run costs the Agent's price (with its model's 2 credits),
 * its second turn's 2 credits and the call's credit, exactly.
 */
function agentApp(base: string, agentSettings: Record<string, unknown> = {}): AppConfig {
  const app = probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Question' }),
      probePlugin('agent', 'agent', agentSettings),
      probePlugin('lookup', 'httpRequest', { url: `${base}/facts?city={{query}}` }),
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

describe('an Agent app with an HTTP Request block as its tool, through POST /api/apps/{id}/execute', () => {
  let t: ApiTestGateway;
  let api: LoopbackApi;
  let ann: { token: string; id: string };
  const asked: string[] = [];

  const create = async (config: AppConfig) =>
    t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Research assistant', category: 'Other', config },
    });
  const balance = async () =>
    (await t.api('GET', '/credits/balance', { token: ann.token })).body.credits as number;

  beforeAll(async () => {
    api = await startLoopbackApi((request, response) => {
      const city = new URL(request.url!, 'http://x').searchParams.get('city') ?? '';
      asked.push(city);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ city, population: 709000 }));
    });
    // The agent's model adds 2 credits: to its price, and to each turn after the first.
    t = await startApiTestGateway({ MODEL_CREDITS: 'gpt-4=2' });
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    await t.gateway.database.dataSource.query(`UPDATE users SET plan = 'starter' WHERE id = $1`, [ann.id]);
  });

  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it('calls the tool block once, answers from it, keeps the call as a step and charges exactly', async () => {
    const created = await create(agentApp(api.base));
    expect(created.status).toBe(201);
    const app = (created.body as { id: string }).id;
    const before = await balance();
    const answer = await t.api('POST', `/apps/${app}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: 'facts about Oslo' } },
    });
    expect(answer.status).toBe(200);
    const question = 'Answer using the tools where they help: facts about Oslo';
    expect(asked).toEqual([question]);
    expect(answer.body.run).toMatchObject({ status: 'succeeded', cost: 8 });
    expect(answer.body.output.agent_answer).toContain('[Offline preview] From HTTP_Request:');
    expect(answer.body.output.agent_answer).toContain('709000');
    expect(before - (await balance())).toBe(8);

    const run = await t.api('GET', `/runs/${answer.body.run.id as string}`, { token: ann.token });
    expect(run.status).toBe(200);
    const steps = run.body.steps as { nodeId: string; [key: string]: unknown }[];
    const lookup = steps.find((s) => s.nodeId === 'lookup')!;
    expect(lookup).toMatchObject({
      kind: 'httpRequest',
      title: 'HTTP Request',
      status: 'succeeded',
      credits: 1,
      items: 1,
      inputs: { query: question },
      outputs: {
        http_response: expect.objectContaining({ status: 200, body: { city: question, population: 709000 } }),
      },
    });
    expect(typeof lookup.startedAt).toBe('string');
    expect(typeof lookup.durationMs).toBe('number');
    const agent = steps.find((s) => s.nodeId === 'agent')!;
    expect(agent).toMatchObject({ status: 'succeeded', credits: 7 });
    expect((agent.outputs as { agent_steps: unknown[] }).agent_steps).toEqual([
      expect.objectContaining({ tool: 'HTTP_Request', arguments: { query: question }, credits: 1 }),
    ]);
  });

  it('refuses on save a tool connection from a block that cannot serve as a tool', async () => {
    const app = agentApp(api.base);
    app.plugins.push(probePlugin('gen', 'textGeneration'));
    app.connections.push({ id: 'bad', from: 'gen', to: 'agent', fromPort: 'output', toPort: TOOLS_PORT });
    const created = await create(app);
    expect(created.status).toBe(400);
    expect(created.body.message).toContain('This block cannot serve as a tool');
  });
});
