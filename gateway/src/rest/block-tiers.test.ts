import type { AppConfig } from '@blocksmith/schema';
import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const REFUSAL =
  'Code is a full block. Full blocks come with the Starter plan and up; your plan is Free. Upgrade to use them.';

/** The everyday app with its Text Generation block turned into a Code block (same block id). */
function withCode(config: AppConfig): AppConfig {
  return {
    ...config,
    plugins: config.plugins.map((plugin) =>
      plugin.type === 'textGeneration'
        ? { ...plugin, type: 'code', settings: { code: 'return 42;' } }
        : plugin,
    ),
  };
}

describe('full blocks are checked by kind, on save and at run time', () => {
  let t: ApiTestGateway;
  let free: string;

  const setPlan = (email: string, plan: string) =>
    t.gateway.database.dataSource.query('UPDATE users SET plan = $2 WHERE email = $1', [email, plan]);
  const create = async (token: string, config: AppConfig) =>
    (await t.api('POST', '/apps', { token, body: { name: 'Numbers', category: 'Content', config } }))
      .body as {
      id: string;
    };
  const execute = (token: string, id: string) =>
    t.api('POST', `/apps/${id}/execute`, { token, body: { inputData: { input_text: 'x' } } });

  beforeAll(async () => {
    t = await startApiTestGateway({});
    ({ token: free } = await t.signUpViaApi('free@example.com', { credits: true }));
  });
  afterAll(() => t.close());

  it('refuses a Free account turning an existing block into a full one', async () => {
    const app = await create(free, probeTextApp());
    const saved = await t.api('PUT', `/apps/${app.id}`, {
      token: free,
      body: { config: withCode(probeTextApp()) },
    });
    expect(saved.status).toBe(403);
    expect(saved.body.message).toBe(REFUSAL);
    expect((await execute(free, app.id)).status).toBe(200);
  });

  it('refuses at run time a full block the app never held legitimately', async () => {
    const app = await create(free, probeTextApp());
    // Written around the save check (as before kinds were checked): the run is refused all the same.
    await t.gateway.database.dataSource.query('UPDATE apps SET config = $2 WHERE id = $1', [
      app.id,
      JSON.stringify(withCode(probeTextApp())),
    ]);
    const refused = await execute(free, app.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REFUSAL);
  });

  it("refuses another person's run of a live version holding a full block the app never held", async () => {
    const app = await create(free, probeTextApp());
    // Published with Code in its live version, written around the save check.
    await t.gateway.database.dataSource.query(
      `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
         live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', $2::jsonb)
       WHERE id = $1`,
      [app.id, JSON.stringify(withCode(probeTextApp()))],
    );
    const { token: runner } = await t.signUpViaApi('runner@example.com', { credits: true });
    const refused = await execute(runner, app.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REFUSAL);
    // Held legitimately (saved under a plan that allowed it), the same live version runs.
    await t.gateway.database.dataSource.query(`UPDATE apps SET block_kinds_held = '{code}' WHERE id = $1`, [
      app.id,
    ]);
    t.gateway.services.apps.storeChanged();
    expect((await execute(runner, app.id)).body.run).toMatchObject({ status: 'succeeded' });
  });

  it('keeps saving, restoring and running an app that held a full block before a downgrade', async () => {
    const { token } = await t.signUpViaApi('starter@example.com', { credits: true });
    await setPlan('starter@example.com', 'starter');
    const app = await create(token, withCode(probeTextApp()));
    await setPlan('starter@example.com', 'free');
    const renamed = await t.api('PUT', `/apps/${app.id}`, {
      token,
      body: { name: 'Still numbers', config: withCode(probeTextApp()) },
    });
    expect(renamed.status).toBe(200);
    expect((await execute(token, app.id)).body.run).toMatchObject({ status: 'succeeded' });
  });

  it('refuses restoring a version with a full block the app never held on a Free plan', async () => {
    const app = await create(free, probeTextApp());
    // A version holding Code, kept around the save check.
    await t.gateway.database.dataSource.query('UPDATE app_versions SET config = $2 WHERE app_id = $1', [
      app.id,
      JSON.stringify(withCode(probeTextApp())),
    ]);
    const versions = await t.api('GET', `/apps/${app.id}/versions`, { token: free });
    const id = (versions.body.versions as { id: string }[]).at(-1)!.id;
    const restored = await t.api('POST', `/apps/${app.id}/versions/${id}/restore`, { token: free });
    expect(restored.status).toBe(403);
    expect(restored.body.message).toBe(REFUSAL);
  });
});
