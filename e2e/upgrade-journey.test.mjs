// Upgrade to Starter in a real Chromium against the built product, with a loopback stand-in for
// Stripe: the gateway's Stripe client creates the checkout session there (STRIPE_API_URL), the
// stand-in's checkout page takes the "payment", delivers a signed checkout.session.completed event
// to /api/stripe/webhook and sends the browser back to the success URL. A free person with two
// published apps is refused a third, upgrades, sees the Starter plan and 500 credits, and publishes
// it; a second delivery of the same event changes nothing.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';
import { after, before, test } from 'node:test';
import Stripe from 'stripe';
import {
  DESKTOP,
  expectToast,
  graphql,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';

const WEBHOOK_SECRET = 'whsec_blocksmith_e2e';
const PASSWORD = 'correct horse battery staple';
let server;
let browser;
let stripe;

/**
 * The part of Stripe the upgrade meets: `POST /v1/checkout/sessions` (form-encoded, as the SDK
 * sends it), a checkout page at `/pay/<id>` with a Pay button, and on paying the signed
 * `checkout.session.completed` webhook to the gateway, then a 303 to the session's success_url.
 */
function startStripeStandIn() {
  const sessions = new Map();
  const deliveries = [];
  let gatewayUrl = '';
  let count = 0;

  async function deliver(payload) {
    const response = await fetch(`${gatewayUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    const answer = { status: response.status, body: await response.json() };
    deliveries.push({ payload, answer });
    return answer;
  }

  const http = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const pay = /^\/pay\/(cs_test_\w+)$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(raw);
        const id = `cs_test_${++count}`;
        sessions.set(id, {
          successUrl: form.get('success_url'),
          userId: form.get('metadata[userId]'),
          mode: form.get('mode'),
          amount: form.get('line_items[0][price_data][unit_amount]'),
          authorization: req.headers.authorization,
        });
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${count}` });
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `${stand.url}/pay/${id}`,
            mode: 'subscription',
          }),
        );
      } else if (pay && sessions.has(pay[1]) && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<style>body{font:16px system-ui,sans-serif;background:#f6f9fc;display:grid;place-items:center;min-height:90vh}
main{background:#fff;padding:32px 40px;border-radius:8px;box-shadow:0 2px 12px #0002;min-width:320px}
button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:12px;width:100%;font-size:16px}</style>
</head><body><main><h1>Blocksmith Starter</h1><p>$20.00 per month</p>
<form method="post"><button type="submit">Pay $20.00</button></form></main></body></html>`);
      } else if (pay && sessions.has(pay[1]) && req.method === 'POST') {
        const session = sessions.get(pay[1]);
        const payload = JSON.stringify({
          id: `evt_${pay[1]}`,
          object: 'event',
          type: 'checkout.session.completed',
          api_version: '2025-10-29',
          data: {
            object: {
              id: pay[1],
              object: 'checkout.session',
              mode: 'subscription',
              payment_status: 'paid',
              client_reference_id: session.userId,
              metadata: { userId: session.userId, plan: 'starter' },
              customer: 'cus_e2e_1',
              subscription: 'sub_e2e_1',
            },
          },
        });
        deliver(payload).then(
          () => {
            res.writeHead(303, { location: session.successUrl });
            res.end();
          },
          (error) => {
            res.writeHead(502, { 'content-type': 'text/plain' });
            res.end(String(error));
          },
        );
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
      }
    });
  });
  const stand = {
    url: '',
    sessions,
    deliveries,
    deliver,
    setGateway: (url) => (gatewayUrl = url),
    close: () => new Promise((resolve) => http.close(resolve)),
  };
  return new Promise((resolve) =>
    http.listen(0, '127.0.0.1', () => {
      stand.url = `http://127.0.0.1:${http.address().port}`;
      resolve(stand);
    }),
  );
}

before(async () => {
  stripe = await startStripeStandIn();
  ({ browser, server } = await startJourney({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_blocksmith_e2e',
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  }));
  stripe.setGateway(server.url);
});

after(async () => {
  await stopJourney({ browser, server });
  await stripe?.close();
});

/** Waits until `locator` has finished fading in (it and its ancestors fully opaque). */
async function opaque(locator) {
  await locator.waitFor();
  await locator.evaluate(
    (element) =>
      new Promise((resolve) => {
        const check = () => {
          for (let node = element; node; node = node.parentElement) {
            if (globalThis.getComputedStyle(node).opacity !== '1')
              return globalThis.requestAnimationFrame(check);
          }
          resolve();
        };
        check();
      }),
  );
}

