import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** POST /api/apps/{id}/chat with an API key: the key owner's conversation, each message a paid run. */
describe('chatting with an app through an API key', () => {
  let t: ApiTestGateway;
  let ann: string;
  let bob: string;
  let key: string;
  let app: { id: string; slug: string };

  const balance = async (token: string) =>
    (await t.api('GET', '/credits/balance', { token })).body.credits as number;
  const chat = (token: string, appId: string, body: Record<string, unknown>) =>
    t.api('POST', `/apps/${appId}/chat`, { token, body });

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: ann } = await t.signUpViaApi('ann@example.com', { credits: true }));
    ({ token: bob } = await t.signUpViaApi('bob@example.com', { credits: true }));
    const admin = await t.signUpAdmin('admin@example.com');
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'starter' WHERE email = 'ann@example.com'",
    );
    app = (
      await t.api('POST', '/apps', {
        token: ann,
        body: { name: 'Keyed chat', category: 'Content', config: probeTextApp() },
      })
    ).body;
    await t.api('POST', `/apps/${app.id}/publish`, { token: ann });
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
    key = (await t.api('POST', '/keys', { token: ann, body: { name: 'Support bot' } })).body.key;
  }, 120_000);

  afterAll(() => t.close());

  it('answers a follow-up that needs the first turn, charging each message as a published run of the live version', async () => {
    // The draft changes; the key chats with the approved version, as its runs do.
    await t.api('PUT', `/apps/${app.id}`, { token: ann, body: { name: 'Draft only' } });
    const before = await balance(ann);
    const first = await chat(key, app.id, { message: 'How do you say hello in Spanish?' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      conversationId: expect.any(String),
      run: { status: 'succeeded' },
      message: { position: 0, status: 'succeeded' },
    });
    const second = await chat(key, app.id, {
      message: 'And in French?',
      conversationId: first.body.conversationId,
    });
    expect(second.status).toBe(200);
    expect(second.body.conversationId).toBe(first.body.conversationId);
    // The offline model restates what it was asked and its main points: the first turn's among them.
    expect(second.body.answer).toContain('And in French?');
    expect(second.body.answer).toMatch(/hello, Spanish/);
    expect(await balance(ann)).toBe(before - first.body.run.cost - second.body.run.cost);

    const run = await t.api('GET', `/runs/${second.body.run.id}`, { token: ann });
    expect(run.body).toMatchObject({ source: 'chat', actionType: 'published', status: 'succeeded' });
    // The conversation is the key owner's: listed and read with her session.
    const listed = await t.api('GET', `/conversations?appId=${app.id}`, { token: ann });
    expect(listed.body.conversations).toEqual([
      expect.objectContaining({ id: first.body.conversationId, turns: 2 }),
    ]);
    expect((await t.api('GET', '/keys', { token: ann })).body[0].lastUsedAt).not.toBeNull();
  });

  it('streams through GraphQL with the key as well', async () => {
    const answer = await t.graphql(
      'mutation ($id: ID!) { sendChatMessage(appId: $id, message: "Hi") { conversationId runId message { status } } }',
      { id: app.id },
      key,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.sendChatMessage).toMatchObject({ runId: expect.any(String) });
  });

  it('continues only the key owner’s conversations: another person’s is 404', async () => {
    const bobs = await chat(bob, app.id, { message: 'Mine' });
    expect(bobs.status).toBe(200);
    const refused = await chat(key, app.id, { message: 'Theirs?', conversationId: bobs.body.conversationId });
    expect(refused).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('refuses an app that is not published (the key chats with live versions only)', async () => {
    const draft = (
      await t.api('POST', '/apps', {
        token: ann,
        body: { name: 'Unpublished', category: 'Content', config: probeTextApp() },
      })
    ).body;
    const refused = await chat(key, draft.id, { message: 'Hello' });
    expect(refused.status).toBe(404);
  });

  it('reads nothing else: the conversations routes stay a signed-in person’s', async () => {
    for (const answer of [
      await t.api('GET', '/conversations', { token: key }),
      await t.api('DELETE', `/conversations/00000000-0000-4000-8000-000000000000`, { token: key }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/An API key only runs apps and chats with them/);
    }
  });

  it('stops chatting when the plan no longer includes API keys', async () => {
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'free' WHERE email = 'ann@example.com'",
    );
    const refused = await chat(key, app.id, { message: 'Still there?' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Starter plan/);
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'starter' WHERE email = 'ann@example.com'",
    );
  });
});
