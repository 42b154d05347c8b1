import type { AppConfig } from '@blocksmith/schema';
import { CONVERSATION_HEADING } from '../services/chat/conversation-provider';
import { databaseTargets, openTestDatabase } from '../testing/database';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai-server';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * A chat app whose answer waits for its owner's approval, over real HTTP: the message is answered
 * `waiting` (not failed), the conversation shows it waiting and takes no next message; approved,
 * the answer (as the owner changed it) fills the message and the next turn remembers it; rejected,
 * the message ends failed saying so. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

jest.setTimeout(240_000);

/** Chat Input -> Text AI -> Approval -> Text Display. */
const approvedChat: AppConfig = probeApp(
  [
    probePlugin('in', 'chatInput'),
    probePlugin('gen', 'textGeneration', { prompt_template: 'Reply to: {{input_text}}' }),
    probePlugin('check', 'approval'),
    probePlugin('show', 'textDisplay'),
  ],
  [
    ['in', 'gen'],
    ['gen', 'check'],
    ['check', 'show'],
  ],
);

interface Message {
  message: string;
  status: string;
  answer: string | null;
  error: string | null;
  runId: string;
}

describe.each(databaseTargets)('a chat answer that waits for approval (%s)', (_name, serverUrl) => {
  let openai: FakeOpenAi;
  let t: ApiTestGateway;
  let database: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
  let ann: string;

  beforeAll(async () => {
    openai = await startFakeOpenAi();
    database = serverUrl ? await openTestDatabase(serverUrl) : null;
    t = await startApiTestGateway({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: `${openai.url}/v1`,
      ...(database && { DATABASE_URL: database.url ?? serverUrl! }),
    });
    ann = (await t.signUpViaApi('ann@example.com', { credits: true })).token;
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await database?.close();
    await openai.close();
  });

  const lastPrompt = () => {
    const body = openai.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body as {
      messages: { role: string; content: string }[];
    };
    return body.messages.filter((m) => m.role === 'user').at(-1)!.content;
  };

  const messages = async (conversationId: string): Promise<Message[]> => {
    const read = await t.api('GET', `/conversations/${conversationId}`, { token: ann });
    expect(read.status).toBe(200);
    return read.body.messages as Message[];
  };

  /** The conversation once its last message is no longer waiting nor answered (two minutes at most). */
  const settled = async (conversationId: string): Promise<Message[]> => {
    const until = Date.now() + 120_000;
    for (;;) {
      const read = await messages(conversationId);
      if (!['running', 'waiting'].includes(read.at(-1)!.status)) return read;
      if (Date.now() > until) throw new Error(`The last message is still ${read.at(-1)!.status}.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const decide = async (runId: string, body: Record<string, unknown>) => {
    const decided = await t.api('POST', `/runs/${runId}/approval`, { token: ann, body });
    expect(decided.status).toBe(200);
  };

  it('keeps the message waiting, fills its answer once approved, and remembers it in the next turn', async () => {
    const created = await t.api('POST', '/apps', {
      token: ann,
      body: { name: 'Careful chat', category: 'Content', config: approvedChat },
    });
    expect(created.status).toBe(201);
    const appId = created.body.id as string;

    const first = await t.api('POST', `/apps/${appId}/chat`, {
      token: ann,
      body: { message: 'How do you say hello in Spanish?' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      answer: '',
      run: { status: 'waiting' },
      message: { position: 0, status: 'waiting', answer: null, error: null },
    });
    const conversationId = first.body.conversationId as string;
    const runId = first.body.run.id as string;
    expect(await messages(conversationId)).toMatchObject([{ status: 'waiting', answer: null, runId }]);

    // No next message (nor regenerate) while it waits: its answer is not there yet.
    for (const body of [
      { message: 'And in French?', conversationId },
      { conversationId, regenerate: true },
    ]) {
      const refused = await t.api('POST', `/apps/${appId}/chat`, { token: ann, body });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `The last message waits for approval (its run: GET /api/runs/${runId}): send the next one once it is approved and answered, or rejected, or start a new conversation.`,
      );
    }

    await decide(runId, { decision: 'approve', text: 'Hola, said with care.' });
    const [answered] = await settled(conversationId);
    expect(answered).toMatchObject({ status: 'succeeded', answer: 'Hola, said with care.', error: null });

    const second = await t.api('POST', `/apps/${appId}/chat`, {
      token: ann,
      body: { message: 'And in French?', conversationId },
    });
    expect(second.status).toBe(200);
    expect(second.body.run.status).toBe('waiting');
    // The approved answer is remembered.
    expect(lastPrompt()).toBe(
      `Reply to: And in French?\n\n${CONVERSATION_HEADING}\nPerson: How do you say hello in Spanish?\nAssistant: Hola, said with care.`,
    );

    await decide(second.body.run.id as string, { decision: 'reject' });
    const [, rejected] = await settled(conversationId);
    expect(rejected).toMatchObject({ status: 'failed', answer: null });
    expect(rejected!.error).toMatch(/^Rejected by the app’s owner: the run stopped there\./);
    // The rejected turn is not remembered; the conversation takes the next message.
    const third = await t.api('POST', `/apps/${appId}/chat`, {
      token: ann,
      body: { message: 'Thanks', conversationId },
    });
    expect(third.status).toBe(200);
    expect(lastPrompt()).not.toContain('And in French?');
  });
});
