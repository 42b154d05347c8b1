import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** Chat in an embed, over HTTP: signed-in people on their credits, visitors on the owner's. */
const SEND = `mutation ($slug: String!, $message: String, $conversationId: ID, $token: String, $regenerate: Boolean! = false) {
  embeddedChat(slug: $slug, message: $message, conversationId: $conversationId, visitorToken: $token, regenerate: $regenerate) {
    conversationId answer message { position status runId } run { id status cost source actionType } } }`;
const LIST = `query ($slug: String!, $token: String) {
  embeddedConversations(slug: $slug, visitorToken: $token) { id title turns } }`;
const READ = `query ($slug: String!, $id: ID!, $token: String) {
  embeddedConversation(slug: $slug, id: $id, visitorToken: $token) { id messages { message answer } } }`;

const VISITOR = 'visitor-token-0123456789-abcdefghij';
const OTHER_VISITOR = 'visitor-token-9876543210-zyxwvutsrq';

interface Reply {
  conversationId: string;
  answer: string;
  message: { position: number; status: string; runId: string };
  run: { id: string; status: string; cost: number; source: string; actionType: string };
}

describe('chat in embeds', () => {
  let t: ApiTestGateway;
  let owner: string;
  let runner: string;
  let app: { id: string; slug: string };

  const credits = async (token: string) =>
    (await t.api('GET', '/credits/balance', { token })).body.credits as number;
  const send = async (variables: Record<string, unknown>, token?: string) =>
    t.graphql(SEND, { slug: app.slug, ...variables }, token);
  const reply = (answer: { data?: Record<string, unknown> | null }) => answer.data?.embeddedChat as Reply;
  const embedSettings = (pays: boolean, cap: number) =>
    t.graphql(
      `mutation ($id: ID!, $pays: Boolean!, $cap: Int!) {
        updateEmbedSettings(appId: $id, paysOwner: $pays, monthlyCredits: $cap) { paysOwner } }`,
      { id: app.id, pays, cap },
      owner,
    );

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: owner } = await t.signUpViaApi('owner@example.com', { credits: true }));
    ({ token: runner } = await t.signUpViaApi('runner@example.com', { credits: true }));
    const admin = await t.signUpAdmin('admin@example.com');
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'starter' WHERE email = 'owner@example.com'",
    );
    app = (
      await t.api('POST', '/apps', {
        token: owner,
        body: { name: 'Embedded tutor', category: 'Content', config: probeTextApp() },
      })
    ).body;
    await t.api('POST', `/apps/${app.id}/publish`, { token: owner });
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
  }, 120_000);
  afterAll(() => t.close());

  it('says whether the embedded app can be chatted with, to anyone', async () => {
    const settings = await t.graphql(
      'query ($slug: String!) { embedChatSettings(slug: $slug) { chattable mode label memoryTurns } }',
      { slug: app.slug },
    );
    expect(settings.data?.embedChatSettings).toEqual({
      chattable: true,
      mode: 'text',
      label: expect.any(String),
      memoryTurns: 10,
    });
  });

  it('asks a visitor to sign in while the owner does not pay, and runs nothing', async () => {
    const refused = await send({ message: 'Hello', token: VISITOR });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Sign in to run this app.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect((await t.graphql(LIST, { slug: app.slug, token: VISITOR })).data?.embeddedConversations).toEqual(
      [],
    );
  });

  it('answers a visitor’s follow-up knowing the first turn, on the owner’s credits within the cap', async () => {
    await embedSettings(true, 50);
    const before = await credits(owner);
    const first = await send({ message: 'How do you say hello in Spanish?', token: VISITOR });
    expect(first.errors).toBeUndefined();
    expect(reply(first)).toMatchObject({
      message: { position: 0, status: 'succeeded' },
      run: { status: 'succeeded', source: 'chat', actionType: 'published' },
    });
    const second = await send({
      message: 'And in French?',
      conversationId: reply(first).conversationId,
      token: VISITOR,
    });
    expect(reply(second).conversationId).toBe(reply(first).conversationId);
    // The offline model restates what it was asked and its main points: the first turn's among them.
    expect(reply(second).answer).toContain('And in French?');
    expect(reply(second).answer).toMatch(/hello, Spanish/);
    expect(await credits(owner)).toBe(before - reply(first).run.cost - reply(second).run.cost);
    const settings = await t.graphql(
      'query ($id: ID!) { embedSettings(appId: $id) { usedThisMonth } }',
      { id: app.id },
      owner,
    );
    expect(settings.data?.embedSettings).toEqual({
      usedThisMonth: reply(first).run.cost + reply(second).run.cost,
    });

    // The visitor's conversation is theirs: listed and read with their token, not another's.
    const listed = await t.graphql(LIST, { slug: app.slug, token: VISITOR });
    expect(listed.data?.embeddedConversations).toEqual([
      { id: reply(first).conversationId, title: 'How do you say hello in Spanish?', turns: 2 },
    ]);
    const read = await t.graphql(READ, { slug: app.slug, id: reply(first).conversationId, token: VISITOR });
    expect((read.data?.embeddedConversation as { messages: unknown[] }).messages).toHaveLength(2);
    expect(
      (await t.graphql(LIST, { slug: app.slug, token: OTHER_VISITOR })).data?.embeddedConversations,
    ).toEqual([]);
    const theirs = await t.graphql(READ, {
      slug: app.slug,
      id: reply(first).conversationId,
      token: OTHER_VISITOR,
    });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const continued = await send({
      message: 'Hijacked?',
      conversationId: reply(first).conversationId,
      token: OTHER_VISITOR,
    });
    expect(continued.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    // Nor is it the owner's, though the owner paid: their own conversations stay apart.
    const owners = await t.api('GET', `/conversations?appId=${app.id}`, { token: owner });
    expect(owners.body.conversations).toEqual([]);
    const ownersRead = await t.api('GET', `/conversations/${reply(first).conversationId}`, { token: owner });
    expect(ownersRead.status).toBe(404);
  });

  it('refuses a visitor without a usable token, saying what to send', async () => {
    for (const token of [
      null,
      'short',
      'x'.repeat(129),
      'has spaces in it, which are not allowed',
      'a\u0000'.repeat(20),
    ]) {
      const refused = await send({ message: 'Hello', token });
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.message).toMatch(/token/i);
    }
  });

  it('asks a visitor to sign in once the month’s cap is reached', async () => {
    await embedSettings(true, 0);
    const refused = await send({ message: 'Once more', token: VISITOR });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await embedSettings(true, 50);
  });

  it('charges a signed-in person, once they confirmed the price, in their own conversations', async () => {
    const unconfirmed = await send({ message: 'Hi' }, runner);
    expect(unconfirmed.errors?.[0]?.extensions?.code).toBe('PRICE_UNCONFIRMED');
    const { maxCredits } = (
      await t.graphql(
        'query ($slug: String!) { embedRunPrice(slug: $slug) { maxCredits } }',
        { slug: app.slug },
        runner,
      )
    ).data!.embedRunPrice as { maxCredits: number };
    await t.graphql(
      'mutation ($slug: String!, $max: Int!) { confirmEmbedPrice(slug: $slug, maxCredits: $max) { confirmed } }',
      { slug: app.slug, max: maxCredits },
      runner,
    );
    const ownerBefore = await credits(owner);
    const before = await credits(runner);
    const sent = await send({ message: 'Hi', token: VISITOR }, runner);
    expect(reply(sent).run).toMatchObject({ status: 'succeeded', source: 'chat' });
    expect(await credits(runner)).toBe(before - reply(sent).run.cost);
    expect(await credits(owner)).toBe(ownerBefore);
    // On the app's page and in run history, it is the person's conversation, linked from its run.
    const listed = await t.api('GET', `/conversations?appId=${app.id}`, { token: runner });
    expect(listed.body.conversations.map((c: { id: string }) => c.id)).toEqual([reply(sent).conversationId]);
    const run = await t.graphql(
      'query ($id: ID!) { run(id: $id) { conversationId } }',
      { id: reply(sent).run.id },
      runner,
    );
    expect(run.data?.run).toEqual({ conversationId: reply(sent).conversationId });
    // The visitor's token named no one here: the visitor's conversations are not the person's.
    expect((await t.graphql(LIST, { slug: app.slug }, runner)).data?.embeddedConversations).toHaveLength(1);
  });

  it('refuses what it cannot take with a clear error, never a 5xx', async () => {
    const cases: Record<string, unknown>[] = [
      { message: 'a\u0000b', token: VISITOR },
      { message: 'half an emoji \ud83d', token: VISITOR },
      { message: 'x'.repeat(20_001), token: VISITOR },
      { message: '   ', token: VISITOR },
      { message: 'hi', conversationId: 'nope', token: VISITOR },
      { message: 'hi', conversationId: '00000000-0000-4000-8000-000000000000', token: VISITOR },
      { message: 'hi', token: '\ud83d'.repeat(30) },
      { message: null, regenerate: true, token: VISITOR },
      { slug: '\u0000', message: 'hi', token: VISITOR },
      { slug: 'x'.repeat(5_000), message: 'hi', token: VISITOR },
    ];
    const post = (body: string) =>
      fetch(`${t.gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    for (const variables of cases) {
      const answer = await post(JSON.stringify({ query: SEND, variables: { slug: app.slug, ...variables } }));
      expect(answer.status).toBeLessThan(500);
      const body = (await answer.json()) as { errors?: { extensions?: { code?: string } }[] };
      expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(body.errors?.[0]?.extensions?.code);
    }
    // A body that is not JSON, and one far larger than the server takes.
    expect(
      (await post('{"query": "mutation { embeddedChat(slug: \\"x\\") { conversationId } }",')).status,
    ).toBe(400);
    const huge = await post(
      JSON.stringify({ query: SEND, variables: { slug: app.slug, message: 'x'.repeat(3_000_000) } }),
    );
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('renames and deletes a visitor’s conversation with their token only', async () => {
    const started = reply(await send({ message: 'Name me', token: VISITOR }));
    const rename = `mutation ($slug: String!, $id: ID!, $token: String) {
      renameEmbeddedConversation(slug: $slug, id: $id, title: "Named", visitorToken: $token) { title } }`;
    const remove = `mutation ($slug: String!, $id: ID!, $token: String) {
      deleteEmbeddedConversation(slug: $slug, id: $id, visitorToken: $token) }`;
    const vars = { slug: app.slug, id: started.conversationId };
    expect((await t.graphql(rename, { ...vars, token: OTHER_VISITOR })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await t.graphql(rename, { ...vars, token: VISITOR })).data?.renameEmbeddedConversation).toEqual({
      title: 'Named',
    });
    expect((await t.graphql(remove, { ...vars, token: OTHER_VISITOR })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await t.graphql(remove, { ...vars, token: VISITOR })).data?.deleteEmbeddedConversation).toBe(
      true,
    );
    expect((await t.graphql(READ, { ...vars, token: VISITOR })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
  });
});
