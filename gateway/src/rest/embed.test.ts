import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const EMBEDDED = 'query ($slug: String!) { embeddedApp(slug: $slug) { paysOwner app { name config } } }';
const RUN =
  'mutation ($slug: String!) { runEmbedded(slug: $slug, inputs: { input_text: "tides" }) { status cost } }';
const SETTINGS = `mutation ($id: ID!, $pays: Boolean!, $cap: Int!) {
  updateEmbedSettings(appId: $id, paysOwner: $pays, monthlyCredits: $cap) { available paysOwner monthlyCredits usedThisMonth } }`;

describe('embeds', () => {
  let t: ApiTestGateway;
  let owner: string;
  let runner: string;
  let admin: string;
  let app: { id: string; slug: string };

  const credits = async (token: string) =>
    (await t.api('GET', '/credits/balance', { token })).body.credits as number;
  const plan = (email: string, id: string) =>
    t.gateway.database.dataSource.query('UPDATE users SET plan = $2 WHERE email = $1', [email, id]);

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ({ token: owner } = await t.signUpViaApi('owner@example.com', { credits: true }));
    ({ token: runner } = await t.signUpViaApi('runner@example.com', { credits: true }));
    admin = await t.signUpAdmin('admin@example.com');
    app = (
      await t.api('POST', '/apps', {
        token: owner,
        body: { name: 'Embedded poems', category: 'Content', config: probeTextApp() },
      })
    ).body;
    await t.api('POST', `/apps/${app.id}/publish`, { token: owner });
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
  });
  afterAll(() => t.close());

  it('need the owner’s plan to include them', async () => {
    const shown = await t.graphql(EMBEDDED, { slug: app.slug });
    expect(shown.errors?.[0]).toMatchObject({
      message: 'This app cannot be embedded: embeds come with the Starter plan and up.',
      extensions: { code: 'FORBIDDEN' },
    });
    const refused = await t.graphql(SETTINGS, { id: app.id, pays: true, cap: 10 }, owner);
    expect(refused.errors?.[0]?.message).toBe(
      'Embeds come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
    const settings = await t.graphql(
      'query ($id: ID!) { embedSettings(appId: $id) { available requiredPlan } }',
      { id: app.id },
      owner,
    );
    expect(settings.data).toEqual({ embedSettings: { available: false, requiredPlan: 'Starter' } });
  });

  it('run for people not signed in on the owner’s credits, only when allowed and within the monthly cap', async () => {
    await plan('owner@example.com', 'starter');
    const shown = await t.graphql(EMBEDDED, { slug: app.slug });
    expect(shown.data?.embeddedApp).toMatchObject({ paysOwner: false, app: { name: 'Embedded poems' } });
    expect((await t.graphql(RUN, { slug: app.slug })).errors?.[0]).toMatchObject({
      message: 'Sign in to run this app.',
      extensions: { code: 'UNAUTHENTICATED' },
    });

    // A signed-in runner pays for their own run, once they confirmed its price (embed-consent.test.ts).
    const { maxCredits } = (
      await t.graphql(
        'query ($slug: String!) { embedRunPrice(slug: $slug) { maxCredits } }',
        { slug: app.slug },
        runner,
      )
    ).data!.embedRunPrice as { maxCredits: number };
    await t.graphql(
      'mutation ($slug: String!, $max: Int!) { confirmEmbedPrice(slug: $slug, maxCredits: $max) { confirmed } }',
      { slug: app.slug, max: maxCredits },
      runner,
    );
    const before = await credits(runner);
    const theirs = await t.graphql(RUN, { slug: app.slug }, runner);
    expect(theirs.data?.runEmbedded).toMatchObject({ status: 'succeeded' });
    const cost = theirs.data!.runEmbedded.cost as number;
    expect(await credits(runner)).toBe(before - cost);

    const allowed = await t.graphql(SETTINGS, { id: app.id, pays: true, cap: cost * 2 }, owner);
    expect(allowed.data?.updateEmbedSettings).toEqual({
      available: true,
      paysOwner: true,
      monthlyCredits: cost * 2,
      usedThisMonth: 0,
    });
    const ownerBefore = await credits(owner);
    for (let i = 0; i < 2; i++) {
      expect((await t.graphql(RUN, { slug: app.slug })).data?.runEmbedded).toMatchObject({
        status: 'succeeded',
      });
    }
    expect(await credits(owner)).toBe(ownerBefore - cost * 2);
    // The cap is reached: people must sign in.
    expect((await t.graphql(RUN, { slug: app.slug })).errors?.[0]?.message).toBe('Sign in to run this app.');
    const settings = await t.graphql(
      'query ($id: ID!) { embedSettings(appId: $id) { usedThisMonth } }',
      { id: app.id },
      owner,
    );
    expect(settings.data).toEqual({ embedSettings: { usedThisMonth: cost * 2 } });
    const bad = await t.graphql(SETTINGS, { id: app.id, pays: true, cap: -1 }, owner);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const notYours = await t.graphql(SETTINGS, { id: app.id, pays: true, cap: 5 }, runner);
    expect(notYours.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('limit runs from one address on the owner’s credits', async () => {
    await t.graphql(SETTINGS, { id: app.id, pays: true, cap: 100_000 }, owner);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await t.graphql(RUN, { slug: app.slug }));
    const codes = answers.map((a) => a.errors?.[0]?.extensions?.code ?? 'ok');
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(1);
  });

  it('show a change of their settings to the next visitor at once, not after the shared answers expire', async () => {
    await t.graphql(SETTINGS, { id: app.id, pays: true, cap: 100_000 }, owner);
    // Read by a visitor and by a signed-in person: both answers are kept for a moment (AnswerCache).
    expect((await t.graphql(EMBEDDED, { slug: app.slug })).data?.embeddedApp.paysOwner).toBe(true);
    expect((await t.graphql(EMBEDDED, { slug: app.slug }, runner)).data?.embeddedApp.paysOwner).toBe(true);
    await t.graphql(SETTINGS, { id: app.id, pays: false, cap: 0 }, owner);
    expect((await t.graphql(EMBEDDED, { slug: app.slug })).data?.embeddedApp.paysOwner).toBe(false);
    expect((await t.graphql(EMBEDDED, { slug: app.slug }, runner)).data?.embeddedApp.paysOwner).toBe(false);
  });

  it('may be framed by any site; every other page may not', async () => {
    const embed = await fetch(`${t.gateway.url}/embed/${app.slug}`);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const script = await fetch(`${t.gateway.url}/embed.js`);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const page = await fetch(`${t.gateway.url}/app/${app.slug}`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});
