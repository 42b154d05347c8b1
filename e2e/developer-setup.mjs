// What the API keys and embed journeys set up over the API: people on the Starter plan (a signed
// payment event to the gateway's Stripe webhook, as Stripe would send it), apps published and
// approved by an admin, and browser pages signed in as someone.
import Stripe from 'stripe';
import { ADMIN, AUTH_FIELDS, DESKTOP, graphql, mailedLink, signUp } from './helpers.mjs';

export const PASSWORD = 'correct horse battery staple';
export const WEBHOOK_SECRET = 'whsec_blocksmith_developer_e2e';

/** Server settings for these journeys: admins, verified payment events, an upgrade that is offered. */
export const DEVELOPER_ENV = {
  ADMIN_EMAILS: ADMIN,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // Upgrade to Starter is offered (no checkout is started in these journeys).
  STRIPE_SECRET_KEY: 'sk_test_blocksmith_developer_e2e',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

/** Moves `auth`'s person to the Starter plan with a signed checkout.session.completed event. */
export async function upgradeToStarter(server, auth) {
  const userId = auth.user.id;
  const payload = JSON.stringify({
    id: `evt_starter_${userId}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-10-29',
    data: {
      object: {
        id: `cs_test_${userId}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: userId,
        metadata: { userId, plan: 'starter' },
        customer: `cus_${userId}`,
        subscription: `sub_${userId}`,
      },
    },
  });
  const response = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  if (!response.ok)
    throw new Error(`The payment event was refused: ${response.status} ${await response.text()}`);
  const { publishingInfo } = await graphql(
    server,
    '{ publishingInfo { plan } }',
    {},
    auth.session.access_token,
  );
  if (publishingInfo.plan !== 'starter') throw new Error(`Still on the ${publishingInfo.plan} plan.`);
}

const admins = new WeakMap();

/** The admin of `server` (ADMIN, confirmed through the mailed link), made once. */
export async function adminOf(server) {
  if (!admins.has(server)) {
    admins.set(
      server,
      (async () => {
        await signUp(server, { email: ADMIN, password: PASSWORD, fullName: 'Alan Admin' });
        const link = await mailedLink(server, ADMIN, 'Confirm your Blocksmith admin access');
        const recovery = new URL(link).hash.match(/access_token=([\w-]+)/)[1];
        await graphql(
          server,
          'mutation ($p: String!) { updatePassword(password: $p) { id } }',
          { p: PASSWORD },
          recovery,
        );
        const { signIn } = await graphql(
          server,
          `mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { ${AUTH_FIELDS} } }`,
          { e: ADMIN, p: PASSWORD },
        );
        return signIn;
      })(),
    );
  }
  return admins.get(server);
}

/** Publishes `input` as `owner` and has the admin approve it, so its version is live: `{ id, slug }`. */
export async function liveApp(server, owner, input) {
  const { publishAppWithData } = await graphql(
    server,
    'mutation ($input: AppInput!) { publishAppWithData(id: null, input: $input) { app { id slug } } }',
    { input },
    owner.session.access_token,
  );
  const admin = await adminOf(server);
  await graphql(
    server,
    'mutation ($id: ID!) { reviewApp(id: $id, status: "approved") { id } }',
    { id: publishAppWithData.app.id },
    admin.session.access_token,
  );
  return publishAppWithData.app;
}

/**
 * A browser context signed in as `auth` (as the sign-in page stores it), the tour done, with
 * `extra` stored too.
 */
export async function signedInPage(browser, auth, { viewport = DESKTOP, mobile = false, extra = {} } = {}) {
  const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
  const stored = {
    'blocksmith-session': JSON.stringify({ ...auth.session, user: auth.user }),
    'onboarding-completed': 'true',
    ...extra,
  };
  await context.addInitScript((entries) => {
    if (globalThis.sessionStorage.getItem('journey-seeded')) return;
    globalThis.sessionStorage.setItem('journey-seeded', '1');
    for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
  }, stored);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
