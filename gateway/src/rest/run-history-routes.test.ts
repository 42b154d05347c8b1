import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** Run history over real HTTP: /api routes and the GraphQL operations behind them. */
describe('/api run history', () => {
  let t: ApiTestGateway;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };
  let cat: { token: string; id: string };
  let appId: string;
  let slug: string;
  let annRun: string;
  let bobRun: string;
  let keyRun: string;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ann = await t.signUpViaApi('ann@example.com', { fullName: 'Ann Owner', credits: true });
    bob = await t.signUpViaApi('bob@example.com', { fullName: 'Bob Runner', credits: true });
    cat = await t.signUpViaApi('cat@example.com', { credits: true });
    const admin = await t.signUpAdmin('admin@example.com');
    const app = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Sea Stories', category: 'Content', config: probeTextApp() },
    });
    appId = app.body.id;
    slug = app.body.slug;
    await t.api('POST', `/apps/${appId}/publish`, { token: ann.token });
    await t.api('POST', `/apps/${appId}/review`, { token: admin, body: { status: 'approved' } });
    // Ann tests it in the builder, Bob runs it from the store, Ann through an API key.
    annRun = (
      await t.api('POST', `/apps/${appId}/execute`, {
        token: ann.token,
        body: { inputData: { input_text: 'ann' } },
      })
    ).body.run.id;
    bobRun = (
      await t.api('POST', `/published/${slug}/run`, {
        token: bob.token,
        body: { inputData: { input_text: 'bob private words' } },
      })
    ).body.run.id;
    await t.gateway.database.dataSource.query(`UPDATE users SET plan = 'starter' WHERE id = $1`, [ann.id]);
    const key = (await t.api('POST', '/keys', { token: ann.token, body: { name: 'script' } })).body.key;
    keyRun = (
      await t.api('POST', `/apps/${appId}/execute`, { token: key, body: { inputData: { input_text: 'k' } } })
    ).body.run.id;
  });

  afterAll(() => t.close());

  it('lists an app’s runs for its owner, newest first, with who ran them and from where', async () => {
    const page = await t.api('GET', `/apps/${appId}/runs`, { token: ann.token });
    expect(page.status).toBe(200);
    expect(page.body.nextCursor).toBeNull();
    expect(page.body.runs.map((r: { id: string }) => r.id)).toEqual([keyRun, bobRun, annRun]);
    expect(page.body.runs.map((r: { source: string }) => r.source)).toEqual(['api', 'store', 'builder']);
    expect(page.body.runs[1]).toMatchObject({
      appName: 'Sea Stories',
      status: 'succeeded',
      runner: { id: bob.id, name: 'Bob Runner' },
      mine: false,
      detailsHidden: true,
      cost: 1,
      durationMs: expect.any(Number),
    });
    expect(page.body.runs[2]).toMatchObject({
      mine: true,
      detailsHidden: false,
      runner: { name: 'Ann Owner' },
    });
    expect(page.body.runs[1]).not.toHaveProperty('inputs');
  });

  it('pages by cursor and filters by status and source', async () => {
    const first = await t.api('GET', `/apps/${appId}/runs?limit=2`, { token: ann.token });
    expect(first.body.runs).toHaveLength(2);
    const second = await t.api('GET', `/apps/${appId}/runs?limit=2&cursor=${first.body.nextCursor}`, {
      token: ann.token,
    });
    expect(second.body).toEqual({ runs: [expect.objectContaining({ id: annRun })], nextCursor: null });
    const api = await t.api('GET', `/apps/${appId}/runs?source=api&status=succeeded`, { token: ann.token });
    expect(api.body.runs.map((r: { id: string }) => r.id)).toEqual([keyRun]);
    expect((await t.api('GET', `/apps/${appId}/runs?status=failed`, { token: ann.token })).body.runs).toEqual(
      [],
    );
    for (const query of ['?limit=0', '?limit=101', '?status=lost', '?source=mail', '?cursor=abc']) {
      const refused = await t.api('GET', `/apps/${appId}/runs${query}`, { token: ann.token });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('keeps other people out: the runner, a stranger and no token', async () => {
    expect((await t.api('GET', `/apps/${appId}/runs`, { token: bob.token })).status).toBe(404);
    expect((await t.api('GET', `/apps/${appId}/runs`, { token: cat.token })).status).toBe(404);
    expect((await t.api('GET', `/apps/${appId}/runs`)).status).toBe(401);
    expect((await t.api('GET', `/runs/${bobRun}`, { token: cat.token })).status).toBe(404);
    expect((await t.api('DELETE', `/runs/${bobRun}`, { token: cat.token })).status).toBe(404);
    expect((await t.api('DELETE', `/runs/${bobRun}`, { token: bob.token })).status).toBe(404);
  });

  it('answers one run with its steps: whole for its runner, without inputs and outputs for the owner', async () => {
    const theirs = await t.api('GET', `/runs/${bobRun}`, { token: bob.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({
      mine: true,
      detailsHidden: false,
      inputs: { input_text: 'bob private words' },
    });
    expect(theirs.body.steps.map((s: { title: string; status: string }) => [s.title, s.status])).toEqual([
      ['Topic', 'succeeded'],
      ['Text AI', 'succeeded'],
      ['Text Display', 'succeeded'],
    ]);
    expect(theirs.body.steps[1]).toMatchObject({
      kind: 'textGeneration',
      inputs: { input_text: 'bob private words' },
      model: 'offline',
      truncated: false,
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(theirs.body.steps[1].outputs.generated_text).toContain('bob private words');

    const owners = await t.api('GET', `/runs/${bobRun}`, { token: ann.token });
    expect(owners.body).toMatchObject({ mine: false, detailsHidden: true, inputs: null, result: null });
    expect(
      owners.body.steps.every(
        (s: { inputs: unknown; outputs: unknown }) => s.inputs === null && s.outputs === null,
      ),
    ).toBe(true);
    expect(JSON.stringify(owners.body)).not.toContain('private words');

    // My runs: Bob's own, whole.
    const mine = await t.api('GET', '/runs?limit=5', { token: bob.token });
    expect(mine.body.runs.map((r: { id: string }) => r.id)).toEqual([bobRun]);
    expect((await t.api('GET', '/runs?limit=0', { token: bob.token })).status).toBe(400);
  });

  it('shows the owner runs started while the app shares run details, and says so on the app', async () => {
    const shared = await t.graphql(
      'mutation ($id: ID!) { setRunSharing(appId: $id, share: true) { id shareRunDetails } }',
      { id: appId },
      ann.token,
    );
    expect(shared.data?.setRunSharing).toEqual({ id: appId, shareRunDetails: true });
    const notice = await t.graphql(
      'query ($slug: String!) { publishedApp(slug: $slug) { shareRunDetails } }',
      {
        slug,
      },
    );
    expect(notice.data?.publishedApp.shareRunDetails).toBe(true);
    const refused = await t.graphql(
      'mutation ($id: ID!) { setRunSharing(appId: $id, share: false) { id } }',
      { id: appId },
      bob.token,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const run = (
      await t.api('POST', `/published/${slug}/run`, {
        token: bob.token,
        body: { inputData: { input_text: 'open' } },
      })
    ).body.run.id;
    const seen = await t.api('GET', `/runs/${run}`, { token: ann.token });
    expect(seen.body).toMatchObject({ detailsHidden: false, inputs: { input_text: 'open' } });
    expect(seen.body.steps[1].outputs.generated_text).toContain('open');
    // The earlier run stays hidden.
    expect((await t.api('GET', `/runs/${bobRun}`, { token: ann.token })).body.detailsHidden).toBe(true);
  });

  it('lets the owner delete a run; its credits stay in the credit history, which pages by cursor', async () => {
    const before = await t.api('GET', '/credits/history?limit=50', { token: ann.token });
    expect((await t.api('DELETE', `/runs/${annRun}`, { token: ann.token })).body).toEqual({ success: true });
    expect((await t.api('GET', `/runs/${annRun}`, { token: ann.token })).status).toBe(404);
    expect((await t.api('DELETE', `/runs/${annRun}`, { token: ann.token })).status).toBe(404);
    const after = await t.api('GET', '/credits/history?limit=50', { token: ann.token });
    expect(after.body).toEqual(before.body);
    const first = await t.api('GET', '/credits/history?limit=1', { token: ann.token });
    expect(first.body).toEqual({ history: [before.body.history[0]] });
    const next = await t.api('GET', `/credits/history?limit=1&cursor=${first.body.history[0]._id}`, {
      token: ann.token,
    });
    expect(next.body).toEqual({ history: [before.body.history[1]] });
    const bad = await t.api('GET', '/credits/history?cursor=nope', { token: ann.token });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'cursor must be the _id of the last entry of the page before.',
    ]);
  });
});
