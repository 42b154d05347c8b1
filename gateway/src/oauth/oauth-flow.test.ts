import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import {
  OAuthBrowser,
  OAuthFlow,
  TEST_REDIRECT_URI,
  mcpStatus as mcpStatusOf,
  pkcePair,
} from '../testing/oauth-browser';

const REDIRECT_URI = TEST_REDIRECT_URI;

let test: ApiTestGateway;
let base: string;
let flow: OAuthFlow;

beforeAll(async () => {
  test = await startApiTestGateway();
  base = test.gateway.url;
  flow = await OAuthFlow.discover(base);
}, 120_000);

afterAll(async () => {
  await test?.close();
});

const register = (browser: OAuthBrowser, name?: string) => flow.register(browser, name);
const authorizeUrl = (clientId: string, challenge: string, extra: Record<string, string> = {}) =>
  flow.authorizeUrl(clientId, challenge, extra);
const exchange = (browser: OAuthBrowser, clientId: string, code: string, verifier: string) =>
  flow.exchange(browser, clientId, code, verifier);
const connectClient = (token: string) => flow.connect(token);
const mcpStatus = (token: string) => mcpStatusOf(base, token);

/** Starts an authorization in `browser`; answers the consent page's path. */
async function startAuthorization(
  browser: OAuthBrowser,
  clientId: string,
  challenge: string,
): Promise<string> {
  const page = await flow.start(browser, clientId, challenge);
  expect(page).toMatch(/^\/oauth\/interaction\/[\w-]+$/);
  return page;
}

/** Allows the client on the consent page as the person with `token`; answers the code. */
async function consent(
  browser: OAuthBrowser,
  page: string,
  token: string,
  dailyCreditLimit = 25,
): Promise<string> {
  const back = await flow.allow(browser, page, token, dailyCreditLimit);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe('state-1');
  return back.searchParams.get('code')!;
}

