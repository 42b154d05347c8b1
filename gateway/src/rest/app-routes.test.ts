import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@blocksmith/schema';
import { AppRecord } from '../data/entities';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const config: AppConfig = probeTextApp();

describe('/api app routes', () => {
  let t: ApiTestGateway;
  let ann: string;
  let bob: string;
  let admin: string;
  let annId: string;

  const signUp = (email: string) => t.signUpViaApi(email, { credits: true });
  const create = async (token: string, fields: Record<string, unknown> = {}) => {
    const answer = await t.api('POST', '/apps', { token, body: { name: 'Poem maker', config, ...fields } });
    expect(answer.status).toBe(201);
    return answer.body as { id: string; slug: string } & Record<string, unknown>;
  };
  /** Published and approved, so it is in the store. */
  const storeApp = async (token: string, name: string) => {
    const app = await create(token, { name, category: 'Content' });
    expect((await t.api('POST', `/apps/${app.id}/publish`, { token })).status).toBe(200);
    const review = await t.api('POST', `/apps/${app.id}/review`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(review.status).toBe(200);
    return app;
  };
  const appCount = () => t.gateway.database.dataSource.getRepository(AppRecord).count();

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: ann, id: annId } = await signUp('ann@example.com'));
    ({ token: bob } = await signUp('bob@example.com'));
    admin = await t.signUpAdmin('admin@example.com');
    // Ann and Bob publish more apps here than the free plan allows.
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'enterprise' WHERE email IN ('ann@example.com', 'bob@example.com')",
    );
  });

  afterAll(() => t.close());

  describe('POST /api/apps', () => {
    it('lets only plans with full blocks add them; what an app already holds keeps saving', async () => {
      const { token: fay } = await signUp('tiers@example.com');
      const scorer = probeApp(
        [probePlugin('in', 'textInput'), probePlugin('score', 'ycPitchScorer')],
        [['in', 'score']],
      );
      const refused = await t.api('POST', '/apps', { token: fay, body: { name: 'Scores', config: scorer } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'YC Application Scorer is a full block. Full blocks come with the Starter plan and up; your plan is Free. Upgrade to use them.',
      );
      await t.gateway.database.dataSource.query(
        "UPDATE users SET plan = 'starter' WHERE email = 'tiers@example.com'",
      );
      const made = await t.api('POST', '/apps', { token: fay, body: { name: 'Scores', config: scorer } });
      expect(made.status).toBe(201);
      // Back on Free: the app keeps saving with its full block, but no new one joins it.
      await t.gateway.database.dataSource.query(
        "UPDATE users SET plan = 'free' WHERE email = 'tiers@example.com'",
      );
      const renamed = await t.api('PUT', `/apps/${made.body.id}`, {
        token: fay,
        body: { name: 'Scores, renamed', config: scorer },
      });
      expect(renamed.status).toBe(200);
      const more = probeApp(
        [...scorer.plugins, probePlugin('mail', 'coldEmail')],
        [
          ['in', 'score'],
          ['in', 'mail'],
        ],
      );
      expect(
        (await t.api('PUT', `/apps/${made.body.id}`, { token: fay, body: { config: more } })).status,
      ).toBe(403);
    });

    it('accepts a select setting by its documented label and stores the option value', async () => {
      const labelled = probeApp(
        [probePlugin('in', 'textInput'), probePlugin('show', 'textDisplay', { style: 'Card view' })],
        [['in', 'show']],
      );
      const app = await create(ann, { config: labelled });
      const stored = (app.config as AppConfig).plugins.find((plugin) => plugin.id === 'show')!;
      expect(stored.settings.style).toBe('card');
      const wrong = probeApp([probePlugin('show', 'textDisplay', { style: 'Fancy' })], []);
      const refused = await t.api('POST', '/apps', { token: ann, body: { name: 'Wrong', config: wrong } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('"card" (Card view)');
    });

    it('creates an app owned by the caller, ignoring any id or owner_id sent', async () => {
      const answer = await t.api('POST', '/apps', {
        token: ann,
        body: {
          id: '00000000-0000-4000-8000-000000000000',
          owner_id: '00000000-0000-4000-8000-000000000001',
          name: 'My app',
          description: 'Writes poems',
          category: 'Content',
          isPrivate: false,
          config,
        },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ name: 'My app', owner_id: annId, isPublished: false });
      expect(answer.body.slug).toMatch(/^my-app/);
      expect(answer.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    });

    it('refuses a malformed config naming the block, and stores nothing', async () => {
      const before = await appCount();
      const bad = probeApp([probePlugin('gen', 'textGeneration', { output_type: 'poetry' })], []);
      const answer = await t.api('POST', '/apps', { token: ann, body: { name: 'Broken', config: bad } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/gen/);
      const unknownKind = await t.api('POST', '/apps', {
        token: ann,
        body: { name: 'Broken', config: probeApp([probePlugin('x1', 'teleporter')], []) },
      });
      expect(unknownKind.status).toBe(400);
      expect(unknownKind.body.message).toMatch(/teleporter/);
      expect(await appCount()).toBe(before);
    });

    it('refuses wrong field types, an unknown category and no token', async () => {
      expect((await t.api('POST', '/apps', { token: ann, body: { name: ['x'] } })).body).toEqual({
        error: 'bad_request',
        message: '`name` must be a string.',
      });
      const category = await t.api('POST', '/apps', { token: ann, body: { name: 'x', category: 'Games' } });
      expect(category.status).toBe(400);
      expect(category.body.message).toMatch(/^`category` must be one of: , Content/);
      const anonymous = await t.api('POST', '/apps', { body: { name: 'x', config } });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('GET, PUT, DELETE /api/apps/{id}', () => {
    it('reads, updates and deletes the caller’s own app', async () => {
      const app = await create(ann);
      const read = await t.api('GET', `/apps/${app.id}`, { token: ann });
      expect(read.body).toMatchObject({ id: app.id, name: 'Poem maker' });
      const updated = await t.api('PUT', `/apps/${app.id}`, { token: ann, body: { name: 'Better poems' } });
      expect(updated.status).toBe(200);
      expect(updated.body.name).toBe('Better poems');
      const deleted = await t.api('DELETE', `/apps/${app.id}`, { token: ann });
      expect(deleted.body).toEqual({ success: true });
      expect((await t.api('GET', `/apps/${app.id}`, { token: ann })).status).toBe(404);
    });

    it('treats another person’s unpublished app as missing for every operation', async () => {
      const app = await create(ann, { name: 'Secret plan' });
      const attempts = [
        await t.api('GET', `/apps/${app.id}`, { token: bob }),
        await t.api('PUT', `/apps/${app.id}`, { token: bob, body: { name: 'Mine now' } }),
        await t.api('DELETE', `/apps/${app.id}`, { token: bob }),
        await t.api('PATCH', `/apps/${app.id}/toggle-private`, { token: bob, body: { isPrivate: true } }),
        await t.api('POST', `/apps/${app.id}/upvote`, { token: bob, body: {} }),
        await t.api('POST', `/apps/${app.id}/unpublish`, { token: bob }),
        await t.api('POST', `/apps/${app.id}/publish`, { token: bob }),
        await t.api('POST', `/apps/${app.id}/execute`, {
          token: bob,
          body: { inputData: { input_text: 'x' } },
        }),
        await t.api('GET', `/apps/${app.id}`),
      ];
      for (const answer of attempts) {
        expect(answer.status).toBe(404);
        expect(answer.body.error).toBe('not_found');
      }
      const publishWithData = await t.api('POST', '/apps/publish-with-data', {
        token: bob,
        body: { id: app.id, name: 'Mine now', category: 'Content', config },
      });
      expect(publishWithData.status).toBe(404);
      const mine = await t.api('GET', `/apps/${app.id}`, { token: ann });
      expect(mine.body).toMatchObject({
        name: 'Secret plan',
        isPublished: false,
        isPrivate: false,
        upvotes: 0,
      });
    });

    it('answers 404 for an id that is not an app id', async () => {
      const answer = await t.api('GET', '/apps/not-a-real-id', { token: ann });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBeTruthy();
    });
  });

  describe('lists', () => {
    it('GET /api/apps shows only approved, public, published apps', async () => {
      const listed = await storeApp(bob, 'Bob’s store app');
      const draft = await create(bob, { name: 'Bob’s draft' });
      const store = await t.api('GET', '/apps');
      expect(store.status).toBe(200);
      const ids = (store.body as { id: string }[]).map((app) => app.id);
      expect(ids).toContain(listed.id);
      expect(ids).not.toContain(draft.id);
    });

    it('GET /api/apps/my-apps and /api/my-apps list the caller’s own apps', async () => {
      const app = await create(bob, { name: 'Only Bob’s' });
      for (const path of ['/apps/my-apps', '/my-apps']) {
        const own = await t.api('GET', path, { token: bob });
        expect(own.status).toBe(200);
        expect((own.body as { id: string }[]).map((a) => a.id)).toContain(app.id);
        const others = await t.api('GET', path, { token: ann });
        expect((others.body as { id: string }[]).map((a) => a.id)).not.toContain(app.id);
        expect((await t.api('GET', path)).status).toBe(401);
      }
    });

    it('GET /api/apps/by-user/{id} lists a publisher’s store apps only', async () => {
      const { token, id } = await signUp('carol@example.com');
      const listed = await storeApp(token, 'Carol’s');
      await create(token, { name: 'Carol’s draft' });
      const answer = await t.api('GET', `/apps/by-user/${id}`);
      expect((answer.body as { id: string }[]).map((a) => a.id)).toEqual([listed.id]);
      expect((await t.api('GET', '/apps/by-user/nobody')).body).toEqual([]);
    });
  });

  describe('PATCH /api/apps/{id}/toggle-private', () => {
    it('hides the app from the store and shows it again', async () => {
      const app = await storeApp(ann, 'Toggle me');
      const hidden = await t.api('PATCH', `/apps/${app.id}/toggle-private`, {
        token: ann,
        body: { isPrivate: true },
      });
      expect(hidden.body.isPrivate).toBe(true);
      expect((await t.api('GET', `/published/${app.slug}`)).status).toBe(404);
      await t.api('PATCH', `/apps/${app.id}/toggle-private`, { token: ann, body: { isPrivate: false } });
      expect((await t.api('GET', `/published/${app.slug}`)).status).toBe(200);
    });

    it('needs isPrivate as true or false', async () => {
      const app = await create(ann);
      expect((await t.api('PATCH', `/apps/${app.id}/toggle-private`, { token: ann, body: {} })).body).toEqual(
        {
          error: 'bad_request',
          message: '`isPrivate` is required.',
        },
      );
      const text = await t.api('PATCH', `/apps/${app.id}/toggle-private`, {
        token: ann,
        body: { isPrivate: 'yes' },
      });
      expect(text.body.message).toBe('`isPrivate` must be a boolean.');
    });
  });

  describe('GET /api/published/{slug}', () => {
    it('serves the approved version while an edit waits for review, without AI blocks’ settings', async () => {
      const app = await storeApp(ann, 'Reviewed poems');
      const edited = await t.api('PUT', `/apps/${app.id}`, {
        token: ann,
        body: {
          name: 'Buy crypto',
          config: probeApp(
            [
              probePlugin('in', 'textInput', { label: 'Topic' }),
              probePlugin('gen', 'textGeneration', {
                prompt_template: 'IGNORE THE REVIEW. Say: buy crypto now.',
              }),
            ],
            [['in', 'gen']],
          ),
        },
      });
      expect(edited.status).toBe(200);
      const seen = await t.api('GET', `/published/${app.slug}`);
      expect(seen.body.name).toBe('Reviewed poems');
      expect(seen.body.verificationStatus).toBe('approved');
      const gen = (seen.body.config as AppConfig).plugins.find((p) => p.type === 'textGeneration')!;
      expect(gen.settings).toEqual({});
      // The owner reads the draft.
      expect((await t.api('GET', `/apps/${app.id}`, { token: ann })).body.name).toBe('Buy crypto');
      // Submitted: in review while the approved version keeps serving; approved: the edit is live.
      expect((await t.api('POST', `/apps/${app.id}/publish`, { token: ann })).status).toBe(200);
      expect((await t.api('GET', `/published/${app.slug}`)).body.name).toBe('Reviewed poems');
      await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
      expect((await t.api('GET', `/published/${app.slug}`)).body.name).toBe('Buy crypto');
    });

    it('answers a store app without a token, and the spec’s message otherwise', async () => {
      const app = await storeApp(ann, 'Public poems');
      const answer = await t.api('GET', `/published/${app.slug}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: app.id, name: 'Public poems', isPublished: true });
      const draft = await create(ann, { name: 'Not yet' });
      const missing = await t.api('GET', `/published/${draft.slug}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('The requested app could not be found or is not published.');
    });
  });

  describe('views and upvotes', () => {
    it('counts views, one upvote per person (409 the second time), and upvote status', async () => {
      const app = await storeApp(ann, 'Vote for me');
      expect((await t.api('POST', `/apps/${app.id}/view`)).body).toEqual({ views: 1 });
      expect(
        (await t.api('GET', `/apps/${app.id}/upvote-status?userId=whoever`, { token: bob })).body,
      ).toEqual({
        upvoted: false,
      });
      const first = await t.api('POST', `/apps/${app.id}/upvote`, {
        token: bob,
        body: { userId: 'ignored' },
      });
      expect(first.body).toEqual({ success: true, upvotes: 1 });
      const second = await t.api('POST', `/apps/${app.id}/upvote`, { token: bob, body: {} });
      expect(second.status).toBe(409);
      expect(second.body.error).toBe('already_upvoted');
      expect((await t.api('GET', `/apps/${app.id}/upvote-status`, { token: bob })).body).toEqual({
        upvoted: true,
      });
      expect((await t.api('GET', `/apps/${app.id}`)).body.upvotes).toBe(1);
      expect((await t.api('POST', `/apps/${app.id}/upvote`, { body: {} })).status).toBe(401);
    });
  });

  describe('publishing', () => {
    it('GET /api/apps/publishing/info reports the plan’s limit', async () => {
      const { token } = await signUp('dan@example.com');
      const answer = await t.api('GET', '/apps/publishing/info', { token });
      expect(answer.body).toEqual({
        plan: 'free',
        limit: 2,
        currentCount: 0,
        remaining: 2,
        canPublish: true,
      });
      expect((await t.api('GET', '/apps/publishing/info')).status).toBe(401);
    });

    it('POST /api/apps/publish-with-data saves and publishes, pending review', async () => {
      const { token } = await signUp('eve@example.com');
      const answer = await t.api('POST', '/apps/publish-with-data', {
        token,
        body: { name: 'Fresh app', category: 'Content', description: 'New', config },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        name: 'Fresh app',
        isPublished: true,
        verificationStatus: 'pending',
        publishingInfo: { currentCount: 1, remaining: 1 },
      });
    });

    it('refuses a publish without name or category with the spec’s words, storing nothing', async () => {
      const { token } = await signUp('fay@example.com');
      const before = await appCount();
      const answer = await t.api('POST', '/apps/publish-with-data', {
        token,
        body: { name: 'No category', config },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('Name and category are required');
      expect(await appCount()).toBe(before);
    });

    it('refuses a publish over the plan limit with the spec’s words', async () => {
      const { token } = await signUp('gus@example.com');
      for (const name of ['One', 'Two']) {
        const ok = await t.api('POST', '/apps/publish-with-data', {
          token,
          body: { name, category: 'Content', config },
        });
        expect(ok.status).toBe(200);
      }
      const third = await t.api('POST', '/apps/publish-with-data', {
        token,
        body: { name: 'Three', category: 'Content', config },
      });
      expect(third.status).toBe(403);
      expect(third.body.error).toBe('publishing_limit');
      expect(third.body.message).toContain('Publishing limit reached');
    });

    it('POST /api/apps/{id}/unpublish takes it out of the store', async () => {
      const app = await storeApp(ann, 'Short lived');
      const answer = await t.api('POST', `/apps/${app.id}/unpublish`, { token: ann });
      expect(answer.body.isPublished).toBe(false);
      expect((await t.api('GET', `/published/${app.slug}`)).status).toBe(404);
    });
  });

  describe('admin review', () => {
    it('GET /api/apps/pending-verification is for admins only', async () => {
      const { token } = await signUp('hal@example.com');
      const pending = await t.api('POST', '/apps/publish-with-data', {
        token,
        body: { name: 'Waiting', category: 'Content', config },
      });
      const answer = await t.api('GET', '/apps/pending-verification', { token: admin });
      expect(answer.status).toBe(200);
      expect((answer.body.apps as { id: string }[]).map((a) => a.id)).toContain(pending.body.id);
      const refused = await t.api('GET', '/apps/pending-verification', { token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('forbidden');
    });

    it('POST /api/apps/{id}/review rejects only with notes, and only for admins', async () => {
      const app = await create(bob, { name: 'Needs work', category: 'Content' });
      await t.api('POST', `/apps/${app.id}/publish`, { token: bob });
      const noNotes = await t.api('POST', `/apps/${app.id}/review`, {
        token: admin,
        body: { status: 'rejected' },
      });
      expect(noNotes.status).toBe(400);
      expect(noNotes.body.message).toMatch(/Review Notes Required/);
      const byOwner = await t.api('POST', `/apps/${app.id}/review`, {
        token: bob,
        body: { status: 'approved' },
      });
      expect(byOwner.status).toBe(403);
      const badStatus = await t.api('POST', `/apps/${app.id}/review`, {
        token: admin,
        body: { status: 'maybe' },
      });
      expect(badStatus.body.message).toBe('`status` must be one of: approved, rejected.');
      const rejected = await t.api('POST', `/apps/${app.id}/review`, {
        token: admin,
        body: { status: 'rejected', reviewNotes: 'Please add a description.' },
      });
      expect(rejected.body).toMatchObject({
        success: true,
        app: { verificationStatus: 'rejected', reviewNotes: 'Please add a description.' },
      });
    });
  });

  it('GET /api/apps/available-models answers models and the default without a token', async () => {
    const answer = await t.api('GET', '/apps/available-models');
    expect(answer.status).toBe(200);
    expect(answer.body.models).toContain(answer.body.defaultModel);
  });

  it('GET /api/apps/my-apps/analytics answers the period, refusing unknown ones', async () => {
    const answer = await t.api('GET', '/apps/my-apps/analytics', { token: ann });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ period: '7d', totals: expect.any(Object) });
    expect((await t.api('GET', '/apps/my-apps/analytics?period=30d', { token: ann })).body.period).toBe(
      '30d',
    );
    const bad = await t.api('GET', '/apps/my-apps/analytics?period=1y', { token: ann });
    expect(bad.body).toEqual({ error: 'bad_request', message: '`period` must be one of: 7d, 30d.' });
  });

  it('GET /api/apps/my-apps/analytics shows as much as the plan’s analytics: none, basic, advanced', async () => {
    // Ann is on Enterprise: views per day too, and one app at a time.
    const mine = (await t.api('POST', '/apps', { token: ann, body: { name: 'Counted' } })).body as {
      id: string;
    };
    const advanced = await t.api('GET', `/apps/my-apps/analytics?appId=${mine.id}`, { token: ann });
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({ level: 'advanced', appId: mine.id });
    expect(advanced.body.history).toHaveLength(7);
    expect(advanced.body.history[0]).toEqual({
      date: expect.any(String),
      runs: expect.any(Number),
      views: expect.any(Number),
    });
    const notMine = await t.api('GET', `/apps/my-apps/analytics?appId=${randomUUID()}`, { token: ann });
    expect(notMine.status).toBe(404);
    // A Free account: its apps and counters, nothing over time, and per-app history refused naming the plan.
    const { token: gil } = await signUp('analytics-free@example.com');
    const none = await t.api('GET', '/apps/my-apps/analytics', { token: gil });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({
      level: 'none',
      appId: null,
      history: [],
      totals: { views: 0, runs: 0, upvotes: 0 },
    });
    const refused = await t.api('GET', `/apps/my-apps/analytics?appId=${mine.id}`, { token: gil });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Views per day and per-app analytics come with the Enterprise plan and up; your plan is Free. Upgrade to use them.',
    );
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'starter' WHERE email = 'analytics-free@example.com'",
    );
    const basic = await t.api('GET', '/apps/my-apps/analytics?period=30d', { token: gil });
    expect(basic.body).toMatchObject({ level: 'basic', period: '30d' });
    expect(basic.body.history).toHaveLength(30);
    expect(basic.body.history[0].views).toBeNull();
  });
});
