import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { OAuthBrowser, OAuthFlow, pkcePair } from '../testing/oauth-browser';

/** Malformed requests to every OAuth route and the connected-clients routes: never a 5xx. */

let test: ApiTestGateway;
let flow: OAuthFlow;
let token: string;

beforeAll(async () => {
  test = await startApiTestGateway();
  flow = await OAuthFlow.discover(test.gateway.url);
  token = (await test.signUpViaApi('oauth-fuzz@example.com')).token;
}, 120_000);

afterAll(async () => {
  await test?.close();
});

const NUL = '\u0000';
const HUGE = 'x'.repeat(2 * 1024 * 1024);

interface Probe {
  method: string;
  path: string;
  json?: unknown;
  raw?: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signedIn?: boolean;
}

async function send(browser: OAuthBrowser, probe: Probe): Promise<number> {
  const answer = await browser.request(probe.method, probe.path, {
    ...(probe.json !== undefined ? { json: probe.json } : {}),
    ...(probe.raw !== undefined ? { raw: probe.raw } : {}),
    ...(probe.form ? { form: probe.form } : {}),
    ...(probe.headers ? { headers: probe.headers } : {}),
    ...(probe.signedIn ? { token } : {}),
  });
  return answer.status;
}

async function expectNo5xx(browser: OAuthBrowser, probes: Probe[]): Promise<void> {
  const failures: string[] = [];
  for (const probe of probes) {
    const status = await send(browser, probe);
    if (status >= 500)
      failures.push(
        `${probe.method} ${probe.path.slice(0, 300)} ${JSON.stringify(probe.form ?? probe.raw?.slice(0, 40) ?? '')} -> ${status}`,
      );
  }
  expect(failures).toEqual([]);
  const alive = await fetch(`${test.gateway.url}/healthz`);
  expect(alive.status).toBe(200);
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

describe('OAuth routes under malformed requests', () => {
  it('registration', async () => {
    const browser = flow.browser();
    const good = {
      client_name: 'Fuzz',
      redirect_uris: ['http://127.0.0.1:1/cb'],
      token_endpoint_auth_method: 'none',
    };
    await expectNo5xx(browser, [
      { method: 'POST', path: '/oauth/register', json: { ...good, client_name: `a${NUL}b` } },
      {
        method: 'POST',
        path: '/oauth/register',
        json: { ...good, redirect_uris: [`http://127.0.0.1/${NUL}`] },
      },
      { method: 'POST', path: '/oauth/register', json: { ...good, client_name: HUGE } },
      { method: 'POST', path: '/oauth/register', json: { ...good, redirect_uris: 'not a list' } },
      { method: 'POST', path: '/oauth/register', json: { ...good, redirect_uris: [] } },
      {
        method: 'POST',
        path: '/oauth/register',
        json: { ...good, grant_types: ['client_credentials', NUL] },
      },
      {
        method: 'POST',
        path: '/oauth/register',
        json: { ...good, token_endpoint_auth_method: 'private_key_jwt' },
      },
      { method: 'POST', path: '/oauth/register', json: [good] },
      { method: 'POST', path: '/oauth/register', json: null },
      { method: 'POST', path: '/oauth/register', raw: '{"client_name":', headers: JSON_HEADERS },
      { method: 'POST', path: '/oauth/register', raw: `{"client_name":"\\u0000"}`, headers: JSON_HEADERS },
      { method: 'POST', path: '/oauth/register', raw: HUGE, headers: JSON_HEADERS },
      { method: 'POST', path: '/oauth/register', raw: 'client_name=x', headers: FORM_HEADERS },
      { method: 'GET', path: '/oauth/register' },
      { method: 'GET', path: `/oauth/register/${encodeURIComponent(NUL)}` },
    ]);
  });

  it('authorization, token and revocation endpoints', async () => {
    const browser = flow.browser();
    const clientId = await flow.register(browser, 'Fuzz');
    const { challenge } = pkcePair();
    await expectNo5xx(browser, [
      { method: 'GET', path: flow.authorizeUrl(clientId, challenge, { state: NUL }) },
      { method: 'GET', path: flow.authorizeUrl(`${clientId}${NUL}`, challenge) },
      { method: 'GET', path: flow.authorizeUrl(clientId, challenge, { resource: `${NUL}x` }) },
      {
        method: 'GET',
        path: flow.authorizeUrl(clientId, challenge, { resource: 'https://elsewhere.example/mcp' }),
      },
      { method: 'GET', path: flow.authorizeUrl(clientId, challenge, { scope: `mcp ${NUL} openid` }) },
      { method: 'GET', path: flow.authorizeUrl(clientId, challenge, { response_type: 'token' }) },
      { method: 'GET', path: flow.authorizeUrl(clientId, `${challenge}${NUL}`) },
      { method: 'GET', path: flow.authorizeUrl(clientId, challenge, { state: 'y'.repeat(100_000) }) },
      { method: 'GET', path: '/oauth/authorize' },
      { method: 'GET', path: '/oauth/authorize?client_id=&redirect_uri=' },
      { method: 'GET', path: `/oauth/authorize/${encodeURIComponent(NUL)}` },
      { method: 'GET', path: '/oauth/authorize/not-an-interaction' },
      {
        method: 'POST',
        path: '/oauth/token',
        form: { grant_type: 'authorization_code', code: NUL, client_id: clientId },
      },
      { method: 'POST', path: '/oauth/token', form: { grant_type: NUL, client_id: clientId } },
      {
        method: 'POST',
        path: '/oauth/token',
        form: { grant_type: 'refresh_token', refresh_token: HUGE, client_id: clientId },
      },
      {
        method: 'POST',
        path: '/oauth/token',
        form: { grant_type: 'client_credentials', client_id: clientId },
      },
      { method: 'POST', path: '/oauth/token', raw: '%%%=&&&=%zz', headers: FORM_HEADERS },
      { method: 'POST', path: '/oauth/token', raw: HUGE, headers: FORM_HEADERS },
      { method: 'POST', path: '/oauth/token', json: { grant_type: 'authorization_code' } },
      { method: 'POST', path: '/oauth/token', raw: '{', headers: JSON_HEADERS },
      { method: 'POST', path: '/oauth/token' },
      { method: 'GET', path: '/oauth/token' },
      { method: 'POST', path: '/oauth/revoke', form: { token: NUL, client_id: clientId } },
      { method: 'POST', path: '/oauth/revoke', form: { token: HUGE, client_id: clientId } },
      { method: 'POST', path: '/oauth/revoke', raw: '%', headers: FORM_HEADERS },
      { method: 'POST', path: '/oauth/revoke' },
      { method: 'GET', path: '/oauth/jwks' },
      { method: 'GET', path: `/oauth/${encodeURIComponent(NUL)}` },
      { method: 'GET', path: '/oauth/userinfo' },
      { method: 'POST', path: '/oauth/introspect', form: { token: 'x' } },
      { method: 'GET', path: `/.well-known/oauth-protected-resource/mcp/${encodeURIComponent(NUL)}` },
      { method: 'GET', path: `/.well-known/oauth-authorization-server?x=${encodeURIComponent(NUL)}` },
      { method: 'POST', path: '/.well-known/openid-configuration', raw: HUGE },
    ]);
  });

  it('the consent page’s calls', async () => {
    const browser = flow.browser();
    const clientId = await flow.register(browser, `Fuzz${NUL}Bot`);
    const page = await flow.start(browser, clientId, pkcePair().challenge);
    const described = await browser.request('GET', `${page}/request`, { token });
    expect(described.status).toBe(200);
    expect(described.body.client.name).toBe('FuzzBot');
    const nul = encodeURIComponent(NUL);
    await expectNo5xx(browser, [
      { method: 'POST', path: `${page}/allow`, signedIn: true, json: { dailyCreditLimit: NUL } },
      { method: 'POST', path: `${page}/allow`, signedIn: true, json: [1] },
      { method: 'POST', path: `${page}/allow`, signedIn: true, json: 'text' },
      { method: 'POST', path: `${page}/allow`, signedIn: true, json: { dailyCreditLimit: 1e308 } },
      {
        method: 'POST',
        path: `${page}/allow`,
        signedIn: true,
        raw: '{"dailyCreditLimit":',
        headers: JSON_HEADERS,
      },
      { method: 'POST', path: `${page}/allow`, signedIn: true, raw: HUGE, headers: JSON_HEADERS },
      {
        method: 'POST',
        path: `${page}/allow`,
        signedIn: true,
        raw: 'dailyCreditLimit=5',
        headers: FORM_HEADERS,
      },
      { method: 'POST', path: `${page}/allow`, signedIn: true, raw: '\u0000\u0000', headers: JSON_HEADERS },
      {
        method: 'POST',
        path: `${page}/allow`,
        json: { dailyCreditLimit: 5 },
        headers: { authorization: 'Bearer bsk_x' },
      },
      { method: 'GET', path: `/oauth/interaction/${nul}/request`, signedIn: true },
      {
        method: 'POST',
        path: `/oauth/interaction/${nul}/allow`,
        signedIn: true,
        json: { dailyCreditLimit: 5 },
      },
      { method: 'POST', path: `/oauth/interaction/${'z'.repeat(5000)}/deny`, signedIn: true },
      { method: 'POST', path: `${page}/deny`, signedIn: true, raw: HUGE, headers: JSON_HEADERS },
      {
        method: 'GET',
        path: `${page}/request`,
        headers: { cookie: `_interaction=${nul}; _interaction.sig=${nul}` },
      },
    ]);
    // After all that, the person can still allow it with a good answer.
    const back = await flow.allow(browser, page, token, 3);
    expect(back.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('the connected-clients routes', async () => {
    const browser = new OAuthBrowser(`${test.gateway.url}/api`);
    const id = '00000000-0000-4000-8000-000000000000';
    const nul = encodeURIComponent(NUL);
    await expectNo5xx(browser, [
      { method: 'GET', path: `/connected-clients?x=${nul}`, signedIn: true },
      { method: 'PATCH', path: `/connected-clients/${nul}`, signedIn: true, json: { dailyCreditLimit: 5 } },
      { method: 'PATCH', path: `/connected-clients/${id}`, signedIn: true, json: { dailyCreditLimit: NUL } },
      {
        method: 'PATCH',
        path: `/connected-clients/${id}`,
        signedIn: true,
        json: { dailyCreditLimit: 2 ** 53 },
      },
      { method: 'PATCH', path: `/connected-clients/${id}`, signedIn: true, json: [] },
      { method: 'PATCH', path: `/connected-clients/${id}`, signedIn: true, raw: '{', headers: JSON_HEADERS },
      { method: 'PATCH', path: `/connected-clients/${id}`, signedIn: true, raw: HUGE, headers: JSON_HEADERS },
      { method: 'DELETE', path: `/connected-clients/${'9'.repeat(10_000)}`, signedIn: true },
      {
        method: 'DELETE',
        path: `/connected-clients/${id}`,
        signedIn: true,
        raw: HUGE,
        headers: JSON_HEADERS,
      },
      { method: 'PUT', path: `/connected-clients/${id}`, signedIn: true, json: {} },
    ]);
  });
});