describe('OAuth for MCP clients', () => {
  it('publishes the protected resource and authorization server metadata', async () => {
    const browser = new OAuthBrowser(base);
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const answer = await browser.request('GET', path);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        resource: expect.stringMatching(/\/mcp$/),
        authorization_servers: [expect.any(String)],
        scopes_supported: ['mcp'],
      });
    }
    const issuer = (await browser.request('GET', '/.well-known/oauth-protected-resource/mcp')).body
      .authorization_servers[0] as string;
    const server = await browser.request('GET', '/.well-known/oauth-authorization-server');
    expect(server.status).toBe(200);
    expect(server.body).toMatchObject({
      issuer,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(server.body.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
  });

  it('registers a client, authorizes it with PKCE as a signed-in person, and its token speaks for them', async () => {
    const person = await test.signUpViaApi('oauth-flow@example.com');
    const browser = new OAuthBrowser(base);
    const clientId = await register(browser, 'Claude');
    const { verifier, challenge } = pkcePair();
    const page = await startAuthorization(browser, clientId, challenge);

    // The consent page's request names the client and its redirect host, for the signed-in person.
    const request = await browser.request('GET', `${page}/request`, { token: person.token });
    expect(request.status).toBe(200);
    expect(request.body).toEqual({
      client: { id: clientId, name: 'Claude', redirectHost: '127.0.0.1:33418' },
      account: { email: 'oauth-flow@example.com' },
      dailyCreditLimit: 50,
      connected: false,
    });

    const code = await consent(browser, page, person.token, 30);
    const tokens = await exchange(browser, clientId, code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: expect.stringContaining('mcp') });
    expect(tokens.body.refresh_token).toEqual(expect.any(String));

    const caller = await test.gateway.services.connectedClients.verifyOAuthAccessToken(
      tokens.body.access_token,
    );
    expect(caller).toEqual({ userId: person.id, clientId, dailyCreditLimit: 30 });
    // A session token, an unknown value or a refresh token is not an OAuth access token.
    for (const other of [person.token, 'made-up', tokens.body.refresh_token, 'x'.repeat(10_000)]) {
      expect(await test.gateway.services.connectedClients.verifyOAuthAccessToken(other)).toBeNull();
    }

    // A code is used once.
    expect((await exchange(browser, clientId, code, verifier)).status).toBe(400);
  });

  it('refreshes: the new access token works, the used refresh token does not', async () => {
    const person = await test.signUpViaApi('oauth-refresh@example.com');
    const { browser, clientId, tokens } = await connectClient(person.token);
    const refreshed = await browser.request('POST', '/oauth/token', {
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    const verify = test.gateway.services.connectedClients;
    expect(await verify.verifyOAuthAccessToken(refreshed.body.access_token)).toMatchObject({
      userId: person.id,
    });
    const again = await browser.request('POST', '/oauth/token', {
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId },
    });
    expect(again.status).toBe(400);
  });

  it('revokes through the revocation endpoint: the tokens are refused after', async () => {
    const person = await test.signUpViaApi('oauth-revoke@example.com');
    const { browser, clientId, tokens } = await connectClient(person.token);
    const verify = test.gateway.services.connectedClients;
    expect(await verify.verifyOAuthAccessToken(tokens.access_token)).not.toBeNull();
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    const revoked = await browser.request('POST', '/oauth/revoke', {
      form: { token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: clientId },
    });
    expect(revoked.status).toBe(200);
    expect(await verify.verifyOAuthAccessToken(tokens.access_token)).toBeNull();
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    const refreshed = await browser.request('POST', '/oauth/token', {
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId },
    });
    expect(refreshed.status).toBe(400);
  });

  it('refuses a wrong PKCE verifier, a missing challenge and a plain one', async () => {
    const person = await test.signUpViaApi('oauth-pkce@example.com');
    const browser = new OAuthBrowser(base);
    const clientId = await register(browser);
    const { challenge } = pkcePair();
    const page = await startAuthorization(browser, clientId, challenge);
    const code = await consent(browser, page, person.token);
    const wrong = await exchange(browser, clientId, code, pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const badChallenges: Record<string, string>[] = [
      { code_challenge: '' },
      { code_challenge_method: 'plain' },
    ];
    for (const extra of badChallenges) {
      const answer = await browser.request('GET', authorizeUrl(clientId, challenge, extra));
      // Told to the client at its registered redirect URI, never a consent page.
      expect(answer.status).toBe(303);
      const location = new URL(answer.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a redirect URI the client did not register, at authorization and at the token endpoint', async () => {
    const person = await test.signUpViaApi('oauth-redirect@example.com');
    const browser = new OAuthBrowser(base);
    const clientId = await register(browser);
    const { verifier, challenge } = pkcePair();
    const elsewhere = await browser.request(
      'GET',
      authorizeUrl(clientId, challenge, { redirect_uri: 'https://attacker.example/callback' }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    expect(elsewhere.body).toContain('redirect_uri');

    const page = await startAuthorization(browser, clientId, challenge);
    const code = await consent(browser, page, person.token);
    const swapped = await browser.request('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://attacker.example/callback',
        client_id: clientId,
        code_verifier: verifier,
      },
    });
    expect(swapped.status).toBe(400);
  });

  it('sends a person who is not signed in to sign in, and a request from another browser nowhere', async () => {
    const person = await test.signUpViaApi('oauth-browsers@example.com');
    const browser = new OAuthBrowser(base);
    const clientId = await register(browser);
    const page = await startAuthorization(browser, clientId, pkcePair().challenge);
    const anonymous = await browser.request('GET', `${page}/request`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/Sign in/);
    const allowAnonymous = await browser.request('POST', `${page}/allow`, { json: { dailyCreditLimit: 5 } });
    expect(allowAnonymous.status).toBe(401);

    // The same page opened in another browser (no interaction cookie) cannot be answered.
    const other = new OAuthBrowser(base);
    const stolen = await other.request('POST', `${page}/allow`, {
      token: person.token,
      json: { dailyCreditLimit: 5 },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toMatch(/another browser/);
  });

  it('tells the client when the person declines', async () => {
    const person = await test.signUpViaApi('oauth-deny@example.com');
    const browser = new OAuthBrowser(base);
    const clientId = await register(browser);
    const page = await startAuthorization(browser, clientId, pkcePair().challenge);
    const denied = await browser.request('POST', `${page}/deny`, { token: person.token });
    expect(denied.status).toBe(200);
    const resumed = await browser.request('GET', denied.body.redirectTo as string);
    const back = new URL(resumed.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await test.gateway.services.connectedClients.list(person.id)).toEqual([]);
  });

  it('refuses a daily credit limit that is not a whole number of credits', async () => {
    const person = await test.signUpViaApi('oauth-limit@example.com');
    const browser = new OAuthBrowser(base);
    const clientId = await register(browser);
    const page = await startAuthorization(browser, clientId, pkcePair().challenge);
    for (const dailyCreditLimit of [-1, 1.5, '10', null, 10_000_001]) {
      const answer = await browser.request('POST', `${page}/allow`, {
        token: person.token,
        json: { dailyCreditLimit },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/daily credit limit/);
    }
  });
});