test(
  'a free person at the publishing limit upgrades to Starter through checkout and publishes a third app',
  { timeout: 120_000 },
  async () => {
    // A free account with two published apps (over the API).
    const grace = await signUp(server, {
      email: 'grace.upgrade@example.com',
      password: PASSWORD,
      fullName: 'Grace Hopper',
    });
    const token = grace.session.access_token;
    const userId = grace.user.id;
    await graphql(server, 'mutation { initializeCredits { credits } }', {}, token);
    for (const name of ['Poem Writer', 'Ticket Triage']) {
      await graphql(
        server,
        'mutation ($input: AppInput!) { publishAppWithData(id: null, input: $input) { app { id } } }',
        {
          input: {
            name,
            description: `${name} for everyone.`,
            category: 'Content',
            slug: `${name.toLowerCase().replace(' ', '-')}-${Date.now().toString(36)}`,
            isPrivate: false,
            config: textApp(),
          },
        },
        token,
      );
    }

    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(
      ([session, completed]) => {
        if (!globalThis.localStorage.getItem('blocksmith-session')) {
          globalThis.localStorage.setItem('blocksmith-session', session);
          globalThis.localStorage.setItem('onboarding-completed', completed);
        }
      },
      [JSON.stringify({ ...grace.session, user: grace.user }), 'true'],
    );
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/app`);
    const panel = page.locator('.credits-panel');
    await panel.getByText('Free', { exact: true }).waitFor();
    await panel.getByText('2 / 2').waitFor();
    await page.getByTestId('credits-balance').getByText('50', { exact: true }).waitFor();

    // A third app: saved, but publishing it is refused with the limit toast.
    await page.getByRole('button', { name: /Social media post generator/ }).click();
    await expectToast(page, 'Template loaded');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'App saved successfully!');
    await page.locator('.builder-header').getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Publishing Limit Reached');
    await shot(page, 'upgrade-1-limit-reached-1440');

    // Upgrade to Starter opens the checkout page the gateway created.
    await panel.getByRole('button', { name: 'Upgrade to Starter' }).click();
    await page.waitForURL(`${stripe.url}/pay/cs_test_1`);
    const session = stripe.sessions.get('cs_test_1');
    assert.deepEqual(session, {
      successUrl: `${server.url}/app?upgrade=success`,
      userId,
      mode: 'subscription',
      amount: '2000',
      authorization: 'Bearer sk_test_blocksmith_e2e',
    });
    await page.getByRole('button', { name: 'Pay $20.00' }).waitFor();
    await shot(page, 'upgrade-2-checkout-1440');

    // Paying delivers the signed event; the browser comes back to /app?upgrade=success.
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    await expectToast(page, 'Upgrade Successful!');
    await page.getByTestId('toast').filter({ hasText: 'You are now on the Starter plan...' }).waitFor();
    assert.deepEqual(stripe.deliveries.at(-1).answer, {
      status: 200,
      body: { received: true, outcome: 'upgraded' },
    });
    await page.waitForURL(`${server.url}/app`);
    await panel.getByText('Starter', { exact: true }).waitFor();
    await page.getByTestId('credits-balance').getByText('500', { exact: true }).waitFor();
    await panel.getByText('2 / 10').waitFor();
    assert.equal(await panel.getByRole('button', { name: 'Upgrade to Starter' }).count(), 0);
    // The app saved before the upgrade opens again.
    await page.getByText('Loading your app...').waitFor({ state: 'hidden' });
    await page.getByTestId('node-count').getByText('4 nodes').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'upgrade-3-back-on-starter-1440');
    await page.getByRole('button', { name: /^Account:/ }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await menu.getByText('Starter', { exact: true }).waitFor();
    await menu.getByText('500 credits').waitFor();
    await opaque(menu);
    await shot(page, 'upgrade-4-avatar-menu-1440');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // The saved third app now publishes.
    await page.locator('.builder-header').getByText('Social media post generator').first().waitFor();
    await page.locator('.builder-header').getByRole('button', { name: 'Publish', exact: true }).click();
    await opaque(page.getByRole('dialog').filter({ hasText: 'App Submitted for Review!' }));
    await panel.getByText('3 / 10').waitFor();
    await shot(page, 'upgrade-5-third-app-published-1440');

    // The same event delivered again changes nothing.
    const again = await stripe.deliver(stripe.deliveries.at(-1).payload);
    assert.deepEqual(again, { status: 200, body: { received: true, outcome: 'duplicate' } });
    const after = await graphql(
      server,
      '{ credits { credits } publishingInfo { plan limit currentCount } }',
      {},
      token,
    );
    assert.deepEqual(after, {
      credits: { credits: 500 },
      publishingInfo: { plan: 'starter', limit: 10, currentCount: 3 },
    });
    assert.deepEqual(errors, []);
    await context.close();
  },
);
