// An AI assistant connects to an account with OAuth in a real Chromium against the built product:
// the assistant (this test, speaking HTTP) registers itself and sends the browser to authorize with
// PKCE; a visitor is asked to sign in and comes back to the consent page, which names the
// assistant and where it goes back to; the person sets 30 credits a day and allows it; the browser
// lands on the assistant's redirect URI (a loopback server of its own, as desktop assistants listen
// on) with a code, which the assistant exchanges (with the PKCE verifier) for a token that /mcp
// accepts. The account's Connected apps page lists it with its limit; Disconnect (after
// confirming) stops the token at once. Screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, shot, signUp, startJourney, stopJourney } from './helpers.mjs';

const PASSWORD = 'a good long password';

let server;
let browser;
/** The assistant's own loopback server, where the browser comes back with the code. */
let assistant;
let redirectUri;
/** The URL the browser came back to, once it has. */
let callback = null;

before(async () => {
  ({ browser, server } = await startJourney());
  assistant = createServer((request, response) => {
    callback = new URL(request.url, redirectUri);
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Back in the assistant</p>');
  });
  await new Promise((resolve) => assistant.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${assistant.address().port}/callback`;
});

after(async () => {
  if (assistant) await new Promise((resolve) => assistant.close(resolve));
  await stopJourney({ browser, server });
});

async function mcpStatus(token) {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'journey', version: '1' },
      },
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

test(
  'An AI assistant connects with OAuth and PKCE, then is listed and disconnected',
  { timeout: 240_000 },
  async () => {
    await signUp(server, { email: 'oauth@example.com', password: PASSWORD, fullName: 'Ada' });
    const resource = (await (await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)).json())
      .resource;
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    const registered = await fetch(metadata.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Claude',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
      }),
    });
    assert.equal(registered.status, 201);
    const { client_id: clientId } = await registered.json();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(metadata.authorization_endpoint);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'mcp offline_access',
      state: 'journey',
      resource,
    }))
      authorize.searchParams.set(name, value);

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(authorize.href);
    await page.getByText('Sign in to connect').waitFor();
    await shot(page, 'oauth-consent-signed-out');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.fill('#signin-email', 'oauth@example.com');
    await page.fill('#signin-password', PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Claude wants to use your Blocksmith account').waitFor({ timeout: 30_000 });
    await page.getByText(`After you answer, you go back to ${new URL(redirectUri).host}.`).waitFor();
    await page.getByText('Signed in as oauth@example.com').waitFor();
    await page.fill('#oauth-daily-limit', '30');
    await shot(page, 'oauth-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    const deadline = Date.now() + 30_000;
    while (!callback && Date.now() < deadline) await page.waitForTimeout(100);
    assert.ok(callback, 'the browser went back to the assistant');
    assert.equal(callback.searchParams.get('state'), 'journey');

    const exchanged = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code'),
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: verifier,
        resource,
      }),
    });
    assert.equal(exchanged.status, 200);
    const { access_token: token } = await exchanged.json();
    assert.equal(await mcpStatus(token), 200);

    await page.goto(`${server.url}/account/connected-apps`);
    const row = page.getByTestId('connected-app-row');
    await row.getByText('Claude').waitFor({ timeout: 30_000 });
    assert.equal(await row.getByLabel('Daily credit limit for Claude').inputValue(), '30');
    await shot(page, 'oauth-connected-apps');
    await page.setViewportSize(PHONE);
    await shot(page, 'oauth-connected-apps-phone', { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Disconnect Claude' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByTestId('connected-apps-empty').waitFor();
    assert.equal(await mcpStatus(token), 401);
    await page.close();
  },
);
