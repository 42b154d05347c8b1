import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

describe('API keys over /api and GraphQL', () => {
  let t: ApiTestGateway;
  let ann: string;
  let admin: string;
  let app: { id: string; slug: string };
  let key: string;
  let keyId: string;

  const balance = async (token: string) =>
    (await t.api('GET', '/credits/balance', { token })).body.credits as number;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: ann } = await t.signUpViaApi('ann@example.com', { credits: true }));
    admin = await t.signUpAdmin('admin@example.com');
    const created = await t.api('POST', '/apps', {
      token: ann,
      body: { name: 'Keyed poems', category: 'Content', config: probeTextApp() },
    });
    app = created.body;
    await t.api('POST', `/apps/${app.id}/publish`, { token: ann });
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
  });

  afterAll(() => t.close());

  it('are refused on the Free plan, naming the plan that has them', async () => {
    const refused = await t.api('POST', '/keys', { token: ann, body: { name: 'CI' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'API keys come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
  });

  it('are created once, listed without the secret, and run the live version charged to the owner', async () => {
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'starter' WHERE email = 'ann@example.com'",
    );
    const created = await t.api('POST', '/keys', { token: ann, body: { name: 'Zapier' } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['createdAt', 'id', 'key', 'name']);
    ({ key, id: keyId } = created.body);
    expect(key).toMatch(/^bsk_[\w-]{43}$/);
    const listed = await t.api('GET', '/keys', { token: ann });
    expect(listed.body).toEqual([
      {
        id: keyId,
        name: 'Zapier',
        prefix: key.slice(0, 10),
        createdAt: created.body.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    // The draft changes; the key still runs the approved version.
    await t.api('PUT', `/apps/${app.id}`, { token: ann, body: { name: 'Draft only' } });
    const before = await balance(ann);
    const run = await t.api('POST', `/apps/${app.id}/execute`, {
      token: key,
      body: { inputData: { input_text: 'the sea' } },
    });
    expect(run.status).toBe(200);
    expect(run.body.run).toMatchObject({ status: 'succeeded' });
    expect(await balance(ann)).toBe(before - run.body.run.cost);
    const bySlug = await t.api('POST', `/published/${app.slug}/run`, {
      token: key,
      body: { inputData: { input_text: 'the hills' } },
    });
    expect(bySlug.status).toBe(200);
    expect(Object.keys(bySlug.body).sort()).toEqual(['output', 'run']);
    const history = await t.api('GET', '/credits/history', { token: ann });
    expect(JSON.stringify(history.body)).toContain('published');
    expect((await t.api('GET', '/keys', { token: ann })).body[0].lastUsedAt).not.toBeNull();

    // GraphQL takes the key for runs too.
    const answer = await t.graphql(
      'mutation ($id: ID!) { runApp(appId: $id, inputs: { input_text: "x" }) { status actionType } }',
      { id: app.id },
      key,
    );
    expect(answer.data).toEqual({ runApp: { status: 'succeeded', actionType: 'published' } });
  });

  it('change nothing: every other operation refuses a key', async () => {
    const refusals = [
      await t.api('GET', '/my-apps', { token: key }),
      await t.api('PUT', `/apps/${app.id}`, { token: key, body: { name: 'Taken over' } }),
      await t.api('DELETE', `/apps/${app.id}`, { token: key }),
      await t.api('POST', '/keys', { token: key, body: { name: 'Another' } }),
      await t.api('DELETE', `/keys/${keyId}`, { token: key }),
      await t.api('GET', '/auth/user', { token: key }),
    ];
    for (const refusal of refusals) {
      expect({ status: refusal.status >= 401 && refusal.status <= 403, body: refusal.body }).toEqual({
        status: true,
        body: expect.anything(),
      });
      expect(refusal.body.error).toEqual(expect.any(String));
    }
    expect(refusals[0]!.body.message).toMatch(/An API key only runs apps/);
    const graphql = await t.graphql('mutation { createApp(input: { name: "Nope" }) { id } }', {}, key);
    expect(graphql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.api('GET', `/apps/${app.id}`, { token: ann })).body.name).toBe('Draft only');
  });

  it('stop running apps when the plan no longer includes them, and run again after an upgrade', async () => {
    const setPlan = (plan: string) =>
      t.gateway.database.dataSource.query("UPDATE users SET plan = $1 WHERE email = 'ann@example.com'", [
        plan,
      ]);
    await setPlan('free');
    const refused = await t.api('POST', `/apps/${app.id}/execute`, {
      token: key,
      body: { inputData: { input_text: 'x' } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'API keys come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
    const graphql = await t.graphql(
      'mutation ($id: ID!) { runApp(appId: $id, inputs: { input_text: "x" }) { status } }',
      { id: app.id },
      key,
    );
    expect(graphql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await setPlan('starter');
    const again = await t.api('POST', `/apps/${app.id}/execute`, {
      token: key,
      body: { inputData: { input_text: 'x' } },
    });
    expect(again.status).toBe(200);
  });

  it('stop working once revoked', async () => {
    expect((await t.api('DELETE', `/keys/${keyId}`, { token: ann })).body).toEqual({ success: true });
    const refused = await t.api('POST', `/apps/${app.id}/execute`, {
      token: key,
      body: { inputData: { input_text: 'x' } },
    });
    expect(refused.status).toBe(401);
    expect((await t.api('GET', '/keys', { token: ann })).body).toEqual([]);
    expect((await t.api('DELETE', `/keys/${keyId}`, { token: ann })).status).toBe(404);
  });
});
