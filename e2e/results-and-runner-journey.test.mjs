// Result views and the app page as daily users expect them, in a real Chromium against the built
// product, in both themes: a classification shown whole (category, sentiment, confidence) in
// Table Display and its CSV, block titles not cut where there is room, the assistant's button clear
// of the properties panel and of every drawer, exported app files without what the server keeps;
// on the app page, Run App disabled with its reason while an input is empty or the balance is
// short (with the Upgrade link to the checkout), and the account menu (credits, sign out) in its
// header; one message sorted by two Classification blocks keeps both results, in the builder's
// result panel and on the run's page. Every state is checked with axe-core; screenshots go to
// test-results/screenshots.
/* global document, getComputedStyle, innerWidth */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { assertAccessible } from './a11y-check.mjs';
import { PASSWORD, adminOf, liveApp } from './developer-setup.mjs';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  graphql,
  openMenu,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
} from './helpers.mjs';
import { ownApp } from './runs-helpers.mjs';

let server;
let browser;
let checkout;
let owner;
let app;

/** The part of Stripe an Upgrade meets: a checkout session, and its page. */
function startCheckoutStandIn() {
  let count = 0;
  const http = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${++count}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `${stand.url}/pay/${id}` }));
      } else if (req.method === 'GET' && req.url?.startsWith('/pay/')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html lang="en"><title>Checkout</title><h1>Blocksmith Starter</h1></html>');
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":{"type":"invalid_request_error","message":"Unrecognized request URL"}}');
      }
    });
  });
  const stand = { url: '', close: () => new Promise((resolve) => http.close(resolve)) };
  return new Promise((resolve) =>
    http.listen(0, '127.0.0.1', () => {
      stand.url = `http://127.0.0.1:${http.address().port}`;
      resolve(stand);
    }),
  );
}

