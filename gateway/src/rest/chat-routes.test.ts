import type { AppConfig } from '@blocksmith/schema';
import { ConversationTurn, RunRecord } from '../data/entities';
import { databaseTargets, openTestDatabase } from '../testing/database';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai-server';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { watchRun } from '../testing/run-progress';
import { CONVERSATION_HEADING } from '../services/chat/conversation-provider';
import { startHangingApi, type HangingApi } from '../testing/loopback-api';

/** A chat app: a Chat Input, a Text AI and its display. */
const chatApp: AppConfig = probeApp(
  [
    probePlugin('in', 'chatInput'),
    probePlugin('gen', 'textGeneration', {
      prompt_template: 'Reply to: {{input_text}}',
    }),
    probePlugin('show', 'textDisplay'),
  ],
  [
    ['in', 'gen'],
    ['gen', 'show'],
  ],
);

const twoInputs: AppConfig = probeApp(
  [
    probePlugin('a', 'textInput', { label: 'Topic' }),
    probePlugin('b', 'textInput', { label: 'Tone' }),
    probePlugin('gen', 'textGeneration', { prompt_template: 'Write about {{input_text}}' }),
  ],
  [
    ['a', 'gen'],
    ['b', 'gen'],
  ],
);

type Api = ApiTestGateway;

