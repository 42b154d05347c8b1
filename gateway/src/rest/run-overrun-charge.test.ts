import type { AppConfig } from '@blocksmith/schema';
import { afterTextGeneration, createAndExecute, overrunningBlock } from '../testing/overrun-probe';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * A run that fails because a block overran its time keeps that block's charge (the time was used)
 * and refunds the rest, over real HTTP: what the account pays, the history and the stats, and the
 * failure message that says so.
 */

jest.setTimeout(120_000);

/** text input -> Text Generation -> the overrunning block. */
const straight: AppConfig = afterTextGeneration();

/** text input -> For Each (lines, all at once) -> the overrunning block -> Collect. */
const looping: AppConfig = probeApp(
  [
    probePlugin('in', 'textInput', { label: 'Lines', multiline: true }),
    probePlugin('each', 'forEach', { split: 'lines', concurrency: 3 }),
    probePlugin('slow', 'probeOverrun'),
    probePlugin('end', 'collect'),
  ],
  [
    ['in', 'each'],
    ['each', 'slow'],
    ['slow', 'end'],
  ],
);

describe('a run whose block overran its time', () => {
  let t: ApiTestGateway;
  let token: string;

  const balance = async () => (await t.api('GET', '/credits/balance', { token })).body.credits as number;

  async function execute(config: AppConfig, input: string) {
    return (await createAndExecute(t, token, config, input)).answer;
  }

  beforeAll(async () => {
    t = await startApiTestGateway();
    t.gateway.registry.register(overrunningBlock, 'test');
    ({ token } = await t.signUpViaApi('ann@example.com', { credits: true }));
  });

  afterAll(() => t.close());

  it('fails, charges exactly the overrun block’s cost, says so, and shows it in the credit history', async () => {
    const before = await balance();
    const answer = await execute(straight, 'hello');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('stopped at its 1-second limit');
    expect(answer.body.message).toContain('1 credit was kept for the time used, the rest refunded.');
    expect(await balance()).toBe(before - 1);

    const history = await t.api('GET', '/credits/history', { token });
    expect(history.status).toBe(200);
    const entries = (history.body.history ?? history.body) as { block_type: string; credits_used: number }[];
    expect(entries.map((entry) => [entry.block_type, entry.credits_used])).toEqual([['code', 1]]);
    const stats = await t.api('GET', '/credits/stats', { token });
    expect(stats.body).toMatchObject({ totalCreditsUsed: 1, totalExecutions: 1 });

    // The run as stored says the same.
    const stored = await t.api('GET', `/runs/${answer.body.runId}`, { token });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ status: 'failed', error: answer.body.message });
  });

  it('keeps one charge per loop item that overran', async () => {
    const before = await balance();
    const answer = await execute(looping, 'a\nb\nc');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('3 credits were kept for the time used.');
    expect(await balance()).toBe(before - 3);
  });
});
