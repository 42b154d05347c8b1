import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { OAuthFlow, mcpStatus } from '../testing/oauth-browser';

let test: ApiTestGateway;
let flow: OAuthFlow;

beforeAll(async () => {
  test = await startApiTestGateway();
  flow = await OAuthFlow.discover(test.gateway.url);
}, 120_000);

afterAll(async () => {
  await test?.close();
});

describe('connected clients over /api', () => {
  it('lists, limits and disconnects a person’s clients; another account’s is 404', async () => {
    const person = await test.signUpViaApi('connected-rest@example.com');
    const { tokens, clientId } = await flow.connect(person.token, 'Claude', 15);

    const listed = await test.api('GET', '/connected-clients', { token: person.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: expect.any(String),
        clientId,
        name: 'Claude',
        redirectHost: '127.0.0.1:33418',
        connectedAt: expect.any(String),
        lastUsedAt: null,
        dailyCreditLimit: 15,
        spentToday: 0,
        spentTotal: 0,
      },
    ]);
    const id = listed.body[0].id as string;

    const stranger = await test.signUpViaApi('connected-stranger@example.com');
    expect((await test.api('GET', '/connected-clients', { token: stranger.token })).body).toEqual([]);
    const theirPatch = await test.api('PATCH', `/connected-clients/${id}`, {
      token: stranger.token,
      body: { dailyCreditLimit: 1000 },
    });
    expect(theirPatch.status).toBe(404);
    expect((await test.api('DELETE', `/connected-clients/${id}`, { token: stranger.token })).status).toBe(
      404,
    );

    const patched = await test.api('PATCH', `/connected-clients/${id}`, {
      token: person.token,
      body: { dailyCreditLimit: 40 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, dailyCreditLimit: 40 });
    for (const body of [{ dailyCreditLimit: -1 }, { dailyCreditLimit: 2.5 }, { dailyCreditLimit: '5' }, {}]) {
      const bad = await test.api('PATCH', `/connected-clients/${id}`, { token: person.token, body });
      expect(bad.status).toBe(400);
    }

    // The token works at /mcp until the person disconnects the client, then at once it does not.
    expect(await mcpStatus(test.gateway.url, tokens.access_token)).toBe(200);
    const used = await test.api('GET', '/connected-clients', { token: person.token });
    expect(used.body[0].lastUsedAt).toEqual(expect.any(String));
    const deleted = await test.api('DELETE', `/connected-clients/${id}`, { token: person.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect(await mcpStatus(test.gateway.url, tokens.access_token)).toBe(401);
    expect((await test.api('GET', '/connected-clients', { token: person.token })).body).toEqual([]);
    expect((await test.api('DELETE', `/connected-clients/${id}`, { token: person.token })).status).toBe(404);
  });

  it('asks for a session: without one 401, with an API key 403', async () => {
    expect((await test.api('GET', '/connected-clients')).status).toBe(401);
    const made = await test.api('DELETE', '/connected-clients/00000000-0000-4000-8000-000000000000', {
      token: 'bsk_not-a-key',
    });
    expect([401, 403]).toContain(made.status);
  });
});

describe('connected clients over GraphQL', () => {
  it('lists, limits and revokes', async () => {
    const token = await test.signUp('connected-graphql@example.com');
    await flow.connect(token, 'Cursor', 5);
    const listed = await test.graphql(
      '{ connectedClients { id name dailyCreditLimit spentToday spentTotal } }',
      {},
      token,
    );
    expect(listed.data?.connectedClients).toEqual([
      { id: expect.any(String), name: 'Cursor', dailyCreditLimit: 5, spentToday: 0, spentTotal: 0 },
    ]);
    const id = listed.data!.connectedClients[0].id as string;
    const limited = await test.graphql(
      'mutation ($id: ID!) { setConnectedClientLimit(id: $id, dailyCreditLimit: 9) { dailyCreditLimit } }',
      { id },
      token,
    );
    expect(limited.data?.setConnectedClientLimit).toEqual({ dailyCreditLimit: 9 });
    const other = await test.signUp('connected-graphql-other@example.com');
    const theirs = await test.graphql(
      'mutation ($id: ID!) { revokeConnectedClient(id: $id) }',
      { id },
      other,
    );
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const revoked = await test.graphql(
      'mutation ($id: ID!) { revokeConnectedClient(id: $id) }',
      { id },
      token,
    );
    expect(revoked.data?.revokeConnectedClient).toBe(true);
    const anonymous = await test.graphql('{ connectedClients { id } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
