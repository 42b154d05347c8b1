import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeApp, probePlugin, probeTextApp } from './probe-blocks';
import { PASSWORD, type Fixtures } from './fuzz-base-values';
import type { ApiTestGateway } from './rest-client';
import { testFetch } from './test-fetch';

/**
 * What the fuzz campaigns (`fuzz-campaign.ts`) set up on the server before they send anything, and
 * put back between batches: people, apps, a run, and a stub of Stripe's API.
 */

/** The secret Stripe's webhook deliveries are signed with during a campaign. */
export const WEBHOOK_SECRET = 'whsec_blocksmith_fuzz';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let appNames = 0;
/**
 * Each request that may create an app names it afresh: the generated address comes from the name
 * and the time, and the campaign should find what is wrong with one request, not two racing ones
 * (`sameNameProbes` looks at that on purpose).
 */
export const freshNames = (text: string) => text.replaceAll('"Fuzz app"', () => `"Fuzz app ${++appNames}"`);

/** The part of Stripe's API checkout uses, on a loopback port (as in checkout-route.test.ts). */
export function startStripeStub(): Promise<{ server: Server; url: string }> {
  let sessions = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = `cs_fuzz_${++sessions}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let people = 0;

/** A new person with this month's credits, signed up through /api. */
export async function newPerson(t: ApiTestGateway, name: string): Promise<{ token: string; id: string }> {
  const answer = await t.api('POST', '/auth/signup', {
    body: { email: `${name}-${++people}@example.com`, password: PASSWORD, fullName: 'Fuzz Person' },
  });
  if (answer.status !== 200) throw new Error(`Sign-up failed: ${JSON.stringify(answer.body)}`);
  const token = answer.body.session.access_token as string;
  await t.api('POST', '/credits/initialize', { token });
  return { token, id: answer.body.user.id as string };
}

export async function newApp(t: ApiTestGateway, token: string, config = probeTextApp()) {
  const answer = await t.api('POST', '/apps', {
    token,
    body: { name: 'Fuzz target', category: 'Content', config },
  });
  if (answer.status !== 201) throw new Error(`Creating an app failed: ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string; slug: string };
}

/** An admin, Ann with a published and approved text app, a file app and one run of the text app. */
export async function setUpFixtures(t: ApiTestGateway): Promise<Fixtures> {
  const admin = await t.signUpAdmin('admin@example.com');
  const user = await newPerson(t, 'ann');
  const app = await newApp(t, user.token);
  const published = await t.api('POST', `/apps/${app.id}/publish`, { token: user.token });
  const reviewed = await t.api('POST', `/apps/${app.id}/review`, {
    token: admin,
    body: { status: 'approved' },
  });
  const fileConfig = probeApp(
    [
      probePlugin('doc', 'fileUpload', { label: 'Notes', acceptedTypes: 'text', maxSize: 1 }),
      probePlugin('show', 'textDisplay'),
    ],
    [['doc', 'show']],
  );
  const fileApp = await newApp(t, user.token, fileConfig);
  const ran = await t.api('POST', `/apps/${app.id}/execute`, {
    token: user.token,
    body: { inputData: { input_text: 'the sea' } },
  });
  if (published.status !== 200 || reviewed.status !== 200 || ran.status !== 200)
    throw new Error(`Setting up failed: ${JSON.stringify([published.body, reviewed.body, ran.body])}`);
  return { user, admin, app, fileApp, runId: ran.body.run.id as string };
}

/** Puts Ann's app back in the store (published, approved, public) after a batch that may have changed it. */
export async function restoreApp(t: ApiTestGateway, fixtures: Fixtures): Promise<void> {
  const { id } = fixtures.app;
  await t.api('PATCH', `/apps/${id}/toggle-private`, {
    token: fixtures.user.token,
    body: { isPrivate: false },
  });
  await t.api('POST', `/apps/${id}/publish`, { token: fixtures.user.token });
  await t.api('POST', `/apps/${id}/review`, { token: fixtures.admin, body: { status: 'approved' } });
}

/** Null when the server still serves the document and a trivial query and Ann's session works. */
export async function stillAnswering(t: ApiTestGateway, token: string): Promise<string | null> {
  try {
    const document = await testFetch(`${t.gateway.url}/api/openapi.json`);
    if (document.status !== 200) return `GET /api/openapi.json answered ${document.status}`;
    const typename = await t.graphql('{ __typename }');
    if (typename.data?.__typename !== 'Query') return `{ __typename } answered ${JSON.stringify(typename)}`;
    const me = await t.api('GET', '/auth/user', { token });
    if (me.status !== 200) return `the main session ended: GET /api/auth/user answered ${me.status}`;
    return null;
  } catch (error) {
    return `no answer: ${(error as Error).message}`;
  }
}
