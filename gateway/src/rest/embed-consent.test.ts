import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const RUN =
  'mutation ($slug: String!) { runEmbedded(slug: $slug, inputs: { input_text: "tides" }) { status cost } }';
const START =
  'mutation ($slug: String!) { startEmbeddedRun(slug: $slug, inputs: { input_text: "tides" }) { runId cost } }';
const PRICE =
  'query ($slug: String!) { embedRunPrice(slug: $slug) { minCredits maxCredits creatorPrice confirmedMax confirmed } }';
const CONFIRM = `mutation ($slug: String!, $max: Int!) {
  confirmEmbedPrice(slug: $slug, maxCredits: $max) { maxCredits confirmedMax confirmed } }`;
const SET_PRICE =
  'mutation ($id: ID!, $price: Int!) { setCreatorPrice(appId: $id, creatorPrice: $price) { id } }';
const CONFIRM_FIRST = 'Confirm the price of this app before running it here.';

describe('a signed-in run from an embed', () => {
  let t: ApiTestGateway;
  let owner: string;
  let runner: string;
  let other: string;
  let paid: { id: string; slug: string };
  let free: { id: string; slug: string };

  const credits = async (token: string) =>
    (await t.api('GET', '/credits/balance', { token })).body.credits as number;

  const published = async (name: string, config: unknown, admin: string) => {
    const app = (await t.api('POST', '/apps', { token: owner, body: { name, category: 'Content', config } }))
      .body as { id: string; slug: string };
    await t.api('POST', `/apps/${app.id}/publish`, { token: owner });
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
    return app;
  };

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: owner } = await t.signUpViaApi('owner@example.com', { credits: true }));
    ({ token: runner } = await t.signUpViaApi('runner@example.com', { credits: true }));
    ({ token: other } = await t.signUpViaApi('other@example.com', { credits: true }));
    const admin = await t.signUpAdmin('admin@example.com');
    await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE email = $1", [
      'owner@example.com',
    ]);
    paid = await published('Priced poems', probeTextApp(), admin);
    await t.graphql(SET_PRICE, { id: paid.id, price: 3 }, owner);
    free = await published(
      'Echo',
      probeApp(
        [probePlugin('in', 'textInput', { label: 'Topic' }), probePlugin('show', 'textDisplay')],
        [['in', 'show']],
      ),
      admin,
    );
  });
  afterAll(() => t.close());

  it('is refused until the runner confirmed the price, and charges nothing', async () => {
    const price = await t.graphql(PRICE, { slug: paid.slug }, runner);
    expect(price.data?.embedRunPrice).toMatchObject({
      creatorPrice: 3,
      confirmedMax: null,
      confirmed: false,
    });
    const { minCredits, maxCredits } = price.data!.embedRunPrice as {
      minCredits: number;
      maxCredits: number;
    };
    expect(minCredits).toBeGreaterThan(3);
    expect(maxCredits).toBe(minCredits);

    const before = await credits(runner);
    for (const operation of [RUN, START]) {
      const refused = await t.graphql(operation, { slug: paid.slug }, runner);
      expect(refused.errors?.[0]).toMatchObject({
        message: CONFIRM_FIRST,
        extensions: { code: 'PRICE_UNCONFIRMED' },
      });
    }
    expect(await credits(runner)).toBe(before);
  });

  it('runs once the runner confirmed the price they were shown, with live progress or to its end', async () => {
    const { maxCredits } = (await t.graphql(PRICE, { slug: paid.slug }, runner)).data!.embedRunPrice as {
      maxCredits: number;
    };
    // A price lower than the one asked now is no consent to it.
    const tooLow = await t.graphql(CONFIRM, { slug: paid.slug, max: maxCredits - 1 }, runner);
    expect(tooLow.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await t.graphql(PRICE, { slug: paid.slug }, runner)).data?.embedRunPrice.confirmed).toBe(false);

    const confirmed = await t.graphql(CONFIRM, { slug: paid.slug, max: maxCredits }, runner);
    expect(confirmed.data?.confirmEmbedPrice).toEqual({
      maxCredits,
      confirmedMax: maxCredits,
      confirmed: true,
    });

    const before = await credits(runner);
    const run = await t.graphql(RUN, { slug: paid.slug }, runner);
    expect(run.data?.runEmbedded).toEqual({ status: 'succeeded', cost: maxCredits });
    const started = await t.graphql(START, { slug: paid.slug }, runner);
    expect(started.data?.startEmbeddedRun).toMatchObject({ cost: maxCredits });
    await t.gateway.services.runs.drain();
    const stored = await t.graphql(
      'query ($id: ID!) { run(id: $id) { status source } }',
      { id: started.data!.startEmbeddedRun.runId },
      runner,
    );
    expect(stored.data?.run).toEqual({ status: 'succeeded', source: 'embed' });
    expect(await credits(runner)).toBe(before - 2 * maxCredits);
  });

  it('does not count another person’s confirmation', async () => {
    const refused = await t.graphql(RUN, { slug: paid.slug }, other);
    expect(refused.errors?.[0]?.extensions?.code).toBe('PRICE_UNCONFIRMED');
    expect((await t.graphql(PRICE, { slug: paid.slug }, other)).data?.embedRunPrice.confirmed).toBe(false);
  });

  it('asks again once the price rises above the confirmed one, not when it falls', async () => {
    const { maxCredits: confirmedAt } = (await t.graphql(PRICE, { slug: paid.slug }, runner)).data!
      .embedRunPrice as { maxCredits: number };
    await t.graphql(SET_PRICE, { id: paid.id, price: 10 }, owner);
    const risen = await t.graphql(PRICE, { slug: paid.slug }, runner);
    expect(risen.data?.embedRunPrice).toMatchObject({
      maxCredits: confirmedAt + 7,
      confirmedMax: confirmedAt,
      confirmed: false,
    });
    expect((await t.graphql(RUN, { slug: paid.slug }, runner)).errors?.[0]?.message).toBe(CONFIRM_FIRST);

    await t.graphql(SET_PRICE, { id: paid.id, price: 1 }, owner);
    expect((await t.graphql(RUN, { slug: paid.slug }, runner)).data?.runEmbedded.status).toBe('succeeded');
    await t.graphql(SET_PRICE, { id: paid.id, price: 3 }, owner);
  });

  it('needs no confirmation for a run that costs nothing', async () => {
    const price = await t.graphql(PRICE, { slug: free.slug }, runner);
    expect(price.data?.embedRunPrice).toMatchObject({ minCredits: 0, maxCredits: 0, confirmed: true });
    expect((await t.graphql(RUN, { slug: free.slug }, other)).data?.runEmbedded).toEqual({
      status: 'succeeded',
      cost: 0,
    });
  });

  it('asks for the price only of signed-in people', async () => {
    expect((await t.graphql(PRICE, { slug: paid.slug })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await t.graphql(CONFIRM, { slug: paid.slug, max: 100 })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('is confirmed in a sign-in window no other site can frame, which keeps its opener', async () => {
    const window = await fetch(`${t.gateway.url}/embed/${paid.slug}/sign-in`);
    expect(window.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(window.headers.get('x-frame-options')).toBe('DENY');
    expect(window.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const embed = await fetch(`${t.gateway.url}/embed/${paid.slug}`);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
  });
});