/** Waits for `done` to hold, asking again every 50 ms (a minute at most: a busy machine is slow). */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('Waited a minute in vain.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const signUp = async (t: Api, email: string) => (await t.signUpViaApi(email, { credits: true })).token;
const create = async (t: Api, token: string, config: AppConfig, name = 'Chatty') =>
  (await t.api('POST', '/apps', { token, body: { name, category: 'Content', config } })).body as {
    id: string;
  };
const balance = async (t: Api, token: string) =>
  (await t.api('GET', '/credits/balance', { token })).body.credits as number;

describe('/api chat routes against a model (the OpenAI API, faked)', () => {
  let openai: FakeOpenAi;
  let t: Api;
  let ann: string;

  beforeAll(async () => {
    openai = await startFakeOpenAi();
    t = await startApiTestGateway({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${openai.url}/v1` });
    ann = await signUp(t, 'ann@example.com');
  });

  afterAll(async () => {
    await t.close();
    await openai.close();
  });

  const lastPrompt = () => {
    const body = openai.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body as {
      messages: { role: string; content: string }[];
    };
    return body.messages.filter((m) => m.role === 'user').at(-1)!.content;
  };

  it('gives a one-text-input app the first turn with the follow-up, and charges each turn exactly', async () => {
    const app = await create(t, ann, probeTextApp());
    const before = await balance(t, ann);
    const first = await t.api('POST', `/apps/${app.id}/chat`, {
      token: ann,
      body: { message: 'How do you say hello in Spanish?' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      conversationId: expect.any(String),
      run: { status: 'succeeded', cost: 1 },
      message: { position: 0, message: 'How do you say hello in Spanish?', status: 'succeeded' },
    });
    // The first message has no conversation before it.
    expect(lastPrompt()).toBe('Write about How do you say hello in Spanish?');
    const firstAnswer = first.body.answer as string;
    expect(firstAnswer).toBe('Answer to: Write about How do you say hello in Spanish?');

    const second = await t.api('POST', `/apps/${app.id}/chat`, {
      token: ann,
      body: { message: 'And in French?', conversationId: first.body.conversationId },
    });
    expect(second.status).toBe(200);
    expect(second.body.conversationId).toBe(first.body.conversationId);
    // What reached the model: the follow-up, then the conversation so far word for word.
    expect(lastPrompt()).toBe(
      `Write about And in French?\n\n${CONVERSATION_HEADING}\nPerson: How do you say hello in Spanish?\nAssistant: ${firstAnswer}`,
    );
    expect(second.body.answer).toContain('Person: How do you say hello in Spanish?');
    expect(await balance(t, ann)).toBe(before - 2);
    const history = await t.api('GET', '/credits/history?limit=2', { token: ann });
    expect(history.body.history.map((entry: { credits_used: number }) => entry.credits_used)).toEqual([1, 1]);
    const run = await t.api('GET', `/runs/${second.body.run.id}`, { token: ann });
    expect(run.body).toMatchObject({
      source: 'chat',
      status: 'succeeded',
      cost: 1,
      conversationId: first.body.conversationId,
    });
  });

  it('streams a message’s answer through the run subscription, and stores what streamed', async () => {
    const app = await create(t, ann, chatApp);
    const sent = await t.graphql(
      'mutation($appId: ID!) { sendChatMessage(appId: $appId, message: "Hi there") { conversationId runId message { status } } }',
      { appId: app.id },
      ann,
    );
    expect(sent.errors).toBeUndefined();
    const { conversationId, runId, message } = sent.data!.sendChatMessage as {
      conversationId: string;
      runId: string;
      message: { status: string };
    };
    expect(message.status).toBe('running');
    const events = await watchRun(t.gateway.url, ann, runId);
    const streamed = events
      .filter((event) => event.type === 'node_partial' && event.nodeId === 'gen')
      .map((event) => (event as { text: string }).text);
    expect(streamed.length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'succeeded' });
    const conversation = await t.graphql(
      'query($id: ID!) { conversation(id: $id) { messages { answer status runId } } }',
      { id: conversationId },
      ann,
    );
    expect(conversation.data).toEqual({
      conversation: { messages: [{ answer: streamed.join(''), status: 'succeeded', runId }] },
    });
  });

  it('gives a Chat Input app’s AI block the conversation so far after its prompt', async () => {
    const app = await create(t, ann, chatApp);
    const first = await t.api('POST', `/apps/${app.id}/chat`, {
      token: ann,
      body: { message: 'Hi, I am Ann.' },
    });
    expect(lastPrompt()).toBe('Reply to: Hi, I am Ann.');
    await t.api('POST', `/apps/${app.id}/chat`, {
      token: ann,
      body: { message: 'What is my name?', conversationId: first.body.conversationId },
    });
    expect(lastPrompt()).toBe(
      `Reply to: What is my name?\n\n${CONVERSATION_HEADING}\nPerson: Hi, I am Ann.\nAssistant: ${first.body.answer}`,
    );
  });
});

describe('stopping an answer', () => {
  let t: Api;
  let ann: string;
  let hanging: HangingApi;

  beforeAll(async () => {
    // A service that takes the request and never answers: the run waits on it until stopped.
    hanging = await startHangingApi();
    t = await startApiTestGateway({ DEFAULT_PLAN: 'starter' });
    ann = await signUp(t, 'ann@example.com');
  });

  afterAll(async () => {
    await t.close();
    await hanging?.close();
  });

  it('ends its run aborted and refunded; the message keeps no answer', async () => {
    const slow: AppConfig = probeApp(
      [
        probePlugin('in', 'chatInput'),
        probePlugin('http', 'httpRequest', { url: hanging.url, timeout_seconds: 30 }),
        probePlugin('gen', 'textGeneration', { prompt_template: 'Sum up {{input_text}}' }),
      ],
      [
        ['in', 'http'],
        ['http', 'gen'],
      ],
    );
    const app = await create(t, ann, slow);
    const before = await balance(t, ann);
    const sent = await t.graphql(
      'mutation($appId: ID!) { sendChatMessage(appId: $appId, message: "Tell me a long story") { conversationId runId cost } }',
      { appId: app.id },
      ann,
    );
    expect(sent.errors).toBeUndefined();
    const { conversationId, runId, cost } = sent.data!.sendChatMessage as {
      conversationId: string;
      runId: string;
      cost: number;
    };
    // The HTTP Request and the Text AI, charged as the run starts.
    expect(cost).toBe(2);
    await waitFor(async () => hanging.seen.length > 0);
    const stop = 'mutation($id: ID!) { stopChatMessage(conversationId: $id) }';
    expect((await t.graphql(stop, { id: conversationId }, ann)).data).toEqual({ stopChatMessage: true });
    await waitFor(async () => {
      const conversation = await t.api('GET', `/conversations/${conversationId}`, { token: ann });
      return conversation.body.messages[0].status === 'failed';
    });
    const conversation = await t.api('GET', `/conversations/${conversationId}`, { token: ann });
    expect(conversation.body.messages[0]).toMatchObject({ answer: null, runId });
    expect((await t.api('GET', `/runs/${runId}`, { token: ann })).body.status).toBe('aborted');
    expect(await balance(t, ann)).toBe(before);
    // Nothing is being answered any more.
    expect((await t.graphql(stop, { id: conversationId }, ann)).data).toEqual({ stopChatMessage: false });
  });
});

describe.each(databaseTargets)('/api chat routes on %s', (_name, serverUrl) => {
  let t: Api;
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    database = serverUrl ? await openTestDatabase(serverUrl) : undefined;
    t = await startApiTestGateway({
      ADMIN_EMAILS: 'admin@example.com',
      ...(serverUrl ? { DATABASE_URL: database?.url ?? serverUrl } : {}),
    });
    ann = await signUp(t, 'ann@example.com');
    bob = await signUp(t, 'bob@example.com');
  });

  afterAll(async () => {
    await t.close();
    await database?.close();
  });

  const chat = (token: string, appId: string, body: unknown) =>
    t.api('POST', `/apps/${appId}/chat`, { token, body });

  it('hands a Chat Input the conversation so far (its step shows it) and keeps the conversation', async () => {
    const app = await create(t, ann, chatApp);
    const first = await chat(ann, app.id, { message: 'Lighthouse keepers' });
    expect(first.status).toBe(200);
    expect(first.body.answer).toContain('[Offline preview]');
    const second = await chat(ann, app.id, {
      message: 'And their families?',
      conversationId: first.body.conversationId,
    });
    expect(second.status).toBe(200);
    const run = await t.api('GET', `/runs/${second.body.run.id}`, { token: ann });
    const input = (
      run.body.steps as { nodeId: string; inputs: unknown; outputs: Record<string, unknown> }[]
    ).find((step) => step.nodeId === 'in')!;
    expect(input.outputs.chat_history).toBe(`Person: Lighthouse keepers\nAssistant: ${first.body.answer}`);
    expect(input.outputs.input_text).toBe('And their families?');

    const conversation = await t.api('GET', `/conversations/${first.body.conversationId}`, { token: ann });
    expect(conversation.status).toBe(200);
    expect(conversation.body).toMatchObject({
      id: first.body.conversationId,
      appId: app.id,
      title: 'Lighthouse keepers',
      turns: 2,
    });
    expect(conversation.body.messages).toMatchObject([
      { position: 0, message: 'Lighthouse keepers', answer: first.body.answer, runId: first.body.run.id },
      { position: 1, message: 'And their families?', answer: second.body.answer, runId: second.body.run.id },
    ]);
  });

  it('chats with someone else’s store app whose one input is a text input, remembering the first turn', async () => {
    const app = await create(t, ann, probeTextApp(), 'Store writer');
    await t.api('POST', `/apps/${app.id}/publish`, { token: ann });
    const admin = await t.signUpAdmin('admin@example.com');
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
    const before = await balance(t, bob);
    const first = await chat(bob, app.id, { message: 'Lighthouse keepers' });
    expect(first.status).toBe(200);
    const second = await chat(bob, app.id, {
      message: 'and in French?',
      conversationId: first.body.conversationId,
    });
    expect(second.status).toBe(200);
    // The offline model restates what it was given: the follow-up, and what the first turn was about.
    expect(second.body.answer).toMatch(/and in French\?/);
    expect(second.body.answer).toMatch(/lighthouse keepers/i);
    expect(await balance(t, bob)).toBe(before - 2);
    const history = await t.api('GET', '/credits/history?limit=1', { token: bob });
    expect(history.body.history[0]).toMatchObject({ action_type: 'published', credits_used: 1 });
    const listed = await t.api('GET', `/conversations?appId=${app.id}`, { token: bob });
    expect(listed.body.conversations).toEqual([
      expect.objectContaining({ id: first.body.conversationId, title: 'Lighthouse keepers', turns: 2 }),
    ]);
    // Ann, the app's owner, does not see Bob's conversation.
    expect((await t.api('GET', `/conversations?appId=${app.id}`, { token: ann })).body.conversations).toEqual(
      [],
    );
  });

  it('answers 404 for another person’s conversation, whatever is asked of it', async () => {
    const app = await create(t, ann, probeTextApp());
    const mine = await chat(ann, app.id, { message: 'A secret plan' });
    const id = mine.body.conversationId as string;
    const notFound = { error: 'not_found', message: 'Conversation not found.' };
    expect(await t.api('GET', `/conversations/${id}`, { token: bob })).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(
      await t.api('PATCH', `/conversations/${id}`, { token: bob, body: { title: 'Mine now' } }),
    ).toMatchObject({ status: 404, body: notFound });
    expect(await t.api('DELETE', `/conversations/${id}`, { token: bob })).toMatchObject({ status: 404 });
    const before = await balance(t, bob);
    // Continuing it is refused before anything is charged (the app is Ann's draft: not found either).
    expect((await chat(bob, app.id, { message: 'hi', conversationId: id })).status).toBe(404);
    expect(await balance(t, bob)).toBe(before);
    expect((await t.api('GET', `/conversations/${id}`, { token: ann })).status).toBe(200);
  });

  it('renames and deletes a conversation; its runs stay in run history', async () => {
    const app = await create(t, ann, probeTextApp());
    const first = await chat(ann, app.id, { message: 'Tides\nand the moon' });
    const id = first.body.conversationId as string;
    expect((await t.api('GET', `/conversations/${id}`, { token: ann })).body.title).toBe('Tides');
    const renamed = await t.api('PATCH', `/conversations/${id}`, {
      token: ann,
      body: { title: '  Moon talk ' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { id, title: 'Moon talk', turns: 1 } });
    expect(
      (await t.api('PATCH', `/conversations/${id}`, { token: ann, body: { title: '   ' } })).body.error,
    ).toBe('bad_request');
    expect(await t.api('DELETE', `/conversations/${id}`, { token: ann })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await t.api('GET', `/conversations/${id}`, { token: ann })).status).toBe(404);
    expect((await t.api('GET', `/conversations?appId=${app.id}`, { token: ann })).body.conversations).toEqual(
      [],
    );
    const turns = await t.gateway.database.dataSource
      .getRepository(ConversationTurn)
      .countBy({ conversationId: id });
    expect(turns).toBe(0);
    expect((await t.api('GET', `/runs/${first.body.run.id}`, { token: ann })).body.source).toBe('chat');
  });

  it('regenerates the last answer in its place, paying for the new run', async () => {
    const app = await create(t, ann, probeTextApp());
    const first = await chat(ann, app.id, { message: 'Owls' });
    const id = first.body.conversationId as string;
    const second = await chat(ann, app.id, { message: 'Why at night?', conversationId: id });
    const before = await balance(t, ann);
    const again = await chat(ann, app.id, { conversationId: id, regenerate: true });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatchObject({ position: 1, message: 'Why at night?' });
    expect(again.body.run.id).not.toBe(second.body.run.id);
    expect(await balance(t, ann)).toBe(before - 1);
    const conversation = await t.api('GET', `/conversations/${id}`, { token: ann });
    expect(conversation.body.messages.map((m: { runId: string }) => m.runId)).toEqual([
      first.body.run.id,
      again.body.run.id,
    ]);
    expect((await chat(ann, app.id, { regenerate: true })).body.message).toMatch(/no answer to regenerate/);
  });

  it('refuses an app that asks for more than one input, saying why, and charges nothing', async () => {
    const app = await create(t, ann, twoInputs);
    const before = await balance(t, ann);
    const answer = await chat(ann, app.id, { message: 'Hello' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'This app asks for more than one input, so it cannot be chatted with: run it from its form.',
    );
    expect(await balance(t, ann)).toBe(before);
  });

  it('answers a failed turn as execute does, with its conversation, and keeps it out of the memory', async () => {
    const poor = await signUp(t, 'poor@example.com');
    const app = await create(t, poor, probeTextApp());
    await t.gateway.database.dataSource.query(
      "UPDATE credit_balances SET balance = 0 WHERE user_id = (SELECT id FROM users WHERE email = 'poor@example.com')",
    );
    const runs = await t.gateway.database.dataSource.getRepository(RunRecord).count();
    const refused = await chat(poor, app.id, { message: 'Hello' });
    expect(refused).toMatchObject({ status: 402, body: { error: 'insufficient_credits' } });
    expect(await t.gateway.database.dataSource.getRepository(RunRecord).count()).toBe(runs);
    expect((await t.api('GET', '/conversations', { token: poor })).body.conversations).toEqual([]);
  });

  describe('refuses what it cannot take with a clear 400, never a 5xx', () => {
    let appId: string;
    beforeAll(async () => {
      appId = (await create(t, ann, probeTextApp())).id;
    });

    it.each([
      ['a NUL character', { message: 'a\u0000b' }, /message/],
      ['an empty message', { message: '   ' }, /not empty/],
      ['no message', {}, /not empty/],
      ['a number', { message: 42 }, /message/],
      ['an object', { message: { text: 'hi' } }, /message/],
      ['a huge message', { message: 'x'.repeat(20_001) }, /message/],
      ['a conversation id that is not one', { message: 'hi', conversationId: 'nope' }, /conversationId/],
    ])('%s', async (_name, body, says) => {
      const answer = await chat(ann, appId, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('bad_request');
      expect(answer.body.message).toMatch(says);
    });

    it('a lone surrogate, sent as JSON text', async () => {
      const answer = await t.api('POST', `/apps/${appId}/chat`, {
        token: ann,
        raw: '{"message":"half an emoji \\ud83d"}',
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/surrogate/);
    });

    it('a body larger than the server takes', async () => {
      const answer = await chat(ann, appId, { message: 'x'.repeat(1_100_000) });
      expect(answer.status).toBe(413);
    });

    it('a conversation that does not exist: 404', async () => {
      const answer = await chat(ann, appId, {
        message: 'hi',
        conversationId: '00000000-0000-4000-8000-000000000000',
      });
      expect(answer).toMatchObject({ status: 404, body: { error: 'not_found' } });
    });

    it('random bodies', async () => {
      const values = [null, true, 0, -1, 1e308, '', 'x', '\u202e', '💥'.repeat(3), [], {}, [1], { a: 1 }];
      for (const message of values) {
        for (const extra of [{}, { regenerate: true }, { conversationId: null }, { regenerate: 'yes' }]) {
          const answer = await chat(ann, appId, { message, ...extra });
          expect(answer.status).toBeLessThan(500);
        }
      }
    });
  });
});
