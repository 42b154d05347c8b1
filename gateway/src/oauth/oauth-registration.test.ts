import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { OAuthBrowser } from '../testing/oauth-browser';
import { REGISTRATIONS_PER_HOUR } from './oauth-routes';

let test: ApiTestGateway;

beforeAll(async () => {
  test = await startApiTestGateway();
}, 120_000);

afterAll(async () => {
  await test?.close();
});

const client = (name: string) => ({
  client_name: name,
  redirect_uris: ['http://127.0.0.1:1/cb'],
  token_endpoint_auth_method: 'none',
});

describe('dynamic client registration', () => {
  it('is open to browser-based clients (CORS)', async () => {
    const preflight = await fetch(`${test.gateway.url}/oauth/register`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    const registered = await new OAuthBrowser(test.gateway.url).request('POST', '/oauth/register', {
      json: client('Inspector'),
      headers: { origin: 'http://localhost:6274' },
    });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('access-control-allow-origin')).toBe('*');
    expect(registered.body).toMatchObject({ client_name: 'Inspector', token_endpoint_auth_method: 'none' });
  });

  it('allows an address a limited number of registrations an hour, then 429 with Retry-After', async () => {
    const browser = new OAuthBrowser(test.gateway.url);
    // One was made above, from the same address.
    for (let i = 1; i < REGISTRATIONS_PER_HOUR; i++) {
      expect((await browser.request('POST', '/oauth/register', { json: client(`App ${i}`) })).status).toBe(
        201,
      );
    }
    const refused = await browser.request('POST', '/oauth/register', { json: client('One too many') });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      error: 'rate_limited',
      error_description: expect.stringMatching(/^Too many client registrations from this address/),
    });
  });
});
