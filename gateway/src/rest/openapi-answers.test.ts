import { OAuthFlow } from '../testing/oauth-browser';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '@blocksmith/schema';
import Stripe from 'stripe';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { MAX_HISTORY_LIMIT } from '../services/credits/credit-ledger';
import { MailMessage } from '../data/entities';
import { FakeStripeConnect } from '../testing/fake-stripe-connect';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { OpenApiChecker, type CheckedAnswer, type OpenApiDocument } from '../testing/openapi-checker';

jest.setTimeout(120_000);

const WEBHOOK_SECRET = 'whsec_openapi_answers';
const PASSWORD = 'a good long password';
const MISSING = '00000000-0000-4000-8000-000000000000';

const textApp: AppConfig = probeTextApp();
const fileApp: AppConfig = probeApp(
  [
    probePlugin('doc', 'fileUpload', { acceptedTypes: 'text', maxSize: 1 }),
    probePlugin('show', 'textDisplay'),
  ],
  [['doc', 'show']],
);

/** Stripe Connect's accounts, onboarding links and transfers, for the payout routes. */
const connect = new FakeStripeConnect();

/**
 * Stripe's checkout endpoint (POST /v1/checkout/sessions) on a loopback port, and Connect's paths
 * (the fake above). A session for nopage@example.com comes back without a page, as Stripe may answer.
 */
