import type { AppConfig } from '@blocksmith/schema';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const RUN = `mutation ($slug: String!, $text: String!) {
  runEmbedded(slug: $slug, inputs: { input_text: $text }) { status cost error errorCode } }`;
const SETTINGS = `mutation ($id: ID!, $cap: Int!) {
  updateEmbedSettings(appId: $id, paysOwner: true, monthlyCredits: $cap) { monthlyCredits } }`;
const USED = 'query ($id: ID!) { embedSettings(appId: $id) { usedThisMonth } }';

/** text input -> For Each (lines, one at a time) -> Text Generation (1 credit an item) -> Collect -> display. */
const looping: AppConfig = probeApp(
  [
    probePlugin('in', 'textInput', { label: 'Lines', multiline: true }),
    probePlugin('each', 'forEach', { split: 'lines', concurrency: 1 }),
    probePlugin('gen', 'textGeneration', { prompt_template: 'Rhyme with {{item}}' }),
    probePlugin('end', 'collect'),
    probePlugin('show', 'textDisplay'),
  ],
  [
    ['in', 'each'],
    ['each', 'gen'],
    ['gen', 'end'],
    ['end', 'show'],
  ],
);

/** text input -> Condition (contains "yes") -> true: Text Generation -> display; false: display. */
const routed: AppConfig = probeApp(
  [
    probePlugin('in', 'textInput', { label: 'Question' }),
    probePlugin('if', 'condition', { rule: 'contains', value: 'yes' }),
    probePlugin('gen', 'textGeneration', { prompt_template: 'Answer {{input_text}}' }),
    probePlugin('show', 'textDisplay'),
    probePlugin('plain', 'textDisplay'),
  ],
  [
    ['in', 'if'],
    ['if', 'gen', 'true'],
    ['gen', 'show'],
    ['if', 'plain', 'false'],
  ],
);

const CAP_MESSAGE = /owner’s monthly embed credits are used up/;

describe('an embed’s monthly cap counts every charge of a run', () => {
  let t: ApiTestGateway;
  let owner: string;
  let loop: { id: string; slug: string };
  let route: { id: string; slug: string };

  const balance = async () =>
    (await t.api('GET', '/credits/balance', { token: owner })).body.credits as number;
  const used = async (app: { id: string }) =>
    (await t.graphql(USED, { id: app.id }, owner)).data!.embedSettings.usedThisMonth as number;
  const run = async (app: { slug: string }, text: string) => {
    const answer = await t.graphql(RUN, { slug: app.slug, text });
    expect(answer.errors).toBeUndefined();
    return answer.data!.runEmbedded as {
      status: string;
      cost: number;
      error: string | null;
      errorCode: string;
    };
  };

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: owner } = await t.signUpViaApi('owner@example.com', { credits: true }));
    const admin = await t.signUpAdmin('admin@example.com');
    await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE email = $1", [
      'owner@example.com',
    ]);
    const publish = async (name: string, config: AppConfig) => {
      const app = (
        await t.api('POST', '/apps', { token: owner, body: { name, category: 'Content', config } })
      ).body as { id: string; slug: string };
      await t.api('POST', `/apps/${app.id}/publish`, { token: owner });
      await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
      return app;
    };
    loop = await publish('Rhymes', looping);
    route = await publish('Answers', routed);
  });
  afterAll(() => t.close());

  it('stops a loop at the cap before the block that would pass it, and gives back what the run counted', async () => {
    expect((await t.graphql(SETTINGS, { id: loop.id, cap: 5 }, owner)).errors).toBeUndefined();
    const before = await balance();
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const stopped = await run(loop, lines);
    expect(stopped).toMatchObject({ status: 'failed', errorCode: 'INSUFFICIENT_CREDITS' });
    expect(stopped.error).toMatch(CAP_MESSAGE);
    expect(stopped.error).toContain('5 credits a month');
    // Failed, so refunded whole: the owner's balance and the cap are as before.
    expect(await balance()).toBe(before);
    expect(await used(loop)).toBe(0);

    // Within the cap the loop runs and every item counts.
    const three = await run(loop, 'a\nb\nc');
    expect(three).toMatchObject({ status: 'succeeded', cost: 3 });
    expect(await used(loop)).toBe(3);
    expect(await balance()).toBe(before - 3);
    // Two more fit, a third does not: the run stops, and the cap keeps only the earlier run's 3.
    const over = await run(loop, 'd\ne\nf');
    expect(over.status).toBe('failed');
    expect(over.error).toMatch(CAP_MESSAGE);
    expect(await used(loop)).toBe(3);
    expect(await balance()).toBe(before - 3);
  });

  it('counts the blocks after a route', async () => {
    expect((await t.graphql(SETTINGS, { id: route.id, cap: 1 }, owner)).errors).toBeUndefined();
    const before = await balance();
    expect(await run(route, 'yes please')).toMatchObject({ status: 'succeeded', cost: 1 });
    expect(await used(route)).toBe(1);
    // The cap is used up: the route's block is not run, nothing is charged.
    const refused = await run(route, 'yes again');
    expect(refused).toMatchObject({ status: 'failed', errorCode: 'INSUFFICIENT_CREDITS' });
    expect(refused.error).toMatch(CAP_MESSAGE);
    // A route with no charged block still runs.
    expect(await run(route, 'no thanks')).toMatchObject({ status: 'succeeded', cost: 0 });
    expect(await used(route)).toBe(1);
    expect(await balance()).toBe(before - 1);
  });
});
