/* global window, document, localStorage */
// The public side in a real Chromium against the built product: the landing page (Start Building
// keeps the prompt for the builder, the sales contact modal sends), the store (search, categories,
// upvote, All Apps / My Apps, delete, privacy, review feedback), a publisher page, the my-apps
// analytics with its chart, and the 404 page. Data is seeded through the GraphQL API; an admin
// (ADMIN_EMAILS, confirmed with the link the server prints) approves and rejects apps.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  ADMIN,
  AUTH_FIELDS,
  DESKTOP,
  PHONE,
  expectToast,
  graphql,
  mailedLink,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
import { WEBHOOK_SECRET, upgradeToStarter } from './developer-setup.mjs';

const PASSWORD = 'a good long password';
let server;
let browser;

before(async () => {
  // Payment events are verified, so Ada can move to Starter for its analytics.
  ({ browser, server } = await startJourney({
    env: { ADMIN_EMAILS: ADMIN, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  }));
});

after(() => stopJourney({ browser, server }));

async function account(email, fullName) {
  return signUp(server, { email, password: PASSWORD, fullName });
}

/** Signs the admin up, confirms the address with the link the server mailed, signs in. */
async function signUpAdmin() {
  await account(ADMIN, 'Admin');
  const link = await mailedLink(server, ADMIN, 'Confirm your Blocksmith admin access');
  const token = /access_token=([\w-]+)/.exec(link)[1];
  await graphql(
    server,
    'mutation ($password: String!) { updatePassword(password: $password) { id } }',
    { password: PASSWORD },
    token,
  );
  const data = await graphql(
    server,
    `mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { ${AUTH_FIELDS} } }`,
    { email: ADMIN, password: PASSWORD },
  );
  return data.signIn.session.access_token;
}

function input(name, description, category) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
  return { name, description, category, slug, isPrivate: false, config: textApp() };
}

async function publish(token, name, description, category) {
  const data = await graphql(
    server,
    'mutation ($input: AppInput!) { publishAppWithData(id: null, input: $input) { app { id slug owner_id } } }',
    { input: input(name, description, category) },
    token,
  );
  return data.publishAppWithData.app;
}

async function review(adminToken, id, status, reviewNotes = null) {
  await graphql(
    server,
    'mutation ($id: ID!, $status: String!, $notes: String) { reviewApp(id: $id, status: $status, reviewNotes: $notes) { id } }',
    { id, status, notes: reviewNotes },
    adminToken,
  );
}

async function upvote(token, id) {
  await graphql(server, 'mutation ($id: ID!) { upvoteApp(id: $id) { upvotes } }', { id }, token);
}

/** A page signed in as the given account (the session the workbench keeps in local storage). */
async function signedInPage(auth, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    (stored) => {
      if (!window.localStorage.getItem('blocksmith-session'))
        window.localStorage.setItem('blocksmith-session', stored);
    },
    JSON.stringify({ ...auth.session, user: auth.user }),
  );
  return context;
}

