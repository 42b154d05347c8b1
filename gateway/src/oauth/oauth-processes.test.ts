import { openTestDatabase } from '../testing/database';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { OAuthFlow, mcpStatus, pkcePair } from '../testing/oauth-browser';

/**
 * Two gateway processes on one PostgreSQL: a client registered on one is authorized through the
 * other, its code exchanged on the first, its token accepted by both, and disconnecting it on one
 * stops it on the other at once. Runs when TEST_DATABASE_URL is set.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = serverUrl ? describe : describe.skip;

describeOnPostgres('OAuth across gateway processes on PostgreSQL', () => {
  let first: ApiTestGateway;
  let second: ApiTestGateway;
  let closeDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await openTestDatabase(serverUrl);
    const databaseUrl = database.url ?? serverUrl!;
    // Migrated here; the gateways open their own connections to it.
    closeDatabase = database.close;
    first = await startApiTestGateway({ DATABASE_URL: databaseUrl, RUN_CONCURRENCY: '1' });
    second = await startApiTestGateway({ DATABASE_URL: databaseUrl, RUN_CONCURRENCY: '1' });
  }, 180_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await closeDatabase?.();
  }, 120_000);

  it('shares clients, interactions, codes, tokens and revocation', async () => {
    const person = await first.signUpViaApi('two-processes@example.com');
    const one = await OAuthFlow.discover(first.gateway.url);
    const two = await OAuthFlow.discover(second.gateway.url);
    // Both processes use the same keys: the interaction cookies one signs, the other reads.
    const browser = one.browser();
    const clientId = await one.register(browser, 'Shared');
    const { verifier, challenge } = pkcePair();
    const page = await one.start(browser, clientId, challenge);
    const onSecond = two.browser();
    for (const [name, value] of browser.cookieJar()) onSecond.setCookie(name, value);
    const back = await two.allow(onSecond, page, person.token, 8);
    const tokens = await one.exchange(browser, clientId, back.searchParams.get('code')!, verifier);
    expect(tokens.status).toBe(200);
    const token = tokens.body.access_token as string;
    expect(await mcpStatus(first.gateway.url, token)).toBe(200);
    expect(await mcpStatus(second.gateway.url, token)).toBe(200);

    const [connected] = (await second.api('GET', '/connected-clients', { token: person.token })).body;
    expect(connected).toMatchObject({ name: 'Shared', dailyCreditLimit: 8 });
    expect(
      (await first.api('DELETE', `/connected-clients/${connected.id}`, { token: person.token })).status,
    ).toBe(200);
    expect(await mcpStatus(second.gateway.url, token)).toBe(401);
  });
});
