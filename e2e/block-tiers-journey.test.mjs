// Block tiers in a real Chromium against the built product. A free person sees YC Application
// Scorer locked with a "Starter" tag in the palette and in the full-screen Add Node panel (which
// lists every AI block of the catalogue); clicking or dragging it adds nothing and opens the
// upgrade dialog with the server's words, whose Upgrade to Starter starts the existing checkout (a
// loopback stand-in for Stripe's API); an imported app holding it is refused on save with the
// server's message, shown once. A Starter person (made one by a signed webhook event, as Stripe
// would send it) adds the block and saves. A visitor on a phone sees the locks too, is asked to
// sign in, and still builds with core blocks.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import Stripe from 'stripe';
import {
  DESKTOP,
  PHONE,
  dropBlock,
  expectToast,
  graphql,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
} from './helpers.mjs';

const WEBHOOK_SECRET = 'whsec_blocksmith_tiers';
const PASSWORD = 'correct horse battery staple';
const REFUSAL =
  'YC Application Scorer is a full block. Full blocks come with the Starter plan and up; your plan is Free. Upgrade to use them.';
/** The AI blocks the spec names for the Add Node panel, in its order. */
const SPEC_AI_KINDS = [
  'textGeneration',
  'classification',
  'extraction',
  'rewriting',
  'comparison',
  'imageGenerator',
];
let server;
let browser;
let stripe;

/** Stripe's checkout-session endpoint and a checkout page, as far as Upgrade to Starter goes. */
function startCheckoutStandIn() {
  const sessions = [];
  const http = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${sessions.length + 1}`;
        sessions.push(id);
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` });
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `${stand.url}/pay/${id}` }));
      } else if (req.method === 'GET' && req.url?.startsWith('/pay/')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>Checkout</title><h1>Blocksmith Starter</h1>');
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized' } }));
      }
    });
  });
  const stand = { url: '', sessions, close: () => new Promise((resolve) => http.close(resolve)) };
  return new Promise((resolve) =>
    http.listen(0, '127.0.0.1', () => {
      stand.url = `http://127.0.0.1:${http.address().port}`;
      resolve(stand);
    }),
  );
}

/** Puts `userId` on Starter the way Stripe does: a signed checkout.session.completed event. */
async function payForStarter(userId) {
  const payload = JSON.stringify({
    id: `evt_tiers_${userId}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-10-29',
    data: {
      object: {
        id: `cs_tiers_${userId}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: userId,
        metadata: { userId, plan: 'starter' },
        customer: 'cus_tiers_1',
        subscription: 'sub_tiers_1',
      },
    },
  });
  const response = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  assert.deepEqual(
    { status: response.status, body: await response.json() },
    { status: 200, body: { received: true, outcome: 'upgraded' } },
  );
}

/** A signed-up person with credits, and a browser context signed in as them. */
async function signedInPage(email, fullName, viewport = DESKTOP) {
  const person = await signUp(server, { email, password: PASSWORD, fullName });
  await graphql(server, 'mutation { initializeCredits { credits } }', {}, person.session.access_token);
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([session]) => {
      if (!globalThis.localStorage.getItem('blocksmith-session')) {
        globalThis.localStorage.setItem('blocksmith-session', session);
        globalThis.localStorage.setItem('onboarding-completed', 'true');
      }
    },
    [JSON.stringify({ ...person.session, user: person.user })],
  );
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { person, context, page, errors };
}

const paletteItem = (page, type) => page.locator(`.sidebar .palette-item[data-block-type="${type}"]`);
const upgradeDialog = (page) => page.getByRole('dialog').filter({ hasText: 'A Starter block' });

/**
 * Escape closes the dialog that has the focus: Blueprint moves it into a dialog a frame after the
 * dialog opens, so a key pressed in between reaches what had it (the Add Node panel under it).
 */
async function escapeUpgradeDialog(page) {
  await page.waitForFunction(() => {
    const overlay = globalThis.document.querySelector('.full-block-dialog')?.closest('.bp6-overlay');
    return Boolean(overlay?.contains(globalThis.document.activeElement));
  });
  await page.keyboard.press('Escape');
  await upgradeDialog(page).waitFor({ state: 'detached' });
}

before(async () => {
  stripe = await startCheckoutStandIn();
  ({ browser, server } = await startJourney({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_blocksmith_tiers',
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  }));
});

