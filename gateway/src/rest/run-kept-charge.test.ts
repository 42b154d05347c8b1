import { defineBlock, output } from '@blocksmith/block-sdk';
import { AnalyticsEvent } from '../data/entities';
import { afterTextGeneration, createAndExecute, overrunningBlock } from '../testing/overrun-probe';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * What a failed run says of its charge, over real HTTP: execute's error body is `refunded: true`
 * only when the whole charge was given back, GraphQL `Run.keptCredits` names what was kept, and the
 * `app_executed` event reports what the run cost.
 */

jest.setTimeout(120_000);

/** Fails at once, without overrunning: its charge is given back. */
const failing = defineBlock({
  kind: 'probeKeptFailing',
  name: 'Probe Kept Failing',
  description: 'Fails.',
  category: 'ai',
  cost: 1,
  historyType: 'code',
  settings: {},
  outputs: { result: output.json() },
  run() {
    throw new Error('It could not.');
  },
});

describe('a failed run’s charge as the answers tell it', () => {
  let t: ApiTestGateway;
  let token: string;

  /** Executes text input -> Text Generation -> a block of `kind`. */
  const execute = (kind: string) => createAndExecute(t, token, afterTextGeneration(kind), 'hello');

  async function keptCredits(runId: string): Promise<unknown> {
    const read = await t.graphql('query ($id: ID!) { run(id: $id) { keptCredits } }', { id: runId }, token);
    expect(read.errors).toBeUndefined();
    return (read.data as { run: { keptCredits: number } }).run.keptCredits;
  }

  async function executedEvent(appId: string) {
    await t.gateway.services.analytics.settled();
    const events = await t.gateway.database.dataSource.getRepository(AnalyticsEvent).find();
    return events.find((event) => event.name === 'app_executed' && event.props.app_id === appId)!.props;
  }

  /** The run's GraphQL keptCredits is `kept`, and its app_executed event says `event`. */
  async function expectCharge(appId: string, runId: string, kept: number, event: object): Promise<void> {
    expect(await keptCredits(runId)).toBe(kept);
    expect(await executedEvent(appId)).toMatchObject(event);
  }

  beforeAll(async () => {
    t = await startApiTestGateway();
    t.gateway.registry.register(overrunningBlock, 'test');
    t.gateway.registry.register(failing, 'test');
    ({ token } = await t.signUpViaApi('kim@example.com', { credits: true }));
  });

  afterAll(() => t.close());

  it('is not refunded when a block that overran kept its charge, and says what was kept', async () => {
    const { appId, answer } = await execute('probeOverrun');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('1 credit was kept for the time used, the rest refunded.');
    expect(answer.body).toMatchObject({ refunded: false, runId: expect.any(String) });
    await expectCharge(appId, answer.body.runId, 1, { credits_used: 1, success: false });
  });

  it('is refunded when the whole charge was given back', async () => {
    const { appId, answer } = await execute('probeKeptFailing');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ refunded: true, runId: expect.any(String) });
    await expectCharge(appId, answer.body.runId, 0, { credits_used: 0, success: false });
  });

  it('keeps nothing of a run that succeeded, and reports what it cost', async () => {
    const { appId, answer } = await execute('textGeneration');
    expect(answer.status).toBe(200);
    await expectCharge(appId, answer.body.run.id, 0, { credits_used: 2, success: true });
  });
});
