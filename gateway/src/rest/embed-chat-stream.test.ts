import type { RunEvent } from '@blocksmith/schema';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { startHangingApi, type HangingApi } from '../testing/loopback-api';

/**
 * An embed's chat answered as it is written: a visitor on the owner's credits (no session, their
 * token) sends a message that answers at once, follows its run's events with
 * `embeddedChatProgress`, and may stop it. Another visitor's token follows nothing.
 */

jest.setTimeout(240_000);

const SEND = `mutation ($slug: String!, $message: String, $conversationId: ID, $token: String) {
  sendEmbeddedChatMessage(slug: $slug, message: $message, conversationId: $conversationId, visitorToken: $token) {
    conversationId runId cost message { status answer } } }`;
const STOP = `mutation ($slug: String!, $id: ID!, $token: String) {
  stopEmbeddedChatMessage(slug: $slug, conversationId: $id, visitorToken: $token) }`;
const READ = `query ($slug: String!, $id: ID!, $token: String) {
  embeddedConversation(slug: $slug, id: $id, visitorToken: $token) { messages { status answer runId } } }`;
const PROGRESS = `subscription ($slug: String!, $id: ID!, $runId: ID!, $token: String) {
  embeddedChatProgress(slug: $slug, conversationId: $id, runId: $runId, visitorToken: $token) }`;

const VISITOR = 'visitor-token-0123456789-abcdefghij';
const OTHER_VISITOR = 'visitor-token-9876543210-zyxwvutsrq';

interface Started {
  conversationId: string;
  runId: string;
  cost: number;
  message: { status: string; answer: string | null };
}

/** A visitor's subscription over graphql-ws, without a session: its events, or its first error. */
function progress(
  gatewayUrl: string,
  variables: Record<string, unknown>,
  onEvent: (event: RunEvent) => void = () => undefined,
): Promise<RunEvent[]> {
  const client = createClient({
    url: gatewayUrl.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
  });
  const events: RunEvent[] = [];
  return new Promise<RunEvent[]>((resolve, reject) => {
    client.subscribe<{ embeddedChatProgress: RunEvent }>(
      { query: PROGRESS, variables },
      {
        next: (message) => {
          if (message.errors) reject(new Error(message.errors[0]!.message));
          else {
            events.push(message.data!.embeddedChatProgress);
            onEvent(message.data!.embeddedChatProgress);
          }
        },
        error: (error) => {
          void client.dispose();
          reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        },
        complete: () => {
          void client.dispose();
          resolve(events);
        },
      },
    );
  });
}

describe('an embed’s chat, streamed and stopped', () => {
  let t: ApiTestGateway;
  let owner: string;
  let admin: string;
  let hanging: HangingApi;

  const credits = async () =>
    (await t.api('GET', '/credits/balance', { token: owner })).body.credits as number;

  /** Publishes an app of the owner's, embeddable with the owner paying for visitors. */
  async function published(name: string, config: ReturnType<typeof probeApp>): Promise<string> {
    const created = await t.api('POST', '/apps', {
      token: owner,
      body: { name, category: 'Content', config },
    });
    expect(created.status).toBe(201);
    const { id, slug } = created.body as { id: string; slug: string };
    await t.api('POST', `/apps/${id}/publish`, { token: owner });
    await t.api('POST', `/apps/${id}/review`, { token: admin, body: { status: 'approved' } });
    const pays = await t.graphql(
      'mutation ($id: ID!) { updateEmbedSettings(appId: $id, paysOwner: true, monthlyCredits: 100) { paysOwner } }',
      { id },
      owner,
    );
    expect(pays.errors).toBeUndefined();
    return slug;
  }

  const send = async (slug: string, message: string): Promise<Started> => {
    const sent = await t.graphql(SEND, { slug, message, token: VISITOR });
    expect(sent.errors).toBeUndefined();
    return sent.data!.sendEmbeddedChatMessage as Started;
  };

  beforeAll(async () => {
    // A service that takes the request and never answers: the run waits on it until stopped.
    hanging = await startHangingApi();
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: owner } = await t.signUpViaApi('owner@example.com', { credits: true }));
    admin = await t.signUpAdmin('admin@example.com');
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'starter' WHERE email = 'owner@example.com'",
    );
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await hanging?.close();
  });

  it('answers a visitor at once and streams the answer to them alone', async () => {
    const slug = await published('Streamed tutor', probeTextApp());
    const started = await send(slug, 'How do you say hello in Spanish?');
    expect(started.message).toEqual({ status: 'running', answer: null });
    const variables = { slug, id: started.conversationId, runId: started.runId };
    // Another visitor's token follows nothing of it.
    await expect(progress(t.gateway.url, { ...variables, token: OTHER_VISITOR })).rejects.toThrow(
      'Conversation not found.',
    );
    const events = await progress(t.gateway.url, { ...variables, token: VISITOR });
    expect(events[0]).toMatchObject({ type: 'run_started', runId: started.runId });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'succeeded' });
    const streamed = events
      .filter((event) => event.type === 'node_partial')
      .map((event) => (event as { text: string }).text)
      .join('');
    const read = await t.graphql(READ, { slug, id: started.conversationId, token: VISITOR });
    const [message] = (read.data!.embeddedConversation as { messages: { answer: string; status: string }[] })
      .messages;
    expect(message).toMatchObject({ status: 'succeeded', answer: expect.stringContaining('Spanish') });
    expect(message!.answer).toContain(streamed);
    // A run of the conversation's app that is not one of its messages' is not found.
    await expect(
      progress(t.gateway.url, { ...variables, runId: started.conversationId, token: VISITOR }),
    ).rejects.toThrow('Run not found.');
  });

  it('stops a visitor’s answer being written: refunded to the owner, the message without an answer', async () => {
    const slug = await published(
      'Slow tutor',
      probeApp(
        [
          probePlugin('in', 'textInput', { label: 'Question' }),
          probePlugin('http', 'httpRequest', { url: hanging.url, timeout_seconds: 30 }),
          probePlugin('gen', 'textGeneration', { prompt_template: 'Sum up {{input_text}}' }),
        ],
        [
          ['in', 'http'],
          ['http', 'gen'],
        ],
      ),
    );
    const before = await credits();
    const started = await send(slug, 'Tell me a long story');
    expect(started.cost).toBeGreaterThan(0);
    const variables = { slug, id: started.conversationId, runId: started.runId, token: VISITOR };
    let stopped: Promise<unknown> | null = null;
    const events = await progress(t.gateway.url, variables, (event) => {
      // Once the slow block has started, the visitor stops the answer.
      if (event.type === 'node_started' && event.nodeId === 'http')
        stopped ??= t.graphql(STOP, { slug, id: started.conversationId, token: VISITOR });
    });
    expect(await stopped).toMatchObject({ data: { stopEmbeddedChatMessage: true } });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'aborted' });
    const read = await t.graphql(READ, { slug, id: started.conversationId, token: VISITOR });
    expect((read.data!.embeddedConversation as { messages: unknown[] }).messages).toEqual([
      { status: 'failed', answer: null, runId: started.runId },
    ]);
    expect(await credits()).toBe(before);
    // Nothing is being answered any more; another visitor stops nothing of theirs.
    expect((await t.graphql(STOP, { slug, id: started.conversationId, token: VISITOR })).data).toEqual({
      stopEmbeddedChatMessage: false,
    });
    const other = await t.graphql(STOP, { slug, id: started.conversationId, token: OTHER_VISITOR });
    expect(other.errors?.[0]?.message).toBe('Conversation not found.');
  });
});