test('landing, store, publisher page, my-apps analytics and 404', { timeout: 240_000 }, async () => {
  // ---- seed --------------------------------------------------------------------------------------
  const admin = await signUpAdmin();
  const bob = await account('bob@example.com', 'Bob Builder');
  const carol = await account('carol@example.com', 'Carol Chen');
  const ada = await account('ada@example.com', 'Ada Lovelace');
  const bobToken = bob.session.access_token;
  const carolToken = carol.session.access_token;
  const adaToken = ada.session.access_token;

  const poems = await publish(
    bobToken,
    'Poem Writer',
    'Writes short poems about any topic you give it.',
    'Content',
  );
  const triage = await publish(
    bobToken,
    'Ticket Triage',
    'Sorts support tickets by urgency and team.',
    'Automation',
  );
  const logos = await publish(carolToken, 'Logo Ideas', '', 'Design');
  const lesson = await publish(
    carolToken,
    'Lesson Planner',
    'Plans a 45-minute lesson for any subject.',
    'Education',
  );
  const summary = await publish(
    adaToken,
    'Meeting Summary',
    'Turns meeting notes into decisions and to-dos.',
    'Productivity',
  );
  const rejected = await publish(adaToken, 'Quick Quiz', 'Makes a quiz.', 'Education');
  await graphql(
    server,
    'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
    { input: input('Draft Idea', 'Not finished yet.', 'Other') },
    adaToken,
  );
  for (const app of [poems, triage, logos, lesson, summary]) await review(admin, app.id, 'approved');
  await review(admin, rejected.id, 'rejected', 'The description does not say what the quiz is about.');
  await upvote(carolToken, triage.id);
  await upvote(adaToken, triage.id);
  await upvote(bobToken, logos.id);
  // Runs and views on Ada's app for her analytics (Bob runs it with his credits).
  await graphql(server, 'mutation { initializeCredits { credits } }', {}, bobToken);
  for (let i = 0; i < 2; i++) {
    const { runApp } = await graphql(
      server,
      'mutation ($id: ID!) { runApp(appId: $id, actionType: "published", inputs: { in: "roadmap" }) { status error } }',
      { id: summary.id },
      bobToken,
    );
    assert.equal(runApp.status, 'succeeded', runApp.error);
  }
  await graphql(server, 'mutation ($id: ID!) { recordAppView(id: $id) }', { id: summary.id });

  const errors = [];

  // ---- landing: Start Building keeps the prompt for the builder ---------------------------------
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const page = await visitor.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Start Building' }).waitFor();
  await page.getByTestId('plan-Starter').getByText('Most Popular').waitFor();
  await page.getByTestId('plan-Starter').getByText('$20').waitFor();
  await shot(page, 'public-landing-1440');
  await page.getByRole('button', { name: 'Pricing' }).click();
  await page.getByRole('heading', { name: 'Pricing', level: 2 }).waitFor();
  await settled(page);
  await shot(page, 'public-pricing-1440');

  // A blank prompt is ignored.
  await page.getByLabel('Describe the app you want to build').fill('   ');
  await page.getByRole('button', { name: 'Start Building' }).click();
  assert.equal(new URL(page.url()).pathname, '/');
  await page.getByLabel('Describe the app you want to build').fill('A haiku writer for product launches');
  await page.getByRole('button', { name: 'Start Building' }).click();
  await page.waitForURL(`${server.url}/signin?redirect=/app`);
  assert.equal(
    await page.evaluate(() => localStorage.getItem('pendingAppPrompt')),
    'A haiku writer for product launches',
  );
  assert.equal(await page.evaluate(() => localStorage.getItem('cameFromBlocksmithButton')), 'true');

  // ---- the sales contact modal sends -----------------------------------------------------------
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Contact Sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Sales' });
  await dialog.waitFor();
  await dialog.getByLabel('Name').fill('Grace Hopper');
  await dialog.getByLabel('Email').fill('grace@example.com');
  await dialog.getByLabel('Company', { exact: false }).first().fill('Navy Labs');
  await dialog.getByLabel('Company size').selectOption('51-200');
  await dialog.getByLabel('Message').fill('We would like 40 seats and a custom domain.');
  await shot(page, 'public-contact-1440');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message Sent!');
  await dialog.waitFor({ state: 'detached' });

  // ---- the store as a visitor: sorted by upvotes, search, categories ----------------------------
  await page.goto(`${server.url}/store`);
  const cards = page.getByTestId('app-card');
  await cards.first().waitFor();
  const names = async () => cards.evaluateAll((nodes) => nodes.map((node) => node.dataset.appName));
  const all = await names();
  assert.deepEqual(all.slice(0, 2), ['Ticket Triage', 'Logo Ideas']);
  assert.equal(all.length, 5);
  await page.getByText('No description provided').waitFor();
  assert.ok((await page.getByRole('link', { name: 'Sign in to upvote' }).count()) >= 5);
  await shot(page, 'public-store-1440');
  await page.getByRole('searchbox', { name: 'Search apps...' }).fill('tickets');
  assert.deepEqual(await names(), ['Ticket Triage']);
  await page.getByRole('searchbox', { name: 'Search apps...' }).fill('');
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  assert.deepEqual(await names(), ['Logo Ideas']);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  assert.equal((await names()).length, 5);
  await visitor.close();

  // ---- signed in: upvote, My Apps (remembered), privacy, feedback, delete -----------------------
  const adaContext = await signedInPage(ada);
  const me = await adaContext.newPage();
  me.on('pageerror', (error) => errors.push(error.message));
  await me.goto(`${server.url}/store`);
  await me.getByTestId('public-credits').first().waitFor();
  const poemCard = me.getByTestId('app-card').filter({ hasText: 'Poem Writer' });
  await poemCard.getByRole('button', { name: 'Upvote' }).click();
  await poemCard.getByTestId('vote-count').getByText('1').waitFor();
  await poemCard.getByRole('button', { name: 'Upvote' }).waitFor({ state: 'detached' });
  // Already upvoted before: no button.
  assert.equal(
    await me
      .getByTestId('app-card')
      .filter({ hasText: 'Ticket Triage' })
      .getByRole('button', { name: 'Upvote' })
      .count(),
    0,
  );

  await me.getByRole('button', { name: 'My Apps', exact: true }).click();
  await me.getByTestId('app-card').filter({ hasText: 'Draft Idea' }).waitFor();
  assert.equal(await me.getByRole('group', { name: 'Categories' }).count(), 0);
  assert.equal(await me.evaluate(() => localStorage.getItem('gallery-show-my-apps')), 'true');
  await me.reload();
  const mine = me.getByTestId('app-card');
  await mine.filter({ hasText: 'Draft Idea' }).waitFor();
  assert.deepEqual((await mine.evaluateAll((n) => n.map((x) => x.dataset.appName))).sort(), [
    'Draft Idea',
    'Meeting Summary',
    'Quick Quiz',
  ]);
  await mine
    .filter({ hasText: 'Quick Quiz' })
    .getByTestId('verification-badge')
    .getByText('Rejected')
    .waitFor();
  await shot(me, 'public-my-apps-store-1440');

  const summaryCard = mine.filter({ hasText: 'Meeting Summary' });
  await summaryCard.getByRole('button', { name: 'Make Private' }).click();
  await summaryCard.getByTestId('private-badge').waitFor();
  await summaryCard.getByRole('button', { name: 'Make Public' }).click();
  await summaryCard.getByTestId('private-badge').waitFor({ state: 'detached' });

  await mine.filter({ hasText: 'Quick Quiz' }).getByRole('button', { name: 'Review Feedback' }).click();
  const feedback = me.getByRole('dialog', { name: 'Review Feedback' });
  await feedback.getByText('The description does not say what the quiz is about.').waitFor();
  await shot(me, 'public-review-feedback-1440');
  await feedback.getByRole('button', { name: 'Close', exact: true }).last().click();
  await feedback.waitFor({ state: 'detached' });

  await mine.filter({ hasText: 'Draft Idea' }).getByRole('button', { name: 'Delete App' }).click();
  const confirm = me.getByRole('alertdialog');
  await confirm.getByText('Confirm Deletion').waitFor();
  await confirm.getByRole('button', { name: 'Keep App' }).waitFor();
  await shot(me, 'public-delete-confirm-1440');
  await confirm.getByRole('button', { name: 'Delete Permanently' }).click();
  await expectToast(me, 'App deleted');
  await mine.filter({ hasText: 'Draft Idea' }).waitFor({ state: 'detached' });
  assert.equal(await mine.count(), 2);

  // ---- publisher page --------------------------------------------------------------------------
  await me.getByRole('button', { name: 'All Apps', exact: true }).click();
  await me
    .getByTestId('app-card')
    .filter({ hasText: 'Lesson Planner' })
    .getByRole('link', { name: 'Carol Chen' })
    .click();
  await me.getByRole('heading', { name: 'More by Carol Chen' }).waitFor();
  assert.equal(new URL(me.url()).pathname, `/store/user/${carol.user.id}`);
  assert.deepEqual(
    (await me.getByTestId('app-card').evaluateAll((n) => n.map((x) => x.dataset.appName))).sort(),
    ['Lesson Planner', 'Logo Ideas'],
  );
  await shot(me, 'public-publisher-1440');
  await me.goto(`${server.url}/store/user/nobody-at-all`);
  await me.getByRole('heading', { name: 'More by Publisher' }).waitFor();
  await me.getByText('No published apps found').waitFor();

  // ---- my-apps analytics -----------------------------------------------------------------------
  // On Free ("no analytics"): the apps and the store's counters; the chart's place says which plan has it.
  await me.goto(`${server.url}/my-apps`);
  await me.getByTestId('total-Total Runs').getByText('2').waitFor();
  const analyticsCards = me.getByTestId('analytics-app');
  assert.equal(await analyticsCards.count(), 2);
  await analyticsCards.first().getByTestId('top-app').waitFor();
  await analyticsCards.first().getByText('Meeting Summary').waitFor();
  await me
    .getByTestId('analytics-locked')
    .getByText('Analytics come with the Starter plan and up; your plan is Free. Upgrade to use them.')
    .waitFor();
  assert.equal(await me.getByTestId('runs-chart').count(), 0);
  assert.equal(await me.getByRole('button', { name: 'Last 30 days' }).count(), 0);
  await shot(me, 'public-analytics-free-1440');
  // On Starter (basic analytics): runs per day, and per-app figures offered with Enterprise.
  await upgradeToStarter(server, ada);
  await me.reload();
  await me.getByTestId('runs-chart').locator('.recharts-bar-rectangle').first().waitFor({ timeout: 20_000 });
  await me
    .getByTestId('advanced-analytics-locked')
    .getByText('Views per day and per-app analytics come with the Enterprise plan and up', { exact: false })
    .waitFor();
  await shot(me, 'public-analytics-1440');
  await me.getByRole('button', { name: 'Last 30 days' }).click();
  await me.waitForFunction(
    () =>
      document.querySelectorAll(
        '[data-testid="runs-chart"] .recharts-bar-rectangle, [data-testid="runs-chart"] .recharts-rectangle',
      ).length >= 1,
  );

  // ---- 404 --------------------------------------------------------------------------------------
  const missing = await me.goto(`${server.url}/no/such/page`);
  assert.equal(missing.status(), 404);
  await me.getByText('Page not found').waitFor();
  await shot(me, 'public-404-1440');
  await me.goto(`${server.url}/privacy`);
  await me.getByText('under 13', { exact: false }).first().waitFor();
  await adaContext.close();

  // ---- phone -----------------------------------------------------------------------------------
  const phone = await signedInPage(ada, PHONE);
  const small = await phone.newPage();
  small.on('pageerror', (error) => errors.push(error.message));
  await small.goto(server.url);
  await small.getByRole('button', { name: 'Start Building' }).waitFor();
  await shot(small, 'public-landing-390');
  await small.goto(`${server.url}/store`);
  await small.getByTestId('app-card').first().waitFor();
  await shot(small, 'public-store-390');
  await small.goto(`${server.url}/my-apps`);
  await small
    .getByTestId('runs-chart')
    .locator('.recharts-bar-rectangle')
    .first()
    .waitFor({ timeout: 20_000 });
  await shot(small, 'public-analytics-390');
  await phone.close();

  assert.deepEqual(errors, []);
});