/** A message, its classification, and a table of it downloadable as CSV. */
function classificationApp() {
  return {
    plugins: [
      { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Message' } },
      {
        id: 'sort',
        type: 'classification',
        position: { x: 400, y: 100 },
        settings: {
          categories: 'Complaint, Question, Praise',
          prompt_template: 'Sort this customer message: {{input_text}}',
        },
      },
      {
        id: 'table',
        type: 'tableDisplay',
        position: { x: 700, y: 100 },
        settings: { showDownload: true, downloadFormat: 'csv' },
      },
    ],
    connections: [
      { id: 'c0', from: 'in', to: 'sort', fromPort: 'output', toPort: 'input' },
      { id: 'c1', from: 'sort', to: 'table', fromPort: 'output', toPort: 'input' },
    ],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
}

before(async () => {
  checkout = await startCheckoutStandIn();
  ({ browser, server } = await startJourney({
    env: {
      ADMIN_EMAILS: ADMIN,
      STRIPE_SECRET_KEY: 'sk_test_blocksmith_results_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_blocksmith_results_e2e',
      STRIPE_API_URL: checkout.url,
    },
  }));
  owner = await signUp(server, { email: 'tess@example.com', password: PASSWORD, fullName: 'Tess Table' });
  app = await liveApp(server, owner, {
    name: 'Ticket Sorter',
    slug: 'ticket-sorter',
    category: 'Productivity',
    description: 'Sorts a customer message and rates its tone.',
    isPrivate: false,
    config: classificationApp(),
  });
});

after(async () => {
  await stopJourney({ browser, server });
  await checkout?.close();
});

/** A context in `scheme`, signed in as `auth` when given, with `stored` in local storage. */
async function openContext({ scheme, viewport = DESKTOP, auth = null, stored = {} }) {
  const mobile = viewport === PHONE;
  const context = await browser.newContext({
    viewport,
    colorScheme: scheme,
    isMobile: mobile,
    hasTouch: mobile,
    acceptDownloads: true,
  });
  const entries = { 'onboarding-completed': 'true', ...stored };
  if (auth) entries['blocksmith-session'] = JSON.stringify({ ...auth.session, user: auth.user });
  await context.addInitScript((seed) => {
    if (globalThis.sessionStorage.getItem('journey-seeded')) return;
    globalThis.sessionStorage.setItem('journey-seeded', '1');
    for (const [key, value] of Object.entries(seed)) globalThis.localStorage.setItem(key, value);
  }, entries);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Whether two boxes overlap; both must be on screen (Playwright answers null for a hidden one). */
function overlap(a, b) {
  assert.ok(a && b, `both boxes are on screen (${JSON.stringify(a)}, ${JSON.stringify(b)})`);
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether the element under the middle of `locator` is (inside) it: nothing covers it there. */
async function onTop(locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/**
 * Texts cut short among `selector`'s elements: one kept on a line and narrower than its text (by
 * even a fraction of a pixel, which shows an ellipsis; measured against a copy laid out at its
 * natural width), or one whose wrapped lines are clipped.
 */
async function cutTexts(page, selector) {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((el) => el.getClientRects().length > 0 && el.textContent.trim() !== '')
      .filter((el) => {
        const style = getComputedStyle(el);
        if (!['nowrap', 'pre'].includes(style.whiteSpace))
          return style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1;
        const copy = el.cloneNode(true);
        Object.assign(copy.style, {
          position: 'absolute',
          visibility: 'hidden',
          width: 'max-content',
          maxWidth: 'none',
          minWidth: '0',
        });
        el.parentElement.append(copy);
        const natural = copy.getBoundingClientRect().width;
        copy.remove();
        return natural > el.getBoundingClientRect().width + 0.01;
      })
      .map((el) => el.textContent),
  );
}

/** Every key of a JSON value, however deep. */
function keysOf(value, found = new Set()) {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  return found;
}

/** The rows of the result table on the page: each a list of its cells' texts. */
async function tableRows(page) {
  const table = page.locator('.result-table table');
  await table.waitFor({ timeout: 30_000 });
  const header = await table.locator('thead th').allInnerTexts();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  return { header, rows };
}

/** Checks a classification's table: category, sentiment and confidence, in both views and the CSV. */
function assertClassificationRows({ header, rows }) {
  assert.deepEqual(header, ['Field', 'Value']);
  assert.deepEqual(
    rows.map(([field]) => field),
    ['category', 'sentiment', 'confidence'],
  );
  const [category, sentiment, confidence] = rows.map(([, value]) => value);
  assert.ok(['Complaint', 'Question', 'Praise'].includes(category), `category ${category}`);
  assert.ok(['positive', 'neutral', 'negative'].includes(sentiment), `sentiment ${sentiment}`);
  assert.ok(Number(confidence) >= 0 && Number(confidence) <= 1, `confidence ${confidence}`);
}

async function downloadedText(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile(await download.path(), 'utf8');
}

for (const scheme of ['light', 'dark']) {
  test(
    `result views in the builder (${scheme}): a classification whole in Table Display and its CSV, whole titles, the assistant clear of the panels, a clean export`,
    { timeout: 180_000 },
    async () => {
      const { context, page, errors } = await openContext({
        scheme,
        auth: owner,
        // The published app, opened for editing as "Edit App" in the store does.
        stored: { editExistingApp: JSON.stringify({ id: app.id, owner_id: owner.user.id }) },
      });
      await page.goto(`${server.url}/app`);
      await page.getByTestId('node-count').getByText('3 nodes', { exact: true }).waitFor();
      await page.locator('#app-name').and(page.locator('[value="Ticket Sorter"]')).waitFor();

      // Block titles are whole where the block has room for them, on the canvas and in the palette.
      await page.locator('.palette-item[data-block-type="classification"]').waitFor();
      assert.deepEqual(await cutTexts(page, '.block-node .block-name'), [], 'block titles on the canvas');
      assert.deepEqual(await cutTexts(page, '.palette-name'), [], 'block titles in the palette');
      const variable = page.locator('.block-node[data-type="classification"] .block-variable');
      assert.equal(
        await variable.getAttribute('title'),
        'classified_category',
        'the whole variable on hover',
      );

      // The assistant's button keeps clear of the properties panel and its actions.
      const block = page.locator('.block-node[data-type="classification"]');
      const box = await block.boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + 14);
      const properties = page.locator('aside.properties');
      const remove = properties.getByRole('button', { name: 'Delete block' });
      await remove.waitFor();
      await properties.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      const fab = page.getByTestId('assistant-button');
      assert.ok(!overlap(await fab.boundingBox(), await properties.boundingBox()), 'clear of the properties');
      assert.ok(await onTop(remove), 'Delete block is not covered');
      assert.ok(await onTop(fab), 'the assistant button is on the canvas, uncovered');
      await shot(page, `results-builder-properties-${scheme}-desktop`);
      await assertAccessible(page, `the builder with a block selected (${scheme})`);
      await page.getByRole('button', { name: 'Collapse Properties Panel' }).click();
      await page.getByRole('button', { name: 'Expand Properties Panel' }).waitFor();
      assert.ok(!overlap(await fab.boundingBox(), await properties.boundingBox()), 'clear when collapsed');
      await page.getByRole('button', { name: 'Expand Properties Panel' }).click();
      await page.getByRole('button', { name: 'Version history' }).click();
      // The panel's code loads on first open behind a placeholder of the same class; measure the
      // loaded panel, not the placeholder it replaces.
      const history = page.locator('aside.history-aside:has(.history-aside-head)');
      await history.waitFor();
      assert.ok(
        !overlap(await fab.boundingBox(), await history.boundingBox()),
        'clear of the version history',
      );
      await page.getByRole('button', { name: 'Version history' }).click();
      await history.waitFor({ state: 'detached' });

      // The classification, whole, in the preview's table and in its CSV.
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const preview = page.locator('.preview-drawer');
      await page.locator('.preview-drawer.bp6-overlay-enter-done').waitFor(); // slid in
      await preview.getByLabel('Message').fill('My parcel arrived two weeks late and broken.');
      assert.ok(!(await onTop(fab)), 'the preview drawer is over the assistant button');
      await preview.getByTestId('preview-run').click();
      assertClassificationRows(await tableRows(preview));
      await settled(page);
      await shot(page, `results-builder-preview-table-${scheme}-desktop`);
      await assertAccessible(page, `the preview with a table (${scheme})`);
      const csv = await downloadedText(page, () =>
        preview.locator('.result-table').getByRole('button', { name: 'Download' }).click(),
      );
      const lines = csv.trimEnd().split('\r\n');
      assert.equal(lines[0], 'Field,Value');
      assert.deepEqual(
        lines.slice(1).map((line) => line.split(',')[0]),
        ['category', 'sentiment', 'confidence'],
        csv,
      );
      assert.match(lines[3], /^confidence,(0(\.\d+)?|1)$/);
      await preview.getByRole('button', { name: 'Close' }).click();
      await preview.waitFor({ state: 'detached' });

      // The exported file holds the app, not what the server keeps about it.
      const exportItem = page.getByRole('menuitem', { name: 'Export to file' });
      await openMenu(page, page.getByRole('button', { name: 'App actions' }), exportItem);
      const text = await downloadedText(page, () => exportItem.click());
      const exported = JSON.parse(text);
      const keys = keysOf(exported);
      for (const field of [
        '__typename',
        'uses',
        'verificationStatus',
        'owner_id',
        'upvotes',
        'liveVersionId',
      ])
        assert.ok(!keys.has(field), `the file has no ${field}`);
      assert.deepEqual(Object.keys(exported).sort(), [
        'category',
        'config',
        'description',
        'isPrivate',
        'name',
        'slug',
      ]);
      assert.equal(exported.name, 'Ticket Sorter');
      assert.equal(exported.config.plugins.length, 3);

      assert.deepEqual(errors, []);
      await context.close();
    },
  );
}

/** One message sorted by two Classification blocks, neither shown by an output block. */
function twoClassificationsApp() {
  const sort = (id, label, categories, y) => ({
    id,
    type: 'classification',
    position: { x: 400, y },
    settings: { label, categories, prompt_template: 'Sort this message: {{input_text}}' },
  });
  return {
    plugins: [
      { id: 'in', type: 'textInput', position: { x: 100, y: 200 }, settings: { label: 'Message' } },
      sort('topic', 'Topic', 'Billing, Delivery, Product', 100),
      sort('urgency', 'Urgency', 'Urgent, Routine', 300),
    ],
    connections: [
      { id: 'c0', from: 'in', to: 'topic', fromPort: 'output', toPort: 'input' },
      { id: 'c1', from: 'in', to: 'urgency', fromPort: 'output', toPort: 'input' },
    ],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
}

/** The categories the classification cards in `scope` show, in order. */
async function shownCategories(scope) {
  const cards = scope.getByTestId('result-classification');
  await cards.nth(1).waitFor({ timeout: 30_000 });
  return cards.evaluateAll((els) =>
    els.map((el) => el.querySelector('[data-testid="result-tag"]')?.textContent),
  );
}

test(
  'two Classification blocks fed by one input: both results in the builder and on the run’s page',
  { timeout: 180_000 },
  async () => {
    const sorter = await ownApp(server, owner, { name: 'Two Sorters', config: twoClassificationsApp() });
    const { context, page, errors } = await openContext({
      scheme: 'light',
      auth: owner,
      stored: { editExistingApp: JSON.stringify({ id: sorter.id, owner_id: owner.user.id }) },
    });
    await page.goto(`${server.url}/app`);
    await page.getByTestId('node-count').getByText('3 nodes', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const preview = page.locator('.preview-drawer');
    await page.locator('.preview-drawer.bp6-overlay-enter-done').waitFor();
    await preview.getByLabel('Message').fill('My invoice was charged twice, please fix it today.');
    await preview.getByTestId('preview-run').click();
    const inBuilder = await shownCategories(preview);
    assert.equal(inBuilder.length, 2, `two classifications in the builder: ${inBuilder}`);
    assert.ok(['Billing', 'Delivery', 'Product'].includes(inBuilder[0]), `topic ${inBuilder[0]}`);
    assert.ok(['Urgent', 'Routine'].includes(inBuilder[1]), `urgency ${inBuilder[1]}`);
    await settled(page);
    await shot(page, 'results-two-classifications-builder-light-desktop');
    await assertAccessible(page, 'the preview with two classifications');

    // The run as kept: both blocks' results under their ids, and both on the run's page.
    const token = owner.session.access_token;
    const { appRuns } = await graphql(
      server,
      'query ($appId: ID!) { appRuns(appId: $appId, limit: 1) { runs { id results } } }',
      { appId: sorter.id },
      token,
    );
    const [run] = appRuns.runs;
    assert.deepEqual(Object.keys(run.results.blocks).sort(), ['topic', 'urgency']);
    assert.deepEqual(
      [
        run.results.blocks.topic.outputs.classified_category,
        run.results.blocks.urgency.outputs.classified_category,
      ],
      inBuilder,
    );
    await page.goto(`${server.url}/runs/${run.id}`);
    const results = page.getByTestId('results');
    assert.deepEqual(await shownCategories(results), inBuilder, 'the same two on the run’s page');
    await shot(page, 'results-two-classifications-run-page-light-desktop', { fullPage: true });
    await assertAccessible(page, 'the run’s page with two classifications');
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test('the assistant button stays under the panels on a phone', { timeout: 120_000 }, async () => {
  const { context, page, errors } = await openContext({
    scheme: 'light',
    viewport: PHONE,
    auth: owner,
    stored: { editExistingApp: JSON.stringify({ id: app.id, owner_id: owner.user.id }) },
  });
  await page.goto(`${server.url}/app`);
  await page.getByTestId('node-count').getByText('3 nodes', { exact: true }).waitFor();
  const fab = page.getByTestId('assistant-button');
  assert.ok(await onTop(fab));
  await page.getByRole('button', { name: 'Fit', exact: true }).click();
  await settled(page);
  const block = await page.locator('.block-node[data-type="classification"]').boundingBox();
  await page.mouse.click(block.x + block.width / 2, block.y + 8);
  await page.getByRole('button', { name: 'Show properties' }).click();
  const drawer = page.locator('.mobile-drawer');
  await drawer.getByRole('button', { name: 'Delete block' }).waitFor();
  await settled(page);
  assert.ok(!(await onTop(fab)), 'the properties drawer covers the assistant button');
  await drawer.locator('.drawer-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  for (const button of await drawer.getByRole('button').all())
    if (await button.isVisible())
      assert.ok(await onTop(button), `${await button.innerText()} is not covered`);
  await shot(page, 'results-builder-properties-light-mobile');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Sets `auth`'s balance to `credits` with the admin's adjustment (a free-plan person's). */
async function setCredits(auth, credits) {
  const admin = await adminOf(server);
  const token = auth.session.access_token;
  const { publishingInfo } = await graphql(server, '{ publishingInfo { plan } }', {}, token);
  assert.equal(publishingInfo.plan, 'free');
  const { credits: balance } = await graphql(server, '{ credits { credits } }', {}, token);
  await graphql(
    server,
    `
      mutation ($userId: ID!, $amount: Int!, $reason: String!) {
        adjustUserCredits(userId: $userId, amount: $amount, reason: $reason) {
          credits
        }
      }
    `,
    { userId: auth.user.id, amount: credits - balance.credits, reason: 'Results journey: a short balance' },
    admin.session.access_token,
  );
}

for (const scheme of ['light', 'dark']) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', PHONE],
  ]) {
    test(
      `the app page (${scheme}, ${size}): Run App disabled with its reason, Upgrade, the account menu`,
      { timeout: 180_000 },
      async () => {
        const runner = await signUp(server, {
          email: `rita-${scheme}-${size}@example.com`,
          password: PASSWORD,
          fullName: 'Rita Runner',
        });
        const { context, page, errors } = await openContext({ scheme, viewport, auth: runner });
        const url = `${server.url}/app/${app.slug}`;
        await page.goto(url);
        const run = page.getByTestId('run-app');
        await run.waitFor();

        // The header: the account menu with the credits and Sign Out.
        const account = page.getByRole('button', { name: 'Account: Rita Runner' });
        await account.waitFor();
        const header = await page.locator('.runner-header').boundingBox();
        const accountBox = await account.boundingBox();
        assert.ok(
          accountBox.x + accountBox.width <= header.x + header.width + 1,
          'the menu is in the header',
        );
        assert.ok(
          (await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)) <= 0,
          'no sideways scrolling',
        );

        // An empty input: disabled, saying which.
        const reasons = page.getByTestId('run-blockers');
        await reasons.getByText('To run this app, fill in "Message".').waitFor();
        assert.equal(await run.isDisabled(), true);
        assert.equal(await run.getAttribute('aria-describedby'), 'run-blockers');
        await shot(page, `results-runner-empty-input-${scheme}-${size}`, { fullPage: size === 'mobile' });
        await assertAccessible(page, `the app page with an empty input (${scheme}, ${size})`);
        const message = page.getByLabel('Message');
        await message.fill('Thank you, the new release is wonderful!');
        await reasons.waitFor({ state: 'detached' });
        assert.equal(await run.isDisabled(), false);
        await message.fill('   ');
        await reasons.getByText('To run this app, fill in "Message".').waitFor();
        assert.equal(await run.isDisabled(), true, 'blank is empty');
        await message.fill('Thank you, the new release is wonderful!');

        // A run: the classification whole in the table.
        await run.click();
        assertClassificationRows(await tableRows(page));
        await page.getByTestId('credits-balance').getByText('49', { exact: true }).waitFor();
        await settled(page);
        await shot(page, `results-runner-table-${scheme}-${size}`, { fullPage: size === 'mobile' });
        await assertAccessible(page, `the app page with results (${scheme}, ${size})`);

        await account.click();
        const menu = page.getByRole('menu', { name: 'Account' });
        await menu.getByText('49 credits').waitFor();
        await menu.getByText('Free', { exact: true }).waitFor();
        await menu.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
        await settled(page);
        await shot(page, `results-runner-account-menu-${scheme}-${size}`);
        await assertAccessible(page, `the app page's account menu (${scheme}, ${size})`);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });

        // A short balance: disabled, saying what a run costs and what is left, with Upgrade.
        await setCredits(runner, 0);
        await page.reload();
        await page.getByLabel('Message').fill('Where can I change my address?');
        const short = page.getByTestId('run-blocker-credits');
        await short
          .getByText('Not enough credits: a run of this app costs 1 credit(s) and you have 0.')
          .waitFor();
        assert.equal(await run.isDisabled(), true);
        await settled(page);
        await shot(page, `results-runner-short-balance-${scheme}-${size}`, { fullPage: size === 'mobile' });
        await assertAccessible(page, `the app page with a short balance (${scheme}, ${size})`);
        // Upgrade: the checkout to Starter (free plan, billing on).
        await short.getByRole('link', { name: 'Upgrade' }).click();
        await page.waitForURL(`${checkout.url}/pay/**`);
        await page.goBack();
        await run.waitFor();

        // Sign Out from the header's menu: the landing page; the app page then offers Sign in.
        const signOut = page.getByRole('menuitem', { name: 'Sign Out' });
        await openMenu(page, page.getByRole('button', { name: 'Account: Rita Runner' }), signOut);
        await signOut.click();
        await page.waitForURL(`${server.url}/`);
        await page.goto(url);
        await page.getByTestId('runner-account').getByRole('link', { name: 'Sign in' }).waitFor();
        assert.equal(
          await page
            .getByTestId('runner-account')
            .getByRole('link', { name: 'Sign in' })
            .getAttribute('href'),
          `/signin?redirect=${encodeURIComponent(`/app/${app.slug}`)}`,
        );
        assert.equal(await run.isDisabled(), true);
        assert.equal(await run.getAttribute('title'), 'Sign in to run this app and use credits');
        await shot(page, `results-runner-signed-out-${scheme}-${size}`, { fullPage: size === 'mobile' });
        await assertAccessible(page, `the app page signed out (${scheme}, ${size})`);

        assert.deepEqual(errors, []);
        await context.close();
      },
    );
  }
}
