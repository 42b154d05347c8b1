import { expandResult } from '../services/runs/compact-result';
import { expandSteps } from '../services/runs/compact-steps';
import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * A succeeded run's steps are stored without what its result holds (services/runs/compact-steps.ts),
 * and its result's artifacts without what its blocks' outputs hold (services/runs/compact-result.ts):
 * over real HTTP, the run reads the same as a run whose steps and result were stored whole
 * (before), and the stored row holds the generated text once.
 */
describe('/api runs: steps and result stored once', () => {
  let t: ApiTestGateway;
  let ann: { token: string; id: string };
  let runId: string;

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    const app = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Sea Stories', category: 'Content', config: probeTextApp() },
    });
    const run = await t.api('POST', `/apps/${app.body.id}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: 'the sea' } },
    });
    expect(run.status).toBe(200);
    runId = run.body.run.id;
  });

  afterAll(() => t.close());

  const stored = async () =>
    (
      (await t.gateway.database.dataSource.query(
        `SELECT nodes, result, nodes::text AS nodes_text, result::text AS result_text FROM runs WHERE id = $1`,
        [runId],
      )) as {
        nodes: Record<string, { kept?: unknown; outputs?: Record<string, unknown> }>;
        result: { blocks: Record<string, { outputs: Record<string, unknown> }>; artifacts: unknown[] };
        nodes_text: string;
        result_text: string;
      }[]
    )[0]!;

  it('stores the generated text once in the steps and answers the steps whole', async () => {
    const { nodes, result } = await stored();
    const text = result.blocks.gen!.outputs.generated_text as string;
    expect(text.length).toBeGreaterThan(48);
    expect(JSON.stringify(nodes).includes(text)).toBe(false);
    expect(nodes.gen!.kept).toEqual({ outputs: 'result' });

    const answer = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(answer.status).toBe(200);
    const steps = answer.body.steps as {
      nodeId: string;
      inputs: unknown;
      outputs: unknown;
      artifacts?: unknown;
    }[];
    const step = (id: string) => steps.find((s) => s.nodeId === id)!;
    expect(step('gen').outputs).toEqual({ generated_text: text });
    expect(step('show').inputs).toEqual({ generated_text: text });
    expect(JSON.stringify(step('show'))).toContain(text);
  });

  it('stores the generated text once in the whole row, as JSON text without a byte to spare', async () => {
    const { result, nodes, result_text, nodes_text } = await stored();
    const text = result.blocks.gen!.outputs.generated_text as string;
    expect(`${result_text}${nodes_text}`.split(JSON.stringify(text))).toHaveLength(2);
    expect(result.artifacts).toEqual([
      {
        nodeId: 'show',
        artifact: { kind: 'text', format: 'card', copyable: true },
        kept: { text: ['gen', 'generated_text'] },
      },
    ]);
    // The text the writer sent, not jsonb's (a space after each ':' and ',').
    expect(result_text).toBe(JSON.stringify(result));
    expect(nodes_text).toBe(JSON.stringify(nodes));

    const answer = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(answer.body.result.artifacts).toEqual([
      { nodeId: 'show', artifact: { kind: 'text', text, format: 'card', copyable: true } },
    ]);
  });

  it('gives the run, its ledger entries and its analytics event time-ordered ids (version 7)', async () => {
    await t.gateway.services.analytics.settled();
    const rows = (await t.gateway.database.dataSource.query(
      `SELECT id::text FROM credit_ledger WHERE run_id = $1
       UNION ALL SELECT id::text FROM events WHERE name = 'app_executed' AND user_id = $2`,
      [runId, ann.id],
    )) as { id: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const id of [runId, ...rows.map((row) => row.id)]) expect(id[14]).toBe('7');
  });

  it('answers the same for the run with its steps and result stored whole, as runs stored before were', async () => {
    const compact = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    const { nodes, result } = await stored();
    const wholeResult = expandResult(result);
    await t.gateway.database.dataSource.query(
      `UPDATE runs SET nodes = $2::jsonb, result = $3::jsonb WHERE id = $1`,
      [runId, JSON.stringify(expandSteps(nodes, wholeResult)), JSON.stringify(wholeResult)],
    );
    const whole = await stored();
    const text = result.blocks.gen!.outputs.generated_text as string;
    expect(JSON.stringify(whole.nodes)).toContain(text);
    expect(JSON.stringify(whole.result).split(text)).toHaveLength(3);
    const answer = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(compact.body);
  });
});