function startStripe(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/v1/checkout/')) return connect.handle(req, res);
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const id = `cs_test_${Date.now()}`;
      const page =
        form.get('customer_email') === 'nopage@example.com' ? null : `https://checkout.stripe.com/c/${id}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'checkout.session', url: page }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

interface Request {
  token?: string;
  json?: unknown;
  raw?: string;
  form?: FormData;
  headers?: Record<string, string>;
}

interface Answer extends CheckedAnswer {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Every answer here is checked against the document the server serves: its status must be declared
 * for the path and method, and its JSON body must match the declared schema with no undeclared
 * field. Between them the cases reach every documented operation.
 */
describe('answers against /api/openapi.json', () => {
  let t: ApiTestGateway;
  let stripe: Server;
  let checker: OpenApiChecker;
  let document: OpenApiDocument;
  const answered = new Set<string>();

  /** Sends a request to the gateway, checks its answer against the document, and hands it back. */
  async function call(method: string, url: string, request: Request = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | FormData | undefined;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['content-type'] ??= 'application/json';
    } else if (request.raw !== undefined) body = request.raw;
    else if (request.form) body = request.form;
    const response = await fetch(t.gateway.url + url, { method, headers, ...(body ? { body } : {}) });
    const text = await response.text();
    const answer: Answer = {
      status: response.status,
      headers: response.headers,
      text,
      body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
    };
    expect({ [`${method} ${url} ${answer.status}`]: checker.problemsWith(method, url, answer) }).toEqual({
      [`${method} ${url} ${answer.status}`]: [],
    });
    answered.add(`${method} ${checker.templateOf(url)} ${answer.status}`);
    return answer;
  }

  async function expectStatus(status: number, method: string, url: string, request: Request = {}) {
    const answer = await call(method, url, request);
    expect([answer.status, answer.body]).toEqual([status, expect.anything()]);
    return answer;
  }

  let ann: string;
  let annId: string;
  let bob: string;
  let admin: string;
  let appId: string;
  let slug: string;

  beforeAll(async () => {
    const started = await startStripe();
    stripe = started.server;
    t = await startApiTestGateway({
      ADMIN_EMAILS: 'admin@example.com',
      STRIPE_SECRET_KEY: 'sk_test_openapi_answers',
      STRIPE_API_URL: started.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    document = (await t.api('GET', '/openapi.json')).body as OpenApiDocument;
    checker = new OpenApiChecker(document);
    admin = await t.signUpAdmin('admin@example.com');
  });

  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stripe.close(resolve));
  });

  it('declares OpenAPI 3.1, whose schemas are JSON Schema 2020-12', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  describe('accounts', () => {
    it('signs up, and refuses a taken e-mail, a weak password and bad bodies', async () => {
      const signedUp = await expectStatus(200, 'POST', '/api/auth/signup', {
        json: { email: 'ann@example.com', password: PASSWORD, fullName: 'Ann' },
      });
      ann = signedUp.body.session.access_token;
      annId = signedUp.body.user.id;
      const taken = await expectStatus(400, 'POST', '/api/auth/signup', {
        json: { email: 'ann@example.com', password: PASSWORD },
      });
      expect(taken.body.error).toBe('email_taken');
      const weak = await expectStatus(400, 'POST', '/api/auth/signup', {
        json: { email: 'weak@example.com', password: 'short' },
      });
      expect(weak.body).toMatchObject({ error: 'weak_password', reasons: ['length'] });
      await expectStatus(400, 'POST', '/api/auth/signup', { json: { password: PASSWORD } });
      await expectStatus(400, 'POST', '/api/auth/signup', {
        raw: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      await expectStatus(415, 'POST', '/api/auth/signup', {
        raw: 'email=ann@example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      await expectStatus(413, 'POST', '/api/auth/signup', {
        json: { email: 'big@example.com', password: PASSWORD, fullName: 'x'.repeat(1024 * 1024 + 1) },
      });
      const wrongMethod = await expectStatus(405, 'GET', '/api/auth/signup');
      expect(wrongMethod.headers.get('allow')).toBe('POST');
      bob = (await t.signUpViaApi('bob@example.com')).token;
    });

    it('signs in, refreshes, and slows repeated failures down with 429 and Retry-After', async () => {
      const signedIn = await expectStatus(200, 'POST', '/api/auth/signin', {
        json: { email: 'ann@example.com', password: PASSWORD },
      });
      const refresh = signedIn.body.session.refresh_token;
      await expectStatus(200, 'POST', '/api/auth/refresh', { json: { refresh_token: refresh } });
      const reused = await expectStatus(401, 'POST', '/api/auth/refresh', {
        json: { refresh_token: refresh },
      });
      expect(reused.body.error).toBe('invalid_token');

      await t.signUpViaApi('locked@example.com');
      let answer = await call('POST', '/api/auth/signin', {
        json: { email: 'locked@example.com', password: 'not the password' },
      });
      expect(answer.body.error).toBe('invalid_credentials');
      for (let attempt = 0; attempt < 10 && answer.status !== 429; attempt++) {
        answer = await call('POST', '/api/auth/signin', {
          json: { email: 'locked@example.com', password: 'not the password' },
        });
      }
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('answers the person, sets a password, mails a reset link and signs out', async () => {
      await expectStatus(200, 'GET', '/api/auth/user', { token: ann });
      await expectStatus(401, 'GET', '/api/auth/user');
      await expectStatus(401, 'GET', '/api/auth/user', { token: 'not-a-token' });
      await expectStatus(200, 'POST', '/api/auth/update-password', {
        token: ann,
        json: { password: PASSWORD },
      });
      await expectStatus(401, 'POST', '/api/auth/update-password', {
        token: 'made-up-reset-token',
        json: { password: PASSWORD },
      });
      await expectStatus(200, 'POST', '/api/auth/recover', { json: { email: 'ann@example.com' } });
      await expectStatus(400, 'POST', '/api/auth/recover', { json: { email: 'not an address' } });
      const leaving = (await t.signUpViaApi('leaving@example.com')).token;
      await expectStatus(204, 'POST', '/api/auth/signout', { token: leaving });
      await expectStatus(401, 'POST', '/api/auth/signout', { token: leaving });
    });

    it('keeps the user record and profile, and finds publishers', async () => {
      await expectStatus(200, 'POST', '/api/users/create', { token: ann, json: { fullName: 'Ann' } });
      await expectStatus(200, 'GET', '/api/users/profile', { token: ann });
      await expectStatus(200, 'GET', `/api/users/by-supabase-id/${annId}`, { token: ann });
      await expectStatus(404, 'GET', `/api/users/by-supabase-id/${MISSING}`);
    });
  });

  describe('credits', () => {
    it('initializes, answers the balance, history, stats, costs and checks', async () => {
      await expectStatus(200, 'POST', '/api/credits/initialize', { token: ann });
      await expectStatus(200, 'GET', '/api/credits/balance', { token: ann });
      await expectStatus(200, 'GET', '/api/users/credits', { token: ann });
      await expectStatus(200, 'GET', '/api/credits/stats', { token: ann });
      await expectStatus(200, 'GET', '/api/credits/costs');
      await expectStatus(200, 'POST', '/api/credits/check', {
        token: ann,
        json: { blockType: 'textGeneration' },
      });
      await expectStatus(400, 'POST', '/api/credits/check', { token: ann, json: {} });
      await expectStatus(401, 'GET', '/api/credits/balance');
      await expectStatus(405, 'DELETE', '/api/credits/balance', { token: ann });
    });

    it('takes a history limit up to the ledger’s own limit, as the document says', async () => {
      const limit = document.paths['/api/credits/history']!.get as unknown as {
        parameters: { name: string; schema: { maximum: number } }[];
      };
      expect(limit.parameters.find((p) => p.name === 'limit')!.schema.maximum).toBe(MAX_HISTORY_LIMIT);
      await expectStatus(200, 'GET', `/api/credits/history?limit=${MAX_HISTORY_LIMIT}`, { token: ann });
      await expectStatus(400, 'GET', `/api/credits/history?limit=${MAX_HISTORY_LIMIT + 1}`, { token: ann });
      await expectStatus(400, 'GET', '/api/credits/history?limit=1&limit=2', { token: ann });
    });
  });

  describe('apps', () => {
    it('creates, lists, reads, updates and hides apps', async () => {
      const created = await expectStatus(201, 'POST', '/api/apps', {
        token: ann,
        json: { name: 'Poem maker', category: 'Content', config: textApp },
      });
      appId = created.body.id;
      slug = created.body.slug;
      await expectStatus(409, 'POST', '/api/apps', {
        token: ann,
        json: { name: 'Copy', slug, config: textApp },
      });
      await expectStatus(400, 'POST', '/api/apps', { token: ann, json: { name: 42 } });
      await expectStatus(401, 'POST', '/api/apps', { json: { name: 'Nobody’s' } });
      await expectStatus(200, 'GET', '/api/my-apps', { token: ann });
      await expectStatus(200, 'GET', '/api/apps/my-apps', { token: ann });
      await expectStatus(200, 'GET', `/api/apps/${appId}`, { token: ann });
      await expectStatus(404, 'GET', `/api/apps/${appId}`);
      await expectStatus(401, 'GET', `/api/apps/${appId}`, { token: 'expired' });
      await expectStatus(200, 'PUT', `/api/apps/${appId}`, {
        token: ann,
        json: { description: 'Writes poems' },
      });
      await expectStatus(404, 'PUT', `/api/apps/${appId}`, { token: bob, json: { description: 'Mine now' } });
      await expectStatus(200, 'PATCH', `/api/apps/${appId}/toggle-private`, {
        token: ann,
        json: { isPrivate: false },
      });
      await expectStatus(400, 'PATCH', `/api/apps/${appId}/toggle-private`, {
        token: ann,
        json: { isPrivate: 'no' },
      });
      const versions = await expectStatus(200, 'GET', `/api/apps/${appId}/versions`, { token: ann });
      expect(versions.body.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
      const first = versions.body.versions[1].id as string;
      await expectStatus(200, 'GET', `/api/apps/${appId}/versions/${first}`, { token: ann });
      await expectStatus(404, 'GET', `/api/apps/${appId}/versions/${first}`, { token: bob });
      await expectStatus(404, 'GET', `/api/apps/${appId}/versions/${MISSING}`, { token: ann });
      await expectStatus(401, 'GET', `/api/apps/${appId}/versions`);
      await expectStatus(200, 'POST', `/api/apps/${appId}/versions/${first}/restore`, { token: ann });
      const other = await expectStatus(405, 'PATCH', `/api/apps/${appId}`, { token: ann, json: {} });
      expect(other.headers.get('allow')).toBe('GET, PUT, DELETE');
      await expectStatus(200, 'GET', '/api/apps/available-models');
      await expectStatus(200, 'GET', '/api/models?capability=structured');
      await expectStatus(400, 'GET', '/api/models?capability=telepathy');
    });

    it('publishes with publishingInfo, reviews, and refuses past the plan’s limit', async () => {
      const published = await expectStatus(200, 'POST', `/api/apps/${appId}/publish`, { token: ann });
      expect(published.body.publishingInfo).toMatchObject({ plan: 'free', currentCount: 1 });
      await expectStatus(200, 'POST', '/api/apps/publish-with-data', {
        token: ann,
        json: { name: 'Second', category: 'Content', config: textApp },
      });
      await expectStatus(400, 'POST', '/api/apps/publish-with-data', {
        token: ann,
        json: { name: 'No category' },
      });
      const third = await call('POST', '/api/apps', {
        token: ann,
        json: { name: 'Third', category: 'Content' },
      });
      const limited = await expectStatus(403, 'POST', `/api/apps/${third.body.id}/publish`, { token: ann });
      expect(limited.body.error).toBe('publishing_limit');
      await expectStatus(404, 'POST', `/api/apps/${MISSING}/publish`, { token: ann });
      await expectStatus(200, 'GET', '/api/apps/publishing/info', { token: ann });

      await expectStatus(200, 'GET', '/api/apps/pending-verification', { token: admin });
      await expectStatus(403, 'GET', '/api/apps/pending-verification', { token: ann });
      await expectStatus(403, 'POST', `/api/apps/${appId}/review`, {
        token: ann,
        json: { status: 'approved' },
      });
      await expectStatus(400, 'POST', `/api/apps/${appId}/review`, {
        token: admin,
        json: { status: 'rejected' },
      });
      await expectStatus(200, 'POST', `/api/apps/${appId}/review`, {
        token: admin,
        json: { status: 'approved' },
      });
    });

    it('shows store apps to anyone, counts views and upvotes', async () => {
      await expectStatus(200, 'GET', '/api/apps');
      await expectStatus(200, 'GET', `/api/apps/by-user/${annId}`);
      await expectStatus(200, 'GET', `/api/published/${slug}`);
      await expectStatus(404, 'GET', '/api/published/no-such-app');
      await expectStatus(200, 'GET', `/api/apps/${appId}`);
      await expectStatus(200, 'POST', `/api/apps/${appId}/view`);
      await expectStatus(404, 'POST', `/api/apps/${MISSING}/view`);
      await expectStatus(200, 'GET', `/api/apps/${appId}/upvote-status`, { token: bob });
      await expectStatus(200, 'POST', `/api/apps/${appId}/upvote`, { token: bob });
      const again = await expectStatus(409, 'POST', `/api/apps/${appId}/upvote`, { token: bob });
      expect(again.body.error).toBe('already_upvoted');
      await expectStatus(200, 'GET', '/api/apps/my-apps/analytics?period=30d', { token: ann });
      await expectStatus(400, 'GET', '/api/apps/my-apps/analytics?period=1y', { token: ann });
    });

    it('unpublishes and deletes', async () => {
      const spare = await call('POST', '/api/apps', { token: ann, json: { name: 'Spare' } });
      await expectStatus(200, 'POST', `/api/apps/${spare.body.id}/unpublish`, { token: ann });
      await expectStatus(200, 'DELETE', `/api/apps/${spare.body.id}`, { token: ann });
      await expectStatus(404, 'DELETE', `/api/apps/${spare.body.id}`, { token: ann });
    });
  });

  describe('runs', () => {
    it('executes with JSON and with a file, and refuses what it cannot run', async () => {
      const ran = await expectStatus(200, 'POST', `/api/apps/${appId}/execute`, {
        token: ann,
        json: { inputData: { input_text: 'the sea' } },
      });
      await expectStatus(200, 'GET', `/api/runs/${ran.body.run.id}`, { token: ann });
      await expectStatus(404, 'GET', `/api/runs/${ran.body.run.id}`, { token: bob });
      // The owner's preview with an empty input is refused before it starts, naming what to fill in.
      const refused = await expectStatus(400, 'POST', `/api/apps/${appId}/execute`, {
        token: ann,
        json: { inputData: {} },
      });
      expect(refused.body.problems).toEqual([expect.objectContaining({ message: expect.any(String) })]);
      await expectStatus(402, 'POST', `/api/apps/${appId}/execute`, { token: bob, json: { inputData: {} } });
      await expectStatus(415, 'POST', `/api/apps/${appId}/execute`, {
        token: ann,
        raw: 'the sea',
        headers: { 'content-type': 'text/plain' },
      });
      await expectStatus(405, 'GET', `/api/apps/${appId}/execute`, { token: ann });

      const files = await call('POST', '/api/apps', { token: ann, json: { name: 'Notes', config: fileApp } });
      const form = (content: string | Uint8Array) => {
        const data = new FormData();
        data.set('inputData', '{}');
        data.set('file', new Blob([content], { type: 'text/plain' }), 'notes.txt');
        return data;
      };
      await expectStatus(200, 'POST', `/api/apps/${files.body.id}/execute`, {
        token: ann,
        form: form('notes'),
      });
      const big = new Uint8Array(1024 * 1024 + 10).fill(65);
      await expectStatus(413, 'POST', `/api/apps/${files.body.id}/execute`, { token: ann, form: form(big) });
    });

    it('lists runs a page at a time, answers one run with its steps, and deletes one', async () => {
      await expectStatus(200, 'POST', `/api/apps/${appId}/execute`, {
        token: ann,
        json: { inputData: { input_text: 'the hills' } },
      });
      const page = await expectStatus(200, 'GET', `/api/apps/${appId}/runs?limit=1`, { token: ann });
      expect(page.body.runs).toHaveLength(1);
      const next = await expectStatus(
        200,
        'GET',
        `/api/apps/${appId}/runs?limit=1&status=succeeded&source=builder&cursor=${page.body.nextCursor}`,
        { token: ann },
      );
      expect(next.body.runs.every((run: { status: string }) => run.status === 'succeeded')).toBe(true);
      await expectStatus(400, 'GET', `/api/apps/${appId}/runs?status=lost`, { token: ann });
      await expectStatus(400, 'GET', `/api/apps/${appId}/runs?cursor=nonsense`, { token: ann });
      await expectStatus(404, 'GET', `/api/apps/${appId}/runs`, { token: bob });
      const mine = await expectStatus(200, 'GET', '/api/runs?limit=2', { token: ann });
      const runId = mine.body.runs[0].id as string;
      const one = await expectStatus(200, 'GET', `/api/runs/${runId}`, { token: ann });
      expect(one.body.steps.length).toBeGreaterThan(0);
      // The version the run ran: its id and number only, never its blocks' settings.
      expect(one.body.version).toEqual({ id: expect.any(String), number: expect.any(Number) });
      await expectStatus(404, 'DELETE', `/api/runs/${runId}`, { token: bob });
      await expectStatus(200, 'DELETE', `/api/runs/${runId}`, { token: ann });
      await expectStatus(404, 'GET', `/api/runs/${runId}`, { token: ann });
      const history = await expectStatus(200, 'GET', '/api/credits/history?limit=1', { token: ann });
      const entry = history.body.history[0] as { _id: string } | undefined;
      if (entry) {
        await expectStatus(200, 'GET', `/api/credits/history?limit=1&cursor=${entry._id}`, { token: ann });
      }
      await expectStatus(400, 'GET', `/api/credits/history?cursor=${MISSING}`, { token: ann });
    });

    it('keeps files through /uploads', async () => {
      const files = await call('POST', '/api/apps', {
        token: ann,
        json: { name: 'Uploads', config: fileApp },
      });
      const form = (id: string) => {
        const data = new FormData();
        data.set('appId', id);
        data.set('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
        return data;
      };
      const kept = await expectStatus(201, 'POST', '/uploads', { token: ann, form: form(files.body.id) });
      expect(kept.body).toMatchObject({ blockId: 'doc', size: 5 });
      await expectStatus(401, 'POST', '/uploads', { form: form(files.body.id) });
      await expectStatus(404, 'POST', '/uploads', { token: ann, form: form(MISSING) });
      await expectStatus(400, 'POST', '/uploads', { token: ann, json: { appId: files.body.id } });
    });
  });

  describe('assistant, payments and the rest', () => {
    it('writes prompts and builds apps', async () => {
      await expectStatus(200, 'POST', '/api/generate-prompt', {
        token: ann,
        json: { description: 'A haiku about {{topic}}', variables: ['topic'] },
      });
      await expectStatus(400, 'POST', '/api/generate-prompt', { token: ann, json: { description: '' } });
      await expectStatus(200, 'POST', '/api/assistant/generate-app', {
        token: ann,
        json: { prompt: 'Summarise a meeting transcript' },
      });
    });

    it('opens checkout, and refuses it for someone else, a paid plan, or without a page', async () => {
      const checkout = '/api/stripe/create-checkout-session';
      await expectStatus(200, 'POST', checkout, { token: ann, json: {} });
      await expectStatus(403, 'POST', checkout, { token: ann, json: { userId: MISSING } });
      const paid = await t.signUpViaApi('paid@example.com');
      await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE id = $1", [paid.id]);
      await expectStatus(409, 'POST', checkout, { token: paid.token, json: {} });
      const noPage = await t.signUpViaApi('nopage@example.com');
      const unavailable = await expectStatus(503, 'POST', checkout, { token: noPage.token, json: {} });
      expect(unavailable.body.error).toBe('unavailable');
    });

    it('creates, lists and revokes API keys, and runs a published app with one', async () => {
      const owner = await t.signUpViaApi('keys@example.com', { credits: true });
      await expectStatus(403, 'POST', '/api/keys', { token: owner.token, json: { name: 'Free plan' } });
      await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE id = $1", [
        owner.id,
      ]);
      const created = await expectStatus(201, 'POST', '/api/keys', {
        token: owner.token,
        json: { name: 'CI' },
      });
      await expectStatus(400, 'POST', '/api/keys', { token: owner.token, json: { name: 7 } });
      await expectStatus(200, 'GET', '/api/keys', { token: owner.token });
      const app = await call('POST', '/api/apps', {
        token: owner.token,
        json: { name: 'Keyed', category: 'Content', config: textApp },
      });
      await call('POST', `/api/apps/${app.body.id}/publish`, { token: owner.token });
      await call('POST', `/api/apps/${app.body.id}/review`, { token: admin, json: { status: 'approved' } });
      const key = created.body.key as string;
      await expectStatus(200, 'POST', `/api/published/${app.body.slug}/run`, {
        token: key,
        json: { inputData: { input_text: 'waves' } },
      });
      await expectStatus(404, 'POST', '/api/published/no-such-app/run', { token: key, json: {} });
      await expectStatus(403, 'GET', '/api/keys', { token: key });
      await expectStatus(200, 'DELETE', `/api/keys/${created.body.id}`, { token: owner.token });
      await expectStatus(404, 'DELETE', `/api/keys/${created.body.id}`, { token: owner.token });
    });

    it('saves, lists and deletes secrets, never to an API key', async () => {
      const owner = await t.signUpViaApi('secrets@example.com');
      await expectStatus(200, 'PUT', '/api/secrets/API_TOKEN', {
        token: owner.token,
        json: { value: 'tok' },
      });
      await expectStatus(400, 'PUT', '/api/secrets/api-token', {
        token: owner.token,
        json: { value: 'tok' },
      });
      await expectStatus(400, 'PUT', '/api/secrets/API_TOKEN', { token: owner.token, json: { value: '' } });
      await expectStatus(200, 'GET', '/api/secrets', { token: owner.token });
      await expectStatus(401, 'GET', '/api/secrets');
      await expectStatus(200, 'DELETE', '/api/secrets/API_TOKEN', { token: owner.token });
      await expectStatus(404, 'DELETE', '/api/secrets/API_TOKEN', { token: owner.token });
    });

    it('keeps knowledge bases: documents by file, URL and text, their status, search, deleting', async () => {
      const owner = await t.signUpViaApi('knowledge@example.com');
      const stranger = await t.signUpViaApi('knowledge-stranger@example.com');
      const base = await expectStatus(201, 'POST', '/api/knowledge', {
        token: owner.token,
        json: { name: 'Handbook' },
      });
      await expectStatus(400, 'POST', '/api/knowledge', { token: owner.token, json: {} });
      await expectStatus(200, 'GET', '/api/knowledge', { token: owner.token });
      const id = base.body.id as string;
      const form = new FormData();
      form.set('file', new Blob(['# Returns\n\nWithin 30 days.'], { type: 'text/markdown' }), 'returns.md');
      const doc = await expectStatus(201, 'POST', `/api/knowledge/${id}/documents`, {
        token: owner.token,
        form,
      });
      await expectStatus(201, 'POST', `/api/knowledge/${id}/documents`, {
        token: owner.token,
        json: { name: 'Note', text: 'The spare key is under the flowerpot.' },
      });
      await expectStatus(201, 'POST', `/api/knowledge/${id}/documents`, {
        token: owner.token,
        json: { url: 'https://example.com/handbook' },
      });
      await expectStatus(400, 'POST', `/api/knowledge/${id}/documents`, { token: owner.token, json: {} });
      await expectStatus(200, 'GET', `/api/knowledge/${id}/documents`, { token: owner.token });
      await expectStatus(404, 'GET', `/api/knowledge/${id}/documents`, { token: stranger.token });
      await expectStatus(200, 'POST', `/api/knowledge/${id}/search`, {
        token: owner.token,
        json: { query: 'return', topK: 3 },
      });
      await expectStatus(400, 'POST', `/api/knowledge/${id}/search`, {
        token: owner.token,
        json: { query: '' },
      });
      await expectStatus(200, 'DELETE', `/api/knowledge/${id}/documents/${doc.body.id as string}`, {
        token: owner.token,
      });
      await expectStatus(404, 'DELETE', `/api/knowledge/${id}/documents/${doc.body.id as string}`, {
        token: owner.token,
      });
      await expectStatus(200, 'DELETE', `/api/knowledge/${id}`, { token: owner.token });
      await expectStatus(404, 'DELETE', `/api/knowledge/${id}`, { token: owner.token });
      await expectStatus(401, 'GET', '/api/knowledge');
    });

    it('chats with an app and keeps, renames and deletes the conversation', async () => {
      const owner = await t.signUpViaApi('chats@example.com', { credits: true });
      const created = await expectStatus(201, 'POST', '/api/apps', {
        token: owner.token,
        json: { name: 'Chatty', category: 'Content', config: textApp },
      });
      const chat = `/api/apps/${created.body.id}/chat`;
      const first = await expectStatus(200, 'POST', chat, { token: owner.token, json: { message: 'Owls' } });
      const id = first.body.conversationId as string;
      await expectStatus(200, 'POST', chat, {
        token: owner.token,
        json: { message: 'Why?', conversationId: id },
      });
      await expectStatus(400, 'POST', chat, { token: owner.token, json: { message: '' } });
      await expectStatus(404, 'POST', chat, {
        token: owner.token,
        json: { message: 'x', conversationId: MISSING },
      });
      await expectStatus(200, 'GET', `/api/conversations?appId=${created.body.id}`, { token: owner.token });
      await expectStatus(200, 'GET', `/api/conversations/${id}`, { token: owner.token });
      await expectStatus(404, 'GET', `/api/conversations/${id}`, { token: ann });
      await expectStatus(200, 'PATCH', `/api/conversations/${id}`, {
        token: owner.token,
        json: { title: 'Owls' },
      });
      await expectStatus(404, 'PATCH', `/api/conversations/${MISSING}`, {
        token: owner.token,
        json: { title: 'x' },
      });
      await expectStatus(200, 'DELETE', `/api/conversations/${id}`, { token: owner.token });
      await expectStatus(404, 'DELETE', `/api/conversations/${id}`, { token: owner.token });
    });

    it('waits for approval: the owner decides, an e-mail approver decides once by the mailed link', async () => {
      const owner = await t.signUpViaApi('approves@example.com', { credits: true });
      const approvalApp = (approval: Record<string, unknown>): AppConfig =>
        probeApp(
          [
            probePlugin('in', 'textInput', { label: 'Topic' }),
            probePlugin('check', 'approval', approval),
            probePlugin('show', 'textDisplay'),
          ],
          [
            ['in', 'check'],
            ['check', 'show'],
          ],
        );
      const waitingRun = async (approval: Record<string, unknown>): Promise<string> => {
        const created = await expectStatus(201, 'POST', '/api/apps', {
          token: owner.token,
          json: { name: 'Careful', category: 'Content', config: approvalApp(approval) },
        });
        const run = await expectStatus(200, 'POST', `/api/apps/${created.body.id}/execute`, {
          token: owner.token,
          json: { inputData: { input_text: 'tea' } },
        });
        expect(run.body.run.status).toBe('waiting');
        return run.body.run.id as string;
      };

      const runId = await waitingRun({});
      const read = await expectStatus(200, 'GET', `/api/runs/${runId}`, { token: owner.token });
      expect(read.body.approvalRequest).toMatchObject({ approver: 'owner', canDecide: true });
      await expectStatus(400, 'POST', `/api/runs/${runId}/approval`, {
        token: owner.token,
        json: { decision: 'maybe' },
      });
      await expectStatus(404, 'POST', `/api/runs/${runId}/approval`, {
        token: ann,
        json: { decision: 'approve' },
      });
      await expectStatus(200, 'POST', `/api/runs/${runId}/approval`, {
        token: owner.token,
        json: { decision: 'approve', text: 'Tea, edited' },
      });

      await waitingRun({ approver: 'email', email: 'boss@example.com' });
      const [mail] = await t.gateway.database.dataSource
        .getRepository(MailMessage)
        .findBy({ toAddress: 'boss@example.com' });
      const link = /\/approve\/([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
      await expectStatus(200, 'GET', `/api/approvals/${link}`);
      await expectStatus(200, 'POST', `/api/approvals/${link}`, { json: { decision: 'reject' } });
      await expectStatus(404, 'GET', `/api/approvals/${link}`);
      await expectStatus(404, 'POST', `/api/approvals/${link}`, { json: { decision: 'approve' } });
    });

    it('lists, limits and disconnects the AI assistants a person connected', async () => {
      const person = await t.signUpViaApi('assistant-owner@example.com');
      const flow = await OAuthFlow.discover(t.gateway.url);
      await flow.connect(person.token, 'Claude', 15);
      const listed = await expectStatus(200, 'GET', '/api/connected-clients', { token: person.token });
      const id = listed.body[0].id as string;
      await expectStatus(200, 'PATCH', `/api/connected-clients/${id}`, {
        token: person.token,
        json: { dailyCreditLimit: 40 },
      });
      await expectStatus(400, 'PATCH', `/api/connected-clients/${id}`, {
        token: person.token,
        json: { dailyCreditLimit: -1 },
      });
      await expectStatus(404, 'PATCH', `/api/connected-clients/${id}`, {
        token: ann,
        json: { dailyCreditLimit: 1 },
      });
      await expectStatus(200, 'DELETE', `/api/connected-clients/${id}`, { token: person.token });
      await expectStatus(404, 'DELETE', `/api/connected-clients/${id}`, { token: person.token });
    });

    it('receives signed Stripe events and refuses unsigned ones', async () => {
      const payload = JSON.stringify({
        id: 'evt_openapi',
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_openapi', object: 'customer' } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const received = await expectStatus(200, 'POST', '/api/stripe/webhook', {
        raw: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(received.body).toEqual({ received: true, outcome: 'ignored' });
      await expectStatus(400, 'POST', '/api/stripe/webhook', {
        raw: payload,
        headers: { 'content-type': 'application/json' },
      });
      await expectStatus(413, 'POST', '/api/stripe/webhook', {
        raw: 'x'.repeat(1024 * 1024 + 1),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    });

    it('takes sales enquiries and product events, and summarises them for admins', async () => {
      await expectStatus(200, 'POST', '/api/contact/sales', {
        json: { name: 'Ann', email: 'ann@example.com', company: 'Acme', message: 'Seats for 40 people.' },
      });
      await expectStatus(400, 'POST', '/api/contact/sales', { json: { name: 'Ann' } });
      await expectStatus(201, 'POST', '/api/analytics/events', { json: { name: 'start_building' } });
      await expectStatus(400, 'POST', '/api/analytics/events', { json: { name: 'made_up' } });
      await t.gateway.services.analytics.settled();
      await expectStatus(200, 'GET', '/api/analytics/summary?range=all', { token: admin });
      await expectStatus(403, 'GET', '/api/analytics/summary', { token: ann });
    });
  });

  describe('creators earn', () => {
    it('prices an app, answers earnings, onboards a payout account and pays out', async () => {
      const creator = await t.signUpViaApi('creator@example.com', { credits: true });
      const app = await call('POST', '/api/apps', {
        token: creator.token,
        json: { name: 'Priced', category: 'Content', config: textApp },
      });
      const price = `/api/apps/${app.body.id}/price`;
      await expectStatus(403, 'PUT', price, { token: creator.token, json: { creatorPrice: 3 } });
      await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE id = $1", [
        creator.id,
      ]);
      await expectStatus(200, 'PUT', price, { token: creator.token, json: { creatorPrice: 3 } });
      await expectStatus(400, 'PUT', price, { token: creator.token, json: { creatorPrice: 101 } });
      await expectStatus(404, 'PUT', price, { token: bob, json: { creatorPrice: 3 } });
      await call('POST', `/api/apps/${app.body.id}/publish`, { token: creator.token });
      await call('POST', `/api/apps/${app.body.id}/review`, { token: admin, json: { status: 'approved' } });
      const runner = await t.signUpViaApi('runner@example.com', { credits: true });
      await expectStatus(200, 'POST', `/api/published/${app.body.slug}/run`, {
        token: runner.token,
        json: { inputData: { input_text: 'tides' } },
      });
      const earned = await expectStatus(200, 'GET', '/api/earnings', { token: creator.token });
      expect(earned.body).toMatchObject({ balance: 3, total: 3 });
      await expectStatus(200, 'GET', '/api/earnings?days=7', { token: creator.token });
      await expectStatus(400, 'GET', '/api/earnings?days=12', { token: creator.token });
      await expectStatus(409, 'POST', '/api/earnings/payouts', { token: creator.token });
      const onboarding = await expectStatus(200, 'POST', '/api/earnings/payouts/onboarding', {
        token: creator.token,
      });
      expect(onboarding.body.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
      const account = [...connect.accounts.values()].find((candidate) => candidate.userId === creator.id)!;
      connect.enable(account.id);
      const status = await expectStatus(200, 'GET', '/api/earnings/payouts/account', {
        token: creator.token,
      });
      expect(status.body).toMatchObject({ status: 'enabled', canPayOut: false });
      await expectStatus(409, 'POST', '/api/earnings/payouts', { token: creator.token });
      // Earnings past the threshold, as successful runs leave them (runs themselves: above).
      await t.gateway.database.dataSource.query(
        `INSERT INTO earnings_entries (id, user_id, kind, credits) VALUES (gen_random_uuid(), $1, 'earning', 250)`,
        [creator.id],
      );
      await t.gateway.database.dataSource.query(
        'UPDATE earnings_balances SET balance = balance + 250 WHERE user_id = $1',
        [creator.id],
      );
      const payout = await expectStatus(200, 'POST', '/api/earnings/payouts', { token: creator.token });
      expect(payout.body).toMatchObject({ credits: 253, amountCents: 1012, status: 'paid' });
      await expectStatus(401, 'GET', '/api/earnings');
    });
  });

  describe('app triggers', () => {
    it('manages schedules and webhooks, and answers webhook calls as documented', async () => {
      const owner = await t.signUpViaApi('triggers@example.com', { credits: true });
      const created = await expectStatus(201, 'POST', '/api/apps', {
        token: owner.token,
        json: { name: 'Triggered', category: 'Content', config: textApp },
      });
      const app = `/api/apps/${created.body.id}/triggers`;
      const schedule = await expectStatus(201, 'POST', `${app}/schedules`, {
        token: owner.token,
        json: { repeat: 'weekly', weekday: 'monday', time: '07:00', inputs: { input_text: 'week' } },
      });
      await expectStatus(400, 'POST', `${app}/schedules`, {
        token: owner.token,
        json: { repeat: 'cron', cron: 'x' },
      });
      await expectStatus(200, 'GET', `${app}/schedules`, { token: owner.token });
      await expectStatus(200, 'PATCH', `${app}/schedules/${schedule.body.id}`, {
        token: owner.token,
        json: { paused: true },
      });
      await expectStatus(404, 'PATCH', `${app}/schedules/${MISSING}`, { token: owner.token, json: {} });
      await expectStatus(200, 'DELETE', `${app}/schedules/${schedule.body.id}`, { token: owner.token });
      const hook = await expectStatus(201, 'POST', `${app}/hooks`, {
        token: owner.token,
        json: { name: 'Form' },
      });
      await expectStatus(200, 'GET', `${app}/hooks`, { token: owner.token });
      await expectStatus(200, 'GET', app, { token: owner.token });
      const stranger = await t.signUpViaApi('not-the-owner@example.com');
      await expectStatus(404, 'GET', app, { token: stranger.token });
      await expectStatus(200, 'PATCH', `${app}/hooks/${hook.body.id}`, {
        token: owner.token,
        json: { mapping: { input_text: 'text' } },
      });
      const rotated = await expectStatus(200, 'POST', `${app}/hooks/${hook.body.id}/rotate`, {
        token: owner.token,
      });
      const secret = { 'x-blocksmith-secret': rotated.body.secret as string };
      await expectStatus(200, 'POST', `/api/hooks/${hook.body.id}`, {
        headers: secret,
        json: { text: 'hi' },
      });
      await expectStatus(202, 'POST', `/api/hooks/${hook.body.id}?wait=false`, {
        headers: secret,
        json: { text: 'a' },
      });
      await expectStatus(401, 'POST', `/api/hooks/${hook.body.id}`, {
        headers: { 'x-blocksmith-secret': 'no' },
      });
      await expectStatus(400, 'POST', `/api/hooks/${hook.body.id}`, { headers: secret, raw: '{not json' });
      await expectStatus(404, 'POST', `/api/hooks/${MISSING}`, { json: {} });
      await expectStatus(200, 'DELETE', `${app}/hooks/${hook.body.id}`, { token: owner.token });
    });
  });

  describe('tested apps', () => {
    it('keeps runs as cases, imports and exports them, runs the set, follows, compares and cancels', async () => {
      const owner = await t.signUpViaApi('tester@example.com', { credits: true });
      const created = await expectStatus(201, 'POST', '/api/apps', {
        token: owner.token,
        json: { name: 'Tested', category: 'Content', config: textApp },
      });
      const app = `/api/apps/${created.body.id}`;
      const run = await expectStatus(200, 'POST', `${app}/execute`, {
        token: owner.token,
        json: { inputData: { input_text: 'rain' } },
      });
      await expectStatus(201, 'POST', `${app}/test-set/cases-from-run`, {
        token: owner.token,
        json: { runId: run.body.run.id },
      });
      await expectStatus(404, 'POST', `${app}/test-set/cases-from-run`, {
        token: owner.token,
        json: { runId: MISSING },
      });
      const set = await expectStatus(200, 'GET', `${app}/test-set`, { token: owner.token });
      await expectStatus(200, 'PUT', `${app}/test-set`, {
        token: owner.token,
        json: { cases: [...set.body.cases, { name: 'Checked', checks: [{ type: 'contains', value: 'x' }] }] },
      });
      await expectStatus(400, 'PUT', `${app}/test-set`, {
        token: owner.token,
        json: { cases: [{ checks: [{ type: 'matches', pattern: '(a+)+' }] }] },
      });
      await expectStatus(200, 'POST', `${app}/test-set/import`, {
        token: owner.token,
        json: { jsonLines: '{"name":"Imported","inputs":{"input_text":"moss"}}\n' },
      });
      await expectStatus(400, 'POST', `${app}/test-set/import`, {
        token: owner.token,
        json: { jsonLines: 'not json' },
      });
      await expectStatus(200, 'GET', `${app}/test-set/export`, { token: owner.token });
      await expectStatus(200, 'GET', `${app}/test-runs/estimate`, { token: owner.token });
      const started = await expectStatus(201, 'POST', `${app}/test-runs`, { token: owner.token, json: {} });
      let ended = started;
      while (ended.body.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        ended = await expectStatus(200, 'GET', `${app}/test-runs/${started.body.id}`, { token: owner.token });
      }
      await expectStatus(200, 'GET', `${app}/test-runs`, { token: owner.token });
      await expectStatus(200, 'GET', `${app}/test-runs/${started.body.id}/comparison`, {
        token: owner.token,
      });
      await expectStatus(409, 'POST', `${app}/test-runs/${started.body.id}/cancel`, { token: owner.token });
      await expectStatus(404, 'GET', `${app}/test-runs/${MISSING}`, { token: owner.token });
      const stranger = await t.signUpViaApi('not-the-tester@example.com');
      await expectStatus(404, 'GET', `${app}/test-set`, { token: stranger.token });
      // A set long enough to still be running when the cancel arrives, right after the start.
      const many = Array.from({ length: 300 }, (_, i) => ({
        name: `Case ${i}`,
        inputs: { input_text: `t${i}` },
      }));
      await expectStatus(200, 'PUT', `${app}/test-set`, { token: owner.token, json: { cases: many } });
      const long = await expectStatus(201, 'POST', `${app}/test-runs`, { token: owner.token, json: {} });
      const cancelled = await expectStatus(200, 'POST', `${app}/test-runs/${long.body.id}/cancel`, {
        token: owner.token,
      });
      expect(cancelled.body.status).toBe('cancelled');
      const charged = (cancelled.body.cases as { status: string; credits: number }[]).filter(
        (one) => one.status !== 'cancelled',
      );
      expect(charged.length).toBeLessThan(300);
      expect(cancelled.body.credits).toBe(charged.reduce((sum, one) => sum + one.credits, 0));
    });
  });

  describe('admins manage accounts', () => {
    it('finds, shows, changes plan and credits, suspends and unsuspends, and lists what was done', async () => {
      const { id } = await t.signUpViaApi('managed@example.com', { credits: true });
      await expectStatus(200, 'GET', '/api/admin/users?query=managed', { token: admin });
      await expectStatus(403, 'GET', '/api/admin/users', { token: ann });
      await expectStatus(400, 'GET', '/api/admin/users?cursor=nonsense', { token: admin });
      await expectStatus(200, 'GET', `/api/admin/users/${id}`, { token: admin });
      await expectStatus(404, 'GET', `/api/admin/users/${MISSING}`, { token: admin });
      await expectStatus(200, 'POST', `/api/admin/users/${id}/plan`, {
        token: admin,
        json: { plan: 'enterprise' },
      });
      await expectStatus(409, 'POST', `/api/admin/users/${id}/plan`, {
        token: admin,
        json: { plan: 'enterprise' },
      });
      await expectStatus(400, 'POST', `/api/admin/users/${id}/plan`, {
        token: admin,
        json: { plan: 'gold' },
      });
      await expectStatus(200, 'POST', `/api/admin/users/${id}/credits`, {
        token: admin,
        json: { amount: 25, reason: 'Welcome' },
      });
      await expectStatus(400, 'POST', `/api/admin/users/${id}/credits`, {
        token: admin,
        json: { amount: -1000, reason: 'Too much' },
      });
      await expectStatus(200, 'POST', `/api/admin/users/${id}/suspend`, {
        token: admin,
        json: { reason: 'Spam' },
      });
      await expectStatus(409, 'POST', `/api/admin/users/${id}/suspend`, { token: admin, json: {} });
      await expectStatus(200, 'POST', `/api/admin/users/${id}/unsuspend`, { token: admin });
      await expectStatus(409, 'POST', `/api/admin/users/${id}/unsuspend`, { token: admin });
      await expectStatus(403, 'POST', `/api/admin/users/${id}/unsuspend`, { token: ann });
      await expectStatus(200, 'GET', `/api/admin/actions?userId=${id}`, { token: admin });
      await expectStatus(401, 'GET', '/api/admin/actions');
    });
  });

  // Last: it reads what the cases above were answered.
  it('reached every documented operation with a success', () => {
    const succeeded = new Set(
      [...answered].filter((key) => /\s2\d\d$/.test(key)).map((key) => key.replace(/\s\d+$/, '')),
    );
    const operations = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(operations.filter((operation) => !succeeded.has(operation))).toEqual([]);
  });
});
