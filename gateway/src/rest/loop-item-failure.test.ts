import type { AppConfig, RunResult } from '@blocksmith/schema';
import { startLoopbackApi, type LoopbackApi } from '../testing/loopback-api';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * The newcomer's loop: a CSV uploaded with the run -> Extract from File (rows) -> For Each ->
 * HTTP Request with `{{item.name}}` in its URL (On error: continue) -> Collect (table) -> Table.
 */
function loopApp(base: string, onError?: 'continue'): AppConfig {
  const call = probePlugin('call', 'httpRequest', { url: `${base}/people/{{item.name}}` });
  return probeApp(
    [
      probePlugin('doc', 'fileUpload', { label: 'People' }),
      probePlugin('extract', 'extractFile'),
      probePlugin('each', 'forEach', { split: 'table', concurrency: 1 }),
      onError ? { ...call, onError } : call,
      probePlugin('end', 'collect', { format: 'table', include_item: true }),
      probePlugin('show', 'tableDisplay', { showDownload: false }),
    ],
    [
      ['doc', 'extract'],
      ['extract', 'each'],
      ['each', 'call'],
      ['call', 'end'],
      ['end', 'show'],
    ],
  );
}

const CSV = 'name,email\nAda,ada@example.com\nGrace,grace@example.com\nLinus,linus@example.com\n';

describe('a loop whose HTTP Request fails for one item, through POST /api/apps/{id}/execute', () => {
  let t: ApiTestGateway;
  let api: LoopbackApi;
  let ann: { token: string; id: string };

  const create = async (config: AppConfig) => {
    const answer = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'People', category: 'Other', config },
    });
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  };
  const execute = (app: string) => {
    const form = new FormData();
    form.set('inputData', '{}');
    form.set('file', new Blob([CSV], { type: 'text/csv' }), 'people.csv');
    return t.form(`/apps/${app}/execute`, form, ann.token);
  };

  beforeAll(async () => {
    // Greets everyone but Grace, for whom the API answers 500.
    api = await startLoopbackApi((request, response) => {
      const name = decodeURIComponent(request.url!.split('/').pop()!);
      response.setHeader('content-type', 'application/json');
      if (name === 'Grace') {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: 'no greeting today' }));
        return;
      }
      response.end(JSON.stringify({ greeting: `Hello, ${name}` }));
    });
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    await t.gateway.database.dataSource.query(`UPDATE users SET plan = 'starter' WHERE id = $1`, [ann.id]);
  });

  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it('with "continue", shows the two rows that worked and notes which item failed', async () => {
    const app = await create(loopApp(api.base, 'continue'));
    const answer = await execute(app);
    expect(answer.status).toBe(200);
    expect(answer.body.run).toMatchObject({ status: 'succeeded' });
    expect(answer.body.output).toMatchObject({ item_count: 3, collected_count: 2 });
    // The table shows a row per item that worked: the item's columns, then what the API answered.
    const [table] = answer.body.output.artifacts as { artifact: { rows: Record<string, unknown>[] } }[];
    expect(table!.artifact.rows.map((row) => [row.item, row.body])).toEqual([
      [expect.stringContaining('Ada'), '{"greeting":"Hello, Ada"}'],
      [expect.stringContaining('Linus'), '{"greeting":"Hello, Linus"}'],
    ]);

    const run = await t.api('GET', `/runs/${answer.body.run.id as string}`, { token: ann.token });
    expect(run.status).toBe(200);
    const results = run.body.results as RunResult;
    expect(results.notes).toEqual([
      expect.objectContaining({
        nodeId: 'each',
        items: 3,
        failures: [expect.objectContaining({ item: 2, nodeId: 'call' })],
      }),
    ]);
    expect(results.notes![0]!.message).toMatch(/^1 of 3 items failed: item 2: HTTP Request failed: .*500/);
    // The HTTP Request's step keeps the failure; the run went on.
    expect(run.body.nodes.call).toMatchObject({ status: 'failed' });
    expect(run.body.nodes.show).toMatchObject({ status: 'succeeded' });
  });

  it('without it, the failing item stops the run, which names the item', async () => {
    const app = await create(loopApp(api.base));
    const answer = await execute(app);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/^HTTP Request failed on item 2 of 3: /);
  });

  it('refuses to save an On error it does not know, saying what to use', async () => {
    const config = loopApp(api.base);
    (config.plugins[3] as unknown as { onError: string }).onError = 'ignore';
    const answer = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Bad', category: 'Other', config },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(
      'Block call has onError "ignore": use one of "stop", "continue", "route" (or leave it out to stop the run).',
    );
  });
});
