import type { IncomingHttpHeaders } from 'node:http';
import { startLoopbackApi, type LoopbackApi } from '../testing/loopback-api';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

describe('secrets over /api, used by an HTTP Request block', () => {
  let t: ApiTestGateway;
  let ann: string;
  let bob: string;
  let api: LoopbackApi;
  const received: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // An API on a loopback port that answers with the headers it was sent (as many real ones do).
    api = await startLoopbackApi((request, response) => {
      received.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ youSent: request.headers.authorization ?? null }));
    });
    t = await startApiTestGateway();
    ({ token: ann } = await t.signUpViaApi('ann@example.com', { credits: true }));
    ({ token: bob } = await t.signUpViaApi('bob@example.com', { credits: true }));
    // HTTP Request is a full block.
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'starter' WHERE email = 'ann@example.com'",
    );
  });

  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('saves a secret, lists it by name only, replaces and deletes it; nobody else can touch it', async () => {
    const saved = await t.api('PUT', '/secrets/PLAYGROUND_TOKEN', { token: ann, body: { value: 'first' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      name: 'PLAYGROUND_TOKEN',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await t.api('PUT', '/secrets/PLAYGROUND_TOKEN', { token: ann, body: { value: 'second' } });
    const listed = await t.api('GET', '/secrets', { token: ann });
    expect(listed.body).toEqual([saved.body.name].map((name) => expect.objectContaining({ name })));
    expect(JSON.stringify(listed.body)).not.toMatch(/first|second/);
    expect((await t.api('GET', '/secrets', { token: bob })).body).toEqual([]);
    expect((await t.api('DELETE', '/secrets/PLAYGROUND_TOKEN', { token: bob })).status).toBe(404);
    expect((await t.api('DELETE', '/secrets/PLAYGROUND_TOKEN', { token: ann })).body).toEqual({
      success: true,
    });
    expect((await t.api('GET', '/secrets', { token: ann })).body).toEqual([]);
    expect((await t.api('GET', '/secrets')).status).toBe(401);
  });

  it('refuses bad names and values with what to fix', async () => {
    const lower = await t.api('PUT', '/secrets/my_token', { token: ann, body: { value: 'x' } });
    expect(lower.status).toBe(400);
    const empty = await t.api('PUT', '/secrets/TOKEN', { token: ann, body: { value: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Give the secret a value.');
    const lines = await t.api('PUT', '/secrets/TOKEN', { token: ann, body: { value: 'a\nb' } });
    expect(lines.body.message).toBe('A secret’s value is one line: remove the line breaks.');
    expect((await t.api('PUT', '/secrets/TOKEN', { token: ann, body: {} })).status).toBe(400);
    expect((await t.api('DELETE', '/secrets/NEVER_SAVED', { token: ann })).status).toBe(404);
  });

  it('sends the owner’s secret in a header, and neither the answer nor the stored run shows it', async () => {
    await t.api('PUT', '/secrets/API_TOKEN', { token: ann, body: { value: 'tok_live_123' } });
    const config = probeApp(
      [
        probePlugin('in', 'textInput'),
        probePlugin('call', 'httpRequest', {
          url: `${api.base}/items?q={{input_text}}`,
          headers: 'Authorization: Bearer {{secret.API_TOKEN}}',
        }),
      ],
      [['in', 'call']],
    );
    const app = (await t.api('POST', '/apps', { token: ann, body: { name: 'Calls the API', config } }))
      .body as {
      id: string;
    };
    const answer = await t.api('POST', `/apps/${app.id}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'cats' } },
    });
    expect(answer.status).toBe(200);
    expect(received.at(-1)?.authorization).toBe('Bearer tok_live_123');
    expect(JSON.stringify(answer.body)).not.toContain('tok_live_123');
    expect(JSON.stringify(answer.body)).toContain('Bearer [secret API_TOKEN]');
    const [stored] = (await t.gateway.database.dataSource.query(
      'SELECT result, nodes, error FROM runs WHERE app_id = $1',
      [app.id],
    )) as unknown[];
    expect(JSON.stringify(stored)).not.toContain('tok_live_123');

    // Deleted, the block fails saying which secret is missing and where to add it.
    await t.api('DELETE', '/secrets/API_TOKEN', { token: ann });
    const failed = await t.api('POST', `/apps/${app.id}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'cats' } },
    });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    expect(failed.body.message).toContain('there is no secret named API_TOKEN');
  });
});
