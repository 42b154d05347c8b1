import { probeApp, probePlugin, probeTextApp } from '../../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../../testing/rest-client';
import { creditsOf, earningsOf, publishApp, starterWithKey } from '../../mcp/testing/mcp-fixture';
import { runAppTools } from './run-app-tools';

const PRICE = 3;
const AGENT_PRICE = 3;

/**
 * An Agent app (the offline provider's agent) whose Apps setting names another account's
 * published app: the call is a paid store run of its live version charged to the agent run's
 * runner, its creator earns the price, and the nested run is recorded with source agent and the
 * agent's run as its parent.
 */
describe('an agent calling a store app through appTools', () => {
  let t: ApiTestGateway;
  let creator: { token: string; id: string };
  let runner: { token: string; id: string };

  const agentApp = (apps: string) =>
    probeApp(
      [
        probePlugin('in', 'textInput', { label: 'Question' }),
        probePlugin('agent', 'agent', { apps, mcp_server_url: '' }),
        probePlugin('show', 'textDisplay'),
      ],
      [
        ['in', 'agent'],
        ['agent', 'show'],
      ],
    );

  const createAgent = async (apps: string): Promise<string> => {
    const created = await t.api('POST', '/apps', {
      token: runner.token,
      body: { name: 'Poem agent', category: 'Other', config: agentApp(apps) },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    const admin = await t.signUpAdmin('admin@example.com');
    creator = await starterWithKey(t, 'creator@example.com');
    runner = await t.signUpViaApi('runner@example.com', { credits: true });
    await publishApp(t, creator.token, admin, {
      name: 'Haiku writer',
      slug: 'haiku-writer',
      description: 'Writes a haiku about a topic.',
      config: probeTextApp('Topic'),
      price: PRICE,
    });
  }, 120_000);

  afterAll(() => t.close());

  it('pays the called app’s blocks and price from the runner, earns its creator the price, links the nested run', async () => {
    const tool = await t.gateway.services.appTools.published(runner.id, 'haiku-writer');
    const nestedCost = tool.cost.max;
    expect(tool.price).toBe(PRICE);
    const agentId = await createAgent('haiku-writer');
    const [paidBefore, earnedBefore] = [await creditsOf(t, runner.token), await earningsOf(t, creator.id)];

    const answer = await t.api('POST', `/apps/${agentId}/execute`, {
      token: runner.token,
      body: { inputData: { input_text: 'autumn rain' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.output.agent_answer).toContain('[Offline preview] From haiku-writer:');
    expect(answer.body.output.agent_answer).toContain('autumn rain');
    const agentRunId = answer.body.run.id as string;

    expect(await creditsOf(t, runner.token)).toBe(paidBefore - AGENT_PRICE - nestedCost);
    expect(await earningsOf(t, creator.id)).toBe(earnedBefore + PRICE);

    const nested = (await t.gateway.database.dataSource.query(
      'SELECT id, user_id, source, status, cost, action_type FROM runs WHERE parent_run_id = $1',
      [agentRunId],
    )) as {
      id: string;
      user_id: string;
      source: string;
      status: string;
      cost: number;
      action_type: string;
    }[];
    expect(nested).toEqual([
      {
        id: expect.any(String),
        user_id: runner.id,
        source: 'agent',
        status: 'succeeded',
        cost: nestedCost,
        action_type: 'published',
      },
    ]);
    const read = await t.api('GET', `/runs/${nested[0]!.id}`, { token: runner.token });
    expect(read.body).toMatchObject({ source: 'agent', parentRunId: agentRunId });

    // The agent's run lists the run it started, with that run's own cost, for whoever sees it.
    const toolRuns = `query ($id: ID!) { run(id: $id) { cost toolRuns { id appName source status cost mine parentRunId } } }`;
    const seen = await t.graphql(toolRuns, { id: agentRunId }, runner.token);
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.run).toEqual({
      cost: AGENT_PRICE,
      toolRuns: [
        {
          id: nested[0]!.id,
          appName: 'Haiku writer',
          source: 'agent',
          status: 'succeeded',
          cost: nestedCost,
          mine: true,
          parentRunId: agentRunId,
        },
      ],
    });
    // The called app's creator does not see the run that called it, nor through it the runner's.
    const creatorLooks = await t.graphql(toolRuns, { id: agentRunId }, creator.token);
    expect(creatorLooks.errors?.[0]?.message).toBe('Run not found.');
    // A run that called no app lists none.
    const ownRuns = await t.graphql(toolRuns, { id: nested[0]!.id }, runner.token);
    expect(ownRuns.data!.run.toolRuns).toEqual([]);
  });

  it('runs the owner’s own app by id as its latest saved version, free of any price', async () => {
    const own = await t.api('POST', '/apps', {
      token: runner.token,
      body: { name: 'My notes', category: 'Other', config: probeTextApp('Notes') },
    });
    const agentId = await createAgent(own.body.id as string);
    const before = await creditsOf(t, runner.token);
    const answer = await t.api('POST', `/apps/${agentId}/execute`, {
      token: runner.token,
      body: { inputData: { input_text: 'groceries' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.output.agent_answer).toContain('[Offline preview] From my-notes');
    const [nested] = (await t.gateway.database.dataSource.query(
      'SELECT cost, source, action_type FROM runs WHERE parent_run_id = $1',
      [answer.body.run.id],
    )) as { cost: number; source: string; action_type: string }[];
    expect(nested).toMatchObject({ source: 'agent', action_type: 'test_execution' });
    expect(await creditsOf(t, runner.token)).toBe(before - AGENT_PRICE - nested!.cost);
  });

  it('refuses an app it cannot use, naming it, before anything is charged', async () => {
    const agentId = await createAgent('no-such-app');
    const before = await creditsOf(t, runner.token);
    const answer = await t.api('POST', `/apps/${agentId}/execute`, {
      token: runner.token,
      body: { inputData: { input_text: 'x' } },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.message).toContain('The app "no-such-app" cannot be used as a tool');
    expect(await creditsOf(t, runner.token)).toBe(before);
  });

  it('refuses a call that could cost more than the credits left, before anything is charged', async () => {
    const tools = runAppTools(t.gateway.services.appTools, t.gateway.database.dataSource, {
      runId: '00000000-0000-4000-8000-000000000001',
      appId: '00000000-0000-4000-8000-000000000002',
      payerId: runner.id,
    });
    const [spec] = await tools.apps(['haiku-writer']);
    expect(spec).toMatchObject({ ref: 'haiku-writer', name: 'haiku-writer', title: 'Haiku writer' });
    const before = await creditsOf(t, runner.token);
    await expect(
      tools.callApp(
        'haiku-writer',
        { input_text: 'x' },
        { signal: new AbortController().signal, maxCredits: 1 },
      ),
    ).rejects.toThrow(
      `haiku-writer can cost up to ${spec!.maxCredits} credits, more than the 1 left for this call.`,
    );
    expect(await creditsOf(t, runner.token)).toBe(before);
  });
});
