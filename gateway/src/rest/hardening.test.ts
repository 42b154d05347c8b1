import { OfflineProvider } from '../providers/ai';
import Stripe from 'stripe';
import { probeTextApp } from '../testing/probe-blocks';
import { runTimedOutMessage } from '../services/runs/run-timeout';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import {
  expectLockedFor,
  PASSWORD,
  signInEitherWay,
  signInOverGraphql,
  signInOverRest,
  spray,
  tally,
  WRONG,
} from '../testing/sign-in-attempts';

jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_blocksmith_hardening';

describe('the gateway served over http, with no trusted proxy', () => {
  let t: ApiTestGateway;

  beforeAll(async () => {
    t = await startApiTestGateway({ RUN_TIMEOUT_SECONDS: '2' });
  });

  afterAll(() => t.close());

  describe('security headers', () => {
    it.each(['/', '/app'])('GET %s carries the page policies, and no HSTS over http', async (path) => {
      const response = await fetch(t.gateway.url + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
      expect(policy).toMatch(/(^|;)\s*default-src 'self'/);
      expect(policy).toMatch(/(^|;)\s*object-src 'none'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    });
  });

  describe('paths that are not pages', () => {
    it('answers /favicon.ico with an image or a JSON 404, never the page', async () => {
      const response = await fetch(`${t.gateway.url}/favicon.ico`);
      const type = response.headers.get('content-type') ?? '';
      if (response.status === 200) {
        expect(type).toMatch(/^image\//);
      } else {
        expect(response.status).toBe(404);
        expect(type).toMatch(/application\/json/);
        expect(await response.json()).toMatchObject({ error: 'not_found' });
      }
    });

    it('answers a missing script with a JSON 404', async () => {
      const response = await fetch(`${t.gateway.url}/no-such-file.js`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        error: 'not_found',
        message: 'There is no file at /no-such-file.js.',
      });
    });

    it('answers a POST to a page path with a JSON 404, not an HTML error page', async () => {
      const response = await fetch(`${t.gateway.url}/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        error: 'not_found',
        message: 'There is no POST /store route.',
      });
    });

    it('still serves the page at page paths', async () => {
      const response = await fetch(`${t.gateway.url}/store`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
    });
  });

  describe('a run that outlives RUN_TIMEOUT_SECONDS', () => {
    afterEach(() => jest.restoreAllMocks());

    it('answers POST /api/apps/{id}/execute with 504 run_timeout, refunded', async () => {
      // The AI service stand-in never answers; it only stops when the run is stopped.
      jest.spyOn(OfflineProvider.prototype, 'streamText').mockImplementation((_request, { signal }) => ({
        [Symbol.asyncIterator]: () => ({
          next: () =>
            new Promise<IteratorResult<string>>((_resolve, reject) => {
              signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
            }),
        }),
      }));
      const { token } = await t.signUpViaApi('slow@example.com', { credits: true });
      const created = await t.api('POST', '/apps', {
        token,
        body: { name: 'Slow writer', category: 'Content', config: probeTextApp() },
      });
      expect(created.status).toBe(201);
      const answer = await t.api('POST', `/apps/${created.body.id}/execute`, {
        token,
        body: { inputData: { input_text: 'glaciers' } },
      });
      expect(answer.status).toBe(504);
      expect(answer.body).toEqual({
        error: 'run_timeout',
        message: runTimedOutMessage(2_000),
        runId: expect.any(String),
        refunded: true,
      });
      expect((await t.api('GET', '/credits/balance', { token })).body.credits).toBe(50);
    });
  });

  describe('the per-address sign-in limit', () => {
    it('refuses more than 50 failures on different e-mails from one address, whatever X-Forwarded-For claims', async () => {
      // Each attempt claims another address; with no TRUST_PROXY only the connection's counts.
      const outcomes = await spray(
        50,
        (i, email) => signInEitherWay(t, i, email, WRONG, `203.0.113.${i + 1}`),
        'sprayed',
      );
      expect(outcomes).toEqual(Array(50).fill('invalid'));

      expectLockedFor(await signInOverRest(t, 'sprayed-50@example.com', WRONG, '192.0.2.200'));
      expectLockedFor(await signInOverGraphql(t, 'sprayed-51@example.com', WRONG, '192.0.2.201'));
      expectLockedFor(await signInOverRest(t, 'sprayed-52@example.com', WRONG));
    });
  });
});

describe('the gateway served over https behind a trusted proxy', () => {
  let t: ApiTestGateway;

  beforeAll(async () => {
    t = await startApiTestGateway({
      PUBLIC_URL: 'https://blocksmith.example',
      TRUST_PROXY: 'loopback',
      STRIPE_SECRET_KEY: 'sk_test_blocksmith',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
  });

  afterAll(() => t.close());

  it('sends Strict-Transport-Security with the other page policies', async () => {
    const response = await fetch(`${t.gateway.url}/app`);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  describe('sign-in limits', () => {
    it('count the forwarded address: another forwarded address is not locked', async () => {
      const outcomes = await spray(
        50,
        (i, email) => signInEitherWay(t, i, email, WRONG, '198.51.100.7'),
        'forwarded',
      );
      expect(outcomes).toEqual(Array(50).fill('invalid'));
      expectLockedFor(await signInOverRest(t, 'forwarded-50@example.com', WRONG, '198.51.100.7'));
      expectLockedFor(await signInOverGraphql(t, 'forwarded-51@example.com', WRONG, '198.51.100.7'));

      expect(await signInOverRest(t, 'forwarded-52@example.com', WRONG, '198.51.100.8')).toEqual({
        outcome: 'invalid',
      });
      expect(await signInOverGraphql(t, 'forwarded-53@example.com', WRONG, '198.51.100.8')).toEqual({
        outcome: 'invalid',
      });
      // The proxy's own address is not the one that was counted either.
      expect(await signInOverRest(t, 'forwarded-54@example.com', WRONG)).toEqual({ outcome: 'invalid' });
    });

    it('check at most 5 of 29 wrong passwords sent together for one e-mail, then refuse the right one', async () => {
      await t.signUpViaApi('guarded@example.com');
      const attempts = await Promise.all(
        Array.from({ length: 29 }, (_, i) =>
          signInEitherWay(t, i, 'guarded@example.com', `wrong guess ${i}`, '198.51.100.20'),
        ),
      );
      expect(tally(attempts)).toEqual({ invalid: 5, limited: 24 });
      for (const attempt of attempts.filter((a) => a.outcome === 'limited')) expectLockedFor(attempt);

      expectLockedFor(await signInOverRest(t, 'guarded@example.com', PASSWORD, '198.51.100.20'));
      expectLockedFor(await signInOverGraphql(t, 'guarded@example.com', PASSWORD, '198.51.100.20'));
      // The lock is the e-mail's, wherever the next attempt comes from.
      expectLockedFor(await signInOverRest(t, 'guarded@example.com', PASSWORD, '198.51.100.21'));
    });
  });

  describe('new passwords', () => {
    it.each(['password', '12345678', '        '])(
      'sign-up refuses the guessable %j with 400 weak_password and says why',
      async (password) => {
        const answer = await t.api('POST', '/auth/signup', {
          body: { email: `weak-${password.trim() || 'spaces'}@example.com`, password },
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          error: 'weak_password',
          message: expect.stringMatching(/^This password is too easy to guess\./),
        });
      },
    );

    it('keeps the 8-character message for a short password', async () => {
      const answer = await t.api('POST', '/auth/signup', {
        body: { email: 'short@example.com', password: 'cat bir' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'weak_password',
        message: 'Password must be at least 8 characters long.',
      });
    });
  });

  describe('NUL characters', () => {
    it('POST /api/apps refuses a name holding one with 400 naming `name`, and keeps nothing', async () => {
      const { token } = await t.signUpViaApi('nul@example.com');
      const answer = await t.api('POST', '/apps', {
        token,
        body: { name: 'x\u0000', category: 'Content', config: probeTextApp() },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'bad_request',
        message:
          '`name` contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.',
        field: 'name',
      });
      expect((await t.api('GET', '/my-apps', { token })).body).toEqual([]);
    });
  });

  describe('the Stripe webhook', () => {
    const deliver = (payload: string) =>
      t.api('POST', '/stripe/webhook', {
        raw: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
      });
    const processed = async (id: string) =>
      (
        (await t.gateway.database.dataSource.query('SELECT id FROM processed_webhook_events WHERE id = $1', [
          id,
        ])) as unknown[]
      ).length;

    it('answers a signed event whose data.object is null with 400, and records nothing', async () => {
      const payload = JSON.stringify({
        id: 'evt_null_object',
        object: 'event',
        type: 'checkout.session.completed',
        api_version: '2025-10-29',
        data: { object: null },
      });
      const answer = await deliver(payload);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'bad_request',
        message: 'The Stripe event evt_null_object has no data.object to apply; nothing changed.',
      });
      expect(await processed('evt_null_object')).toBe(0);
    });

    it('answers a signed event holding a NUL character with 400 naming the field', async () => {
      const { id } = await t.signUpViaApi('nul-buyer@example.com');
      const payload = JSON.stringify({
        id: 'evt_nul',
        object: 'event',
        type: 'checkout.session.completed',
        api_version: '2025-10-29',
        data: {
          object: {
            id: 'cs_nul',
            object: 'checkout.session',
            mode: 'subscription',
            payment_status: 'paid',
            client_reference_id: id,
            metadata: { userId: id, plan: 'starter' },
            customer: 'cus_\u0000',
            subscription: 'sub_nul',
          },
        },
      });
      const answer = await deliver(payload);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(
        /^`event\.data\.object\.customer` contains a character that cannot be stored/,
      );
      expect(await processed('evt_nul')).toBe(0);
    });
  });
});
