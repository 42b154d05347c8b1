import { probeApp, probePlugin } from '@blocksmith/engine/testing';
import type { AppConfig } from '@blocksmith/schema';
import { startApiTestGateway, type ApiTestGateway } from '../../testing/rest-client';

/**
 * A run whose For Each ran before it stopped to wait for approval: the loop's hold was settled
 * before the wait, and going on does not set its items aside again nor run them again; the
 * loop's blocks' steps still say they ran. Over real HTTP, the balance read through /api.
 */

jest.setTimeout(180_000);

/** Lines -> For Each (3 items) -> Text Generation -> Collect -> Approval -> Text Generation. */
const loopThenApproval: AppConfig = probeApp(
  [
    probePlugin('in', 'textInput', { label: 'Lines', multiline: true }),
    probePlugin('each', 'forEach', { max_items: 10, concurrency: 2 }),
    probePlugin('gen', 'textGeneration', { prompt_template: 'Rhyme with {{item}}' }),
    probePlugin('end', 'collect'),
    probePlugin('check', 'approval'),
    probePlugin('final', 'textGeneration', { prompt_template: 'Polish {{approved_text}}' }),
  ],
  [
    ['in', 'each'],
    ['each', 'gen'],
    ['gen', 'end'],
    ['end', 'check'],
    ['check', 'final'],
  ],
);

describe('a loop before an approval', () => {
  let t: ApiTestGateway;
  let ann: { token: string; id: string };

  const balance = async (): Promise<number> =>
    (await t.api('GET', '/credits/balance', { token: ann.token })).body.credits as number;

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
  });

  afterAll(() => t.close());

  it('is charged once for the items it ran, before and after the wait', async () => {
    const created = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Rhymes, checked', category: 'Content', config: loopThenApproval },
    });
    expect(created.status).toBe(201);
    const appId = created.body.id as string;
    const before = await balance();
    const started = await t.api('POST', `/apps/${appId}/execute`, {
      token: ann.token,
      body: { inputData: { in: 'cat\nhat\nmat' } },
    });
    expect(started.status).toBe(200);
    expect(started.body.run.status).toBe('waiting');
    const runId = started.body.run.id as string;
    // Three items of the loop's block, and the block after the approval paid with the run.
    expect(before - (await balance())).toBe(4);
    const waiting = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(waiting.body.cost).toBe(4);

    const decided = await t.api('POST', `/runs/${runId}/approval`, {
      token: ann.token,
      body: { decision: 'approve' },
    });
    expect(decided.status).toBe(200);
    let done = waiting.body as { status: string; cost: number; steps: { nodeId: string }[] };
    for (let i = 0; i < 600 && ['waiting', 'running', 'queued'].includes(done.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = (await t.api('GET', `/runs/${runId}`, { token: ann.token })).body;
    }
    expect(done.status).toBe('succeeded');
    expect(done.cost).toBe(4);
    // Its loop's blocks ran before the wait: their step says so after it (not pending).
    expect(done.steps.find((step) => step.nodeId === 'gen')).toMatchObject({ status: 'succeeded', items: 3 });
    expect(before - (await balance())).toBe(4);
  });
});