after(async () => {
  await stopJourney({ browser, server });
  await stripe?.close();
});

test(
  'a free person sees full blocks locked, gets the upgrade path, and a save holding one is refused once',
  { timeout: 150_000 },
  async () => {
    const { context, page, errors } = await signedInPage('grace.tiers@example.com', 'Grace Hopper');
    await page.goto(`${server.url}/app`);
    await page.locator('.credits-panel').getByText('Free', { exact: true }).waitFor();

    // Full blocks carry the lock and the plan's name; core blocks do not.
    const scorer = paletteItem(page, 'ycPitchScorer');
    await scorer.locator('.palette-plan-tag').getByText('Starter', { exact: true }).waitFor();
    assert.equal(await scorer.getAttribute('data-locked'), 'true');
    assert.equal(await scorer.locator('.palette-plan-tag svg').count(), 1, 'a lock icon');
    for (const type of ['httpRequest', 'code', 'coldEmail', 'investorAnalysis']) {
      assert.equal(await paletteItem(page, type).getAttribute('data-locked'), 'true', type);
    }
    for (const type of ['textGeneration', 'classification', 'imageGenerator']) {
      assert.equal(await paletteItem(page, type).getAttribute('data-locked'), null, type);
      assert.equal(await paletteItem(page, type).locator('.palette-plan-tag').count(), 0, type);
    }
    await scorer.scrollIntoViewIfNeeded();
    await shot(page, 'block-tiers-1-palette-locks-1440');

    // A click adds nothing and opens the upgrade dialog, in the server's words.
    await scorer.click();
    const dialog = upgradeDialog(page);
    await dialog.getByTestId('full-block-message').getByText(REFUSAL, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Compare plans' }).waitFor();
    await settled(page);
    await shot(page, 'block-tiers-2-upgrade-dialog-1440');
    assert.equal(await page.locator('.block-node').count(), 0);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // A template with a full block is locked the same way ("limited templates" on Free); the others load.
    const outreach = page.locator('.sidebar .template-item[data-template="cold-outreach"]');
    await outreach.locator('.palette-plan-tag').getByText('Starter', { exact: true }).waitFor();
    assert.equal(await outreach.getAttribute('data-locked'), 'true');
    assert.equal(await page.locator('.sidebar .template-item[data-locked]').count(), 1, 'one full template');
    await outreach.click();
    await upgradeDialog(page)
      .getByTestId('full-block-message')
      .getByText(
        'Cold Email Writer is a full block. Full blocks come with the Starter plan and up; your plan is Free. Upgrade to use them.',
        { exact: true },
      )
      .waitFor();
    assert.equal(await page.locator('.block-node').count(), 0);
    await escapeUpgradeDialog(page);

    // Dragging it onto the canvas adds nothing either.
    await dropBlock(page, 'ycPitchScorer', 400, 240);
    await upgradeDialog(page).waitFor();
    assert.equal(await page.locator('.block-node').count(), 0);
    await escapeUpgradeDialog(page);
    // Core blocks are added as before.
    await dropBlock(page, 'textInput', 300, 240);
    await page.getByTestId('node-count').getByText('1 node').waitFor();

    // Full screen: the Add Node panel lists every AI block, the spec's six first, with the same locks.
    await page.getByRole('button', { name: 'Full Screen' }).click();
    await page.getByRole('button', { name: 'Add Node' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Node' });
    const aiSection = panel
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'AI Logic' }) });
    const aiKinds = await aiSection
      .locator('.palette-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-block-type')));
    assert.deepEqual(aiKinds.slice(0, 6), SPEC_AI_KINDS);
    for (const kind of ['ycPitchScorer', 'translation', 'httpRequest', 'condition'])
      assert.ok(aiKinds.includes(kind), `${kind} in the Add Node panel`);
    const panelScorer = aiSection.locator('.palette-item[data-block-type="ycPitchScorer"]');
    assert.equal(await panelScorer.getAttribute('data-locked'), 'true');
    await panelScorer.scrollIntoViewIfNeeded();
    await shot(page, 'block-tiers-3-add-node-panel-1440');
    await panelScorer.click();
    await upgradeDialog(page).getByText(REFUSAL).waitFor();
    await escapeUpgradeDialog(page);
    assert.equal(await page.locator('.block-node').count(), 1, 'still only the text input');
    await page.getByRole('button', { name: 'Exit Full Screen' }).click();

    // An imported app holding the block: the save is refused with the server's message, once.
    const file = {
      name: 'Pitch check',
      description: 'Scores a pitch.',
      category: 'Business',
      config: {
        plugins: [
          { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Pitch' } },
          {
            id: 'yc',
            type: 'ycPitchScorer',
            position: { x: 420, y: 100 },
            settings: { strictness: 'standard' },
          },
        ],
        connections: [{ id: 'c0', from: 'in', to: 'yc', fromPort: 'output', toPort: 'input' }],
        canvas: { zoom: 1, pan: { x: 0, y: 0 } },
      },
    };
    await page.locator('input[type="file"][accept*="json"]').setInputFiles({
      name: 'pitch-check.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Import', exact: true }).click();
    await expectToast(page, 'App imported');
    await page.getByTestId('node-count').getByText('2 nodes').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, REFUSAL);
    assert.equal(await page.getByTestId('toast').count(), 1, 'shown once');
    await shot(page, 'block-tiers-4-save-refused-1440');
    const saved = await graphql(
      server,
      '{ myApps { id } }',
      {},
      JSON.parse(await page.evaluate(() => globalThis.localStorage.getItem('blocksmith-session')))
        .access_token,
    );
    assert.deepEqual(saved.myApps, [], 'nothing was saved');

    // Upgrade to Starter in the dialog starts the existing checkout.
    await paletteItem(page, 'ycPitchScorer').click();
    await upgradeDialog(page).getByRole('button', { name: 'Upgrade to Starter' }).click();
    await page.waitForURL(`${stripe.url}/pay/cs_test_1`);
    await page.getByRole('heading', { name: 'Blocksmith Starter' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test('a Starter person adds YC Application Scorer and saves', { timeout: 90_000 }, async () => {
  const { person, context, page, errors } = await signedInPage('ada.tiers@example.com', 'Ada Lovelace');
  await payForStarter(person.user.id);
  await page.goto(`${server.url}/app`);
  await page.locator('.credits-panel').getByText('Starter', { exact: true }).waitFor();
  const scorer = paletteItem(page, 'ycPitchScorer');
  await scorer.waitFor();
  assert.equal(await scorer.getAttribute('data-locked'), null);
  assert.equal(await page.locator('.sidebar .palette-item[data-locked]').count(), 0, 'nothing locked');
  assert.equal(await page.locator('.sidebar .template-item[data-locked]').count(), 0, 'no template locked');
  await dropBlock(page, 'textInput', 220, 220);
  await dropBlock(page, 'ycPitchScorer', 560, 220);
  await page.locator('.block-node[data-type="ycPitchScorer"]').waitFor();
  assert.equal(await upgradeDialog(page).count(), 0);
  await page.locator('#app-name').fill('Pitch check');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'App saved successfully!');
  await shot(page, 'block-tiers-5-starter-added-1440');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a visitor on a phone sees the locks, is asked to sign in, and builds with core blocks', async () => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript(() => globalThis.localStorage.setItem('onboarding-completed', 'true'));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByText('Start building your workflow').waitFor();
  await page.getByRole('button', { name: 'Show blocks' }).click();
  const scorer = page.locator('.mobile-drawer .palette-item[data-block-type="ycPitchScorer"]');
  await scorer.locator('.palette-plan-tag').getByText('Starter', { exact: true }).waitFor();
  await scorer.scrollIntoViewIfNeeded();
  await settled(page); // let the drawer finish sliding in
  await shot(page, 'block-tiers-6-palette-locks-390');
  await scorer.click();
  const dialog = upgradeDialog(page);
  await dialog
    .getByText(
      'YC Application Scorer is a full block. Full blocks come with the Starter plan and up. Sign in with a Starter plan or higher to use them.',
    )
    .waitFor();
  await dialog.getByRole('button', { name: 'Sign In' }).waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Upgrade to Starter' }).count(), 0);
  await settled(page);
  await shot(page, 'block-tiers-7-visitor-dialog-390');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.mobile-drawer .palette-item[data-block-type="textInput"]').click();
  await page.getByTestId('node-count').getByText('1 node').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
