import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

interface SeenRequest {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** The part of Stripe's REST API checkout uses (POST /v1/checkout/sessions), on a loopback port. */
function startStripe(seen: SeenRequest[]): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, form });
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
        return;
      }
      const id = `cs_test_${seen.length}`;
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          client_reference_id: form.get('client_reference_id'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('POST /api/stripe/create-checkout-session', () => {
  const seen: SeenRequest[] = [];
  let stripe: Server;
  let t: ApiTestGateway;

  beforeAll(async () => {
    const started = await startStripe(seen);
    stripe = started.server;
    t = await startApiTestGateway({
      STRIPE_SECRET_KEY: 'sk_test_blocksmith',
      STRIPE_API_URL: started.url,
      PUBLIC_URL: 'http://shop.example.com',
    });
  });

  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stripe.close(resolve));
  });

  it('creates a Starter subscription checkout for the caller and answers its URL', async () => {
    const { token, id } = await t.signUpViaApi('buyer@example.com');
    const before = seen.length;
    const refused = await t.api('POST', '/stripe/create-checkout-session', {
      token,
      body: { userId: 'a3f2d9c4-0000-4000-8000-000000000000' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: 'You can only upgrade your own account.' });
    expect(seen.length).toBe(before);
    const answer = await t.api('POST', '/stripe/create-checkout-session', { token, body: { userId: id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      sessionId: 'cs_test_1',
    });
    const request = seen.at(-1)!;
    expect(request.authorization).toBe('Bearer sk_test_blocksmith');
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: 'subscription',
      client_reference_id: id,
      customer_email: 'buyer@example.com',
      'metadata[userId]': id,
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][recurring][interval]': 'month',
      success_url: 'http://shop.example.com/app?upgrade=success',
      cancel_url: 'http://shop.example.com/app',
    });
  });

  it('refuses people already on a paid plan, and callers without a token', async () => {
    const { token, id } = await t.signUpViaApi('starter@example.com');
    await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE id = $1", [id]);
    const before = seen.length;
    const answer = await t.api('POST', '/stripe/create-checkout-session', { token, body: {} });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('You are already on the Starter plan.');
    expect((await t.api('POST', '/stripe/create-checkout-session', { body: {} })).status).toBe(401);
    expect(seen.length).toBe(before);
  });
});

describe('checkout on a server without a Stripe key', () => {
  it('answers 503 saying upgrades are not set up', async () => {
    const t = await startApiTestGateway();
    try {
      const { token } = await t.signUpViaApi('free@example.com');
      const answer = await t.api('POST', '/stripe/create-checkout-session', { token, body: {} });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: 'unavailable',
        message: 'Billing is not configured on this server',
      });
    } finally {
      await t.close();
    }
  }, 60_000);
});
