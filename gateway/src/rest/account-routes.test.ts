import { routes } from '@blocksmith/rest-bridge';
import { AnalyticsEvent, SalesContact } from '../data/entities';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

describe('/api credits, users, assistant, contact and analytics routes', () => {
  let t: ApiTestGateway;
  let ann: string;
  let admin: string;

  const signUp = (email: string, fullName?: string) => t.signUpViaApi(email, fullName ? { fullName } : {});

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: ann } = await signUp('ann@example.com'));
    admin = await t.signUpAdmin('admin@example.com');
  });

  afterAll(() => t.close());

  describe('credits', () => {
    it('POST /api/credits/initialize grants the month’s credits once', async () => {
      const first = await t.api('POST', '/credits/initialize', { token: ann });
      expect(first.body).toEqual({ success: true, credits: 50, unlimited: false });
      const again = await t.api('POST', '/credits/initialize', { token: ann });
      expect(again.body.credits).toBe(50);
      expect((await t.api('POST', '/credits/initialize')).status).toBe(401);
    });

    it('GET /api/credits/balance and /api/users/credits answer the balance', async () => {
      for (const path of ['/credits/balance', '/users/credits']) {
        expect((await t.api('GET', path, { token: ann })).body).toEqual({ credits: 50, unlimited: false });
        expect((await t.api('GET', path)).status).toBe(401);
      }
    });

    it('GET /api/credits/history takes a limit from 0 to 200', async () => {
      expect((await t.api('GET', '/credits/history', { token: ann })).body).toEqual({ history: [] });
      expect((await t.api('GET', '/credits/history?limit=0', { token: ann })).body).toEqual({ history: [] });
      const bad = await t.api('GET', '/credits/history?limit=lots', { token: ann });
      expect(bad.body).toEqual({ error: 'bad_request', message: '`limit` must be an integer.' });
      expect((await t.api('GET', '/credits/history?limit=-1', { token: ann })).status).toBe(400);
      expect((await t.api('GET', '/credits/history?limit=1&limit=2', { token: ann })).status).toBe(400);
    });

    it('GET /api/credits/stats answers totals', async () => {
      const answer = await t.api('GET', '/credits/stats', { token: ann });
      expect(answer.body).toEqual({ totalCreditsUsed: 0, totalExecutions: 0 });
    });

    it('GET /api/credits/costs answers the cost map with default, without a token', async () => {
      const answer = await t.api('GET', '/credits/costs');
      expect(answer.body.costs).toMatchObject({ textGeneration: 1, imageGenerator: 5, default: 1 });
    });

    it('POST /api/credits/check says whether the balance pays, by kind or history name', async () => {
      const byKind = await t.api('POST', '/credits/check', {
        token: ann,
        body: { blockType: 'imageGenerator' },
      });
      expect(byKind.body).toEqual({ hasEnoughCredits: true, required: 5, credits: 50, unlimited: false });
      const byHistory = await t.api('POST', '/credits/check', {
        token: ann,
        body: { blockType: 'image_generation' },
      });
      expect(byHistory.body.required).toBe(5);
      expect((await t.api('POST', '/credits/check', { token: ann, body: {} })).body.message).toBe(
        '`blockType` is required.',
      );
    });
  });

  describe('users', () => {
    it('POST /api/users/create sets full_name once and GET /api/users/profile reads it', async () => {
      const { token } = await signUp('nameless@example.com');
      const created = await t.api('POST', '/users/create', { token, body: { fullName: 'Nia Long' } });
      expect(created.body).toMatchObject({ success: true, user: { full_name: 'Nia Long', plan: 'free' } });
      const again = await t.api('POST', '/users/create', { token, body: { fullName: 'Someone Else' } });
      expect(again.body.user.full_name).toBe('Nia Long');
      const profile = await t.api('GET', '/users/profile', { token });
      expect(profile.body).toMatchObject({
        email: 'nameless@example.com',
        full_name: 'Nia Long',
        plan: 'free',
      });
      expect((await t.api('POST', '/users/create', { token, body: { fullName: 7 } })).status).toBe(400);
      expect((await t.api('GET', '/users/profile')).status).toBe(401);
    });

    it('GET /api/users/by-supabase-id/{id} shows publishers, and people themselves', async () => {
      const { token, id } = await signUp('writer@example.com', 'Wes Writer');
      expect((await t.api('GET', `/users/by-supabase-id/${id}`)).status).toBe(404);
      expect((await t.api('GET', `/users/by-supabase-id/${id}`, { token })).body).toEqual({
        id,
        full_name: 'Wes Writer',
      });
      const app = await t.api('POST', '/apps/publish-with-data', {
        token,
        body: { name: 'Wes app', category: 'Content', config: { plugins: [], connections: [] } },
      });
      await t.api('POST', `/apps/${app.body.id}/review`, { token: admin, body: { status: 'approved' } });
      expect((await t.api('GET', `/users/by-supabase-id/${id}`)).body).toEqual({
        id,
        full_name: 'Wes Writer',
      });
      expect((await t.api('GET', '/users/by-supabase-id/unknown-id')).status).toBe(404);
    });
  });

  describe('assistant', () => {
    it('POST /api/generate-prompt writes a prompt using every variable', async () => {
      const answer = await t.api('POST', '/generate-prompt', {
        token: ann,
        body: { description: 'Summarise {{notes}} for {{audience}}', variables: ['notes', 'audience'] },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.prompt).toContain('{{notes}}');
      expect(answer.body.prompt).toContain('{{audience}}');
      const unused = await t.api('POST', '/generate-prompt', {
        token: ann,
        body: { description: 'Summarise a meeting', variables: ['notes'] },
      });
      expect(unused.body).toEqual({
        error: 'bad_request',
        message: 'Please use all available variables in your prompt: notes',
      });
      expect(
        (await t.api('POST', '/generate-prompt', { token: ann, body: { description: '' } })).status,
      ).toBe(400);
      expect((await t.api('POST', '/generate-prompt', { body: { description: 'x' } })).status).toBe(401);
    });

    it('POST /api/assistant/generate-app builds a valid app from a sentence', async () => {
      const prompt = 'An app that turns meeting notes into a short summary for the team';
      const answer = await t.api('POST', '/assistant/generate-app', { token: ann, body: { prompt } });
      expect(answer.status).toBe(200);
      expect(answer.body.appName).toBe(prompt.slice(0, 50));
      expect(answer.body.plugins.length).toBeGreaterThan(1);
      const saved = await t.api('POST', '/apps', {
        token: ann,
        body: {
          name: answer.body.appName,
          config: { plugins: answer.body.plugins, connections: answer.body.connections },
        },
      });
      expect(saved.status).toBe(201);
      expect(
        (await t.api('POST', '/assistant/generate-app', { token: ann, body: { prompt: 5 } })).status,
      ).toBe(400);
    });
  });

  describe('contact and analytics', () => {
    it('POST /api/contact/sales stores the enquiry; bad ones store nothing', async () => {
      const contacts = t.gateway.database.dataSource.getRepository(SalesContact);
      const answer = await t.api('POST', '/contact/sales', {
        body: {
          name: 'Cleo',
          email: 'cleo@example.com',
          company: 'Acme',
          companySize: '11-50',
          message: 'We need SSO.',
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      expect(typeof answer.body.message).toBe('string');
      const before = await contacts.count();
      const bad = await t.api('POST', '/contact/sales', {
        body: { name: 'Cleo', email: 'cleo@example.com', company: 'Acme', companySize: '7', message: 'x' },
      });
      expect(bad.body.message).toBe('`companySize` must be one of: 1-10, 11-50, 51-200, 201-1000, 1000+.');
      const badEmail = await t.api('POST', '/contact/sales', {
        body: { name: 'Cleo', email: 'not mail', company: 'Acme', message: 'x' },
      });
      expect(badEmail.status).toBe(400);
      expect(await contacts.count()).toBe(before);
    });

    it('POST /api/analytics/events records an event; GET /api/analytics/summary is for admins', async () => {
      const events = t.gateway.database.dataSource.getRepository(AnalyticsEvent);
      const before = await events.count({ where: { name: 'visit_playground' } });
      const tracked = await t.api('POST', '/analytics/events', { body: { name: 'visit_playground' } });
      expect(tracked.status).toBe(201);
      expect(await events.count({ where: { name: 'visit_playground' } })).toBe(before + 1);
      const summary = await t.api('GET', '/analytics/summary?range=all', { token: admin });
      expect(summary.status).toBe(200);
      expect(summary.body.raw.visit_playground).toBeGreaterThanOrEqual(1);
      expect((await t.api('GET', '/analytics/summary', { token: ann })).status).toBe(403);
      expect((await t.api('GET', '/analytics/summary')).status).toBe(401);
      expect((await t.api('GET', '/analytics/summary?range=2y', { token: admin })).status).toBe(400);
      expect((await t.api('POST', '/analytics/events', { body: { name: 'made_up_event' } })).status).toBe(
        400,
      );
    });
  });

  describe('the API itself', () => {
    it('GET /api/openapi.json describes every route of the table', async () => {
      const answer = await t.api('GET', '/openapi.json');
      expect(answer.body.openapi).toBe('3.1.0');
      for (const route of routes) {
        expect(answer.body.paths[`/api${route.path}`][route.method.toLowerCase()].summary).toBe(
          route.summary,
        );
      }
    });

    it('answers an unknown /api path with 404 JSON and a wrong method with 405', async () => {
      const unknown = await t.api('GET', '/no/such/route');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/json/);
      expect(unknown.body.error).toBe('not_found');
      const wrongMethod = await t.api('PUT', '/credits/balance');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('GET');
    });

    it('refuses a body over 1 MB with 413', async () => {
      const answer = await t.api('POST', '/auth/signin', {
        body: { email: 'x@example.com', password: 'p'.repeat(2 * 1024 * 1024) },
      });
      expect(answer.status).toBe(413);
      expect(answer.body.error).toBe('payload_too_large');
    });
  });
});
