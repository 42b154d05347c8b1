import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** The chat and conversation routes take anything a client may send with a 4xx, never a 5xx. */
describe('chat routes, fuzzed', () => {
  let t: ApiTestGateway;
  let ann: string;
  let appId: string;
  let conversationId: string;

  beforeAll(async () => {
    t = await startApiTestGateway();
    ({ token: ann } = await t.signUpViaApi('ann@example.com', { credits: true }));
    appId = (
      await t.api('POST', '/apps', {
        token: ann,
        body: { name: 'Fuzzed chat', category: 'Content', config: probeTextApp() },
      })
    ).body.id;
    conversationId = (await t.api('POST', `/apps/${appId}/chat`, { token: ann, body: { message: 'Hi' } }))
      .body.conversationId;
  }, 120_000);
  afterAll(() => t.close());

  const raw = (method: string, path: string, body: string) =>
    t.api(method, path, { token: ann, raw: body, headers: { 'content-type': 'application/json' } });

  it('answers 400 to bodies that are not JSON objects', async () => {
    for (const body of [
      '{"message": "hi"',
      'not json',
      '[]',
      '"hi"',
      '42',
      'null',
      '{"message": "\\u0000"}',
    ]) {
      for (const [method, path] of [
        ['POST', `/apps/${appId}/chat`],
        ['PATCH', `/conversations/${conversationId}`],
      ] as const) {
        const answer = await raw(method, path, body);
        expect({ body, path, status: answer.status }).toEqual({ body, path, status: 400 });
        expect(answer.body.message).toEqual(expect.any(String));
      }
    }
  });

  it('refuses names it cannot keep, saying so', async () => {
    for (const title of ['a\u0000b', '   ', 'x'.repeat(121), 42, null, ['a'], { a: 1 }]) {
      const answer = await t.api('PATCH', `/conversations/${conversationId}`, {
        token: ann,
        body: { title },
      });
      expect(answer.status).toBe(400);
    }
    const surrogate = await raw('PATCH', `/conversations/${conversationId}`, '{"title":"half \\udc00"}');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.message).toMatch(/surrogate/);
    const huge = await t.api('PATCH', `/conversations/${conversationId}`, {
      token: ann,
      body: { title: '💥'.repeat(600_000) },
    });
    expect([400, 413]).toContain(huge.status);
  });

  it('answers odd ids and queries with 400 or 404', async () => {
    const ids = ['nope', '%00', '%ED%A0%80', 'x'.repeat(2_000), '00000000-0000-4000-8000-000000000000'];
    for (const id of ids) {
      for (const method of ['GET', 'DELETE']) {
        const answer = await t.api(method, `/conversations/${id}`, { token: ann });
        expect([400, 404]).toContain(answer.status);
      }
      const chat = await t.api('POST', `/apps/${id}/chat`, { token: ann, body: { message: 'hi' } });
      expect([400, 404]).toContain(chat.status);
    }
    for (const query of ['appId=nope', 'appId=%00', 'appId=a&appId=b', `appId=${'x'.repeat(5_000)}`]) {
      const answer = await t.api('GET', `/conversations?${query}`, { token: ann });
      expect(answer.status).toBeLessThan(500);
    }
    // The conversation stays whole.
    const kept = await t.api('GET', `/conversations/${conversationId}`, { token: ann });
    expect(kept.body.messages).toHaveLength(1);
  });
});
