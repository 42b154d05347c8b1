import { BlockOverrunError, defineBlock, output } from '@blocksmith/block-sdk';
import type { AppConfig } from '@blocksmith/schema';
import { AnalyticsEvent } from '../data/entities';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * What a failed run says of its charge, over real HTTP: execute's error body is `refunded: true`
 * only when the whole charge was given back, GraphQL `Run.keptCredits` names what was kept, and the
 * `app_executed` event reports what the run cost.
 */

jest.setTimeout(120_000);

/** Stands for a script stopped at its time limit: it always overruns. */
const overrunning = defineBlock({
  kind: 'probeKeptOverrun',
  name: 'Probe Kept Overrun',
  description: 'Runs past its time limit.',
  category: 'ai',
  cost: 1,
  historyType: 'code',
  settings: {},
  outputs: { result: output.json() },
  run() {
    throw new BlockOverrunError('The script stopped at its 1-second limit.', 1_000);
  },
});

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

/** text input -> Text Generation -> `kind`. */
const app = (kind: string): AppConfig =>
  probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Text' }),
      probePlugin('gen', 'textGeneration', { prompt_template: 'Say {{input_text}}' }),
      probePlugin('last', kind),
    ],
    [
      ['in', 'gen'],
      ['gen', 'last'],
    ],
  );

describe('a failed run’s charge as the answers tell it', () => {
  let t: ApiTestGateway;
  let token: string;

  async function execute(config: AppConfig) {
    const created = await t.api('POST', '/apps', {
      token,
      body: { name: 'Charged', category: 'Content', config },
    });
    expect(created.status).toBe(201);
    const answer = await t.api('POST', `/apps/${created.body.id}/execute`, {
      token,
      body: { inputData: { input_text: 'hello' } },
    });
    return { appId: created.body.id as string, answer };
  }

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

  beforeAll(async () => {
    t = await startApiTestGateway();
    t.gateway.registry.register(overrunning, 'test');
    t.gateway.registry.register(failing, 'test');
    ({ token } = await t.signUpViaApi('kim@example.com', { credits: true }));
  }, 60_000);

  afterAll(() => t.close());

  it('is not refunded when a block that overran kept its charge, and says what was kept', async () => {
    const { appId, answer } = await execute(app('probeKeptOverrun'));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('1 credit was kept for the time used, the rest refunded.');
    expect(answer.body).toMatchObject({ refunded: false, runId: expect.any(String) });
    expect(await keptCredits(answer.body.runId)).toBe(1);
    expect(await executedEvent(appId)).toMatchObject({ credits_used: 1, success: false });
  });

  it('is refunded when the whole charge was given back', async () => {
    const { appId, answer } = await execute(app('probeKeptFailing'));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ refunded: true, runId: expect.any(String) });
    expect(await keptCredits(answer.body.runId)).toBe(0);
    expect(await executedEvent(appId)).toMatchObject({ credits_used: 0, success: false });
  });

  it('keeps nothing of a run that succeeded, and reports what it cost', async () => {
    const { appId, answer } = await execute(app('textGeneration'));
    expect(answer.status).toBe(200);
    expect(await keptCredits(answer.body.run.id)).toBe(0);
    expect(await executedEvent(appId)).toMatchObject({ credits_used: 2, success: true });
  });
});
