import { openTestDatabase } from '../testing/database';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { startHangingApi, type HangingApi } from '../testing/loopback-api';

/**
 * Stopping a chat answer across processes (PostgreSQL, TEST_DATABASE_URL): the message is sent to
 * gateway A, whose run executes there, and stopped through gateway B. B asks A (NOTIFY) and waits:
 * the run ends aborted and refunded, B answers true, and the message keeps no answer. Once nothing
 * is being answered, a stop answers false.
 */

jest.setTimeout(240_000);

const shared = process.env.TEST_DATABASE_URL;

/** Waits for `done` to hold, asking again every 50 ms (two minutes at most: a busy machine is slow). */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('Waited two minutes in vain.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

(shared ? describe : describe.skip)('stopping a chat answer on another process (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: ApiTestGateway;
  let b: ApiTestGateway;
  let hanging: HangingApi;

  beforeAll(async () => {
    // A service that takes the request and never answers: the run waits on it until stopped.
    hanging = await startHangingApi();
    database = await openTestDatabase(shared);
    const env = { DATABASE_URL: database.url ?? shared!, DEFAULT_PLAN: 'starter' };
    a = await startApiTestGateway(env);
    b = await startApiTestGateway(env);
  }, 180_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.close();
    await hanging?.close();
  });

  it('stops the run where it executes and answers true; false once nothing is answered', async () => {
    const { token } = await a.signUpViaApi('ann@example.com', { credits: true });
    const created = await a.api('POST', '/apps', {
      token,
      body: {
        name: 'Slow chat',
        category: 'Content',
        config: probeApp(
          [
            probePlugin('in', 'chatInput'),
            probePlugin('http', 'httpRequest', { url: hanging.url, timeout_seconds: 30 }),
            probePlugin('gen', 'textGeneration', { prompt_template: 'Sum up {{input_text}}' }),
          ],
          [
            ['in', 'http'],
            ['http', 'gen'],
          ],
        ),
      },
    });
    expect(created.status).toBe(201);
    const balance = async () => (await b.api('GET', '/credits/balance', { token })).body.credits as number;
    const before = await balance();
    const sent = await a.graphql(
      'mutation($appId: ID!) { sendChatMessage(appId: $appId, message: "Tell me a long story") { conversationId runId } }',
      { appId: created.body.id },
      token,
    );
    expect(sent.errors).toBeUndefined();
    const { conversationId, runId } = sent.data!.sendChatMessage as { conversationId: string; runId: string };
    await waitFor(async () => hanging.seen.length > 0);
    // The run executes on A, not on B.
    expect(a.gateway.services.runs.executing()).toContain(runId);
    expect(b.gateway.services.runs.executing()).not.toContain(runId);

    const stop = 'mutation($id: ID!) { stopChatMessage(conversationId: $id) }';
    expect((await b.graphql(stop, { id: conversationId }, token)).data).toEqual({ stopChatMessage: true });
    const run = await b.api('GET', `/runs/${runId}`, { token });
    expect(run.body.status).toBe('aborted');
    await waitFor(async () => {
      const read = await b.api('GET', `/conversations/${conversationId}`, { token });
      return read.body.messages[0].status === 'failed';
    });
    const conversation = await b.api('GET', `/conversations/${conversationId}`, { token });
    expect(conversation.body.messages[0]).toMatchObject({ answer: null, runId });
    await waitFor(async () => (await balance()) === before);
    expect(a.gateway.services.runs.executing()).not.toContain(runId);
    // Nothing is being answered any more.
    expect((await b.graphql(stop, { id: conversationId }, token)).data).toEqual({ stopChatMessage: false });
  });
});
