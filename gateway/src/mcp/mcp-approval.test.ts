import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { creditsOf, mcpClient, publishApp, starterWithKey, type McpTestPerson } from './testing/mcp-fixture';

/**
 * An MCP call of a store app whose run stops at an Approval block, through the MCP SDK's own
 * client: the call answers that the run waits (not a tool error), with its run id and where to
 * follow it; the caller reads the run waiting, and once its owner approves, it ends with results.
 */
describe('/mcp: a call whose run waits for approval', () => {
  let t: ApiTestGateway;
  let creator: McpTestPerson;
  let caller: McpTestPerson;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    const admin = await t.signUpAdmin('admin@example.com');
    creator = await starterWithKey(t, 'creator@example.com');
    caller = await starterWithKey(t, 'caller@example.com');
    await publishApp(t, creator.token, admin, {
      name: 'Careful post',
      slug: 'careful-post',
      description: 'Drafts a post that its owner approves.',
      config: probeApp(
        [
          probePlugin('in', 'textInput', { label: 'Topic' }),
          probePlugin('draft', 'textGeneration', { prompt_template: 'Write about {{input_text}}' }),
          probePlugin('check', 'approval'),
          probePlugin('final', 'textGeneration', { prompt_template: 'Polish {{approved_text}}' }),
        ],
        [
          ['in', 'draft'],
          ['draft', 'check'],
          ['check', 'final'],
        ],
      ),
    });
  }, 120_000);

  afterAll(() => t.close());

  it('answers that the run waits, with its id and where to follow it; approved, the run ends with results', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const before = await creditsOf(t, caller.token);
    const result = await client.callTool({ name: 'careful-post', arguments: { input_text: 'tea' } });
    await client.close();
    expect(result.isError).toBeFalsy();
    const runId = result._meta?.['blocksmith/runId'] as string;
    expect(runId).toEqual(expect.any(String));
    expect(result._meta?.['blocksmith/status']).toBe('waiting');
    // What ran before the wait is charged; the rest when the run goes on.
    expect(result._meta?.['blocksmith/credits']).toBe(before - (await creditsOf(t, caller.token)));
    expect(result.structuredContent).toEqual({ artifacts: [] });
    const [text] = result.content as { type: string; text: string }[];
    expect(text!.text).toBe(
      `Careful post waits for approval: its run ${runId} stopped at an Approval block and goes on once a ` +
        'person approves it (a rejection or its time-out ends it, refunding what did not run). It has no ' +
        `results yet: follow it with GET /api/runs/${runId} (its status, then its results).`,
    );

    const waiting = await t.api('GET', `/runs/${runId}`, { token: caller.token });
    expect(waiting.body).toMatchObject({ status: 'waiting', source: 'mcp' });
    const decided = await t.api('POST', `/runs/${runId}/approval`, {
      token: creator.token,
      body: { decision: 'approve' },
    });
    expect(decided.status).toBe(200);
    let run = waiting.body as { status: string; result: Record<string, unknown> | null };
    for (const until = Date.now() + 60_000; run.status === 'running' || run.status === 'waiting';) {
      if (Date.now() > until) throw new Error(`Run ${runId} did not end within a minute.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await t.api('GET', `/runs/${runId}`, { token: caller.token })).body;
    }
    expect(run.status).toBe('succeeded');
    expect(JSON.stringify(run.result)).toContain('Polish');
  });
});
