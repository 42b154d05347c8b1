// Embeds in a real Chromium against the built product, framed by a page from another origin (a
// small server on a second loopback address, so another site): the owner, on Starter, turns on
// "Charge runs to me" with a monthly cap in the app page's Embed panel; a visitor who is not signed
// in runs the app inside the other site's page (the script tag inserts the frame and keeps it as
// tall as the app), on the owner's credits; with the owner no longer paying, Run opens the
// sign-in window, where the visitor signs in and confirms the price of a run (a page no other site
// may frame), which then lends the session back to the frame, and the run goes on with live
// progress; the next run needs no confirmation. Only /embed/{slug} may be framed. Screenshots at
// 1440 and 390 px.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  SHOTS,
  expectToast,
  graphql,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
import { DEVELOPER_ENV, PASSWORD, liveApp, signedInPage, upgradeToStarter } from './developer-setup.mjs';

let server;
let browser;
let site;
let owner;
let app;

/** Another site: pages embedding the app with the script tag or with a plain iframe. */
function startOtherSite() {
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const slug = url.searchParams.get('app') ?? '';
    const embed =
      url.pathname === '/script.html'
        ? `<script src="${server.url}/embed.js" data-blocksmith-app="${slug}" async></script>`
        : url.pathname === '/iframe.html'
          ? `<iframe src="${server.url}/embed/${slug}" title="App" style="width:100%;height:640px;border:0"></iframe>`
          : null;
    if (embed === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Harbour Times</title>
<style>body{font:16px/1.5 Georgia,serif;margin:0;background:#fbf8f3;color:#222}
header{background:#16324f;color:#fff;padding:14px 20px;font:700 20px system-ui,sans-serif}
main{max-width:720px;margin:0 auto;padding:20px}</style></head>
<body><header>Harbour Times</header><main><h1>Try our poem machine</h1>
<p>Type a topic and let the machine write you a short poem.</p>
${embed}
<p id="after">Thanks for reading the Harbour Times.</p></main>
<script>window.heights = [];
addEventListener('message', (e) => { if (e.data && e.data.type === 'blocksmith:height') heights.push(e.data.height); });</script>
</body></html>`);
  });
  return new Promise((resolve) =>
    http.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${http.address().port}`,
        close: () => new Promise((r) => http.close(r)),
      }),
    ),
  );
}

before(async () => {
  ({ browser, server } = await startJourney({ env: DEVELOPER_ENV }));
  site = await startOtherSite();
  owner = await signUp(server, { email: 'ada@example.com', password: PASSWORD, fullName: 'Ada Lovelace' });
  await upgradeToStarter(server, owner);
  app = await liveApp(server, owner, {
    name: 'Lighthouse Poet',
    description: 'Writes a short poem about any topic.',
    category: 'Content',
    slug: `lighthouse-poet-${Date.now().toString(36)}`,
    isPrivate: false,
    config: textApp({ label: 'Topic', prompt: 'Write a short poem about {{input_text}}' }),
  });
});

after(async () => {
  await stopJourney({ browser, server });
  await site?.close();
});

async function embedSettings() {
  const { embedSettings } = await graphql(
    server,
    'query ($id: ID!) { embedSettings(appId: $id) { paysOwner monthlyCredits usedThisMonth } }',
    { id: app.id },
    owner.session.access_token,
  );
  return embedSettings;
}

/** The frame's height on the page and the height of the app inside it. */
async function heights(page) {
  const frame = await page.locator('iframe').evaluate((element) => element.getBoundingClientRect().height);
  const content = await page
    .frameLocator('iframe')
    .locator('.embed-page')
    .evaluate((element) => element.getBoundingClientRect().height);
  return { frame, content };
}

/** The height the framed app last reported to the page around it, once it matches the app's. */
async function postedHeight(page) {
  const deadline = Date.now() + 10_000;
  let posted;
  let content;
  while (Date.now() < deadline) {
    posted = await page.evaluate(() => globalThis.heights.at(-1));
    content = await page
      .frameLocator('iframe')
      .locator('.embed-page')
      .evaluate((element) => Math.ceil(element.getBoundingClientRect().height));
    if (posted === content) return posted;
    await page.waitForTimeout(100);
  }
  assert.fail(`The app reported ${posted} px; it is ${content} px tall.`);
}

async function sizedToContent(page) {
  const deadline = Date.now() + 10_000;
  let last;
  while (Date.now() < deadline) {
    last = await heights(page);
    if (Math.abs(last.frame - Math.ceil(last.content)) <= 1) return last;
    await page.waitForTimeout(100);
  }
  assert.fail(`The frame is ${last.frame} px tall, the app ${last.content} px.`);
}

test('only /embed/ pages may be framed by other sites', async () => {
  const embedded = await fetch(`${server.url}/embed/${app.slug}`);
  assert.equal(embedded.status, 200);
  assert.equal(embedded.headers.get('x-frame-options'), null);
  assert.match(embedded.headers.get('content-security-policy'), /frame-ancestors \*/);
  const page = await fetch(`${server.url}/app/${app.slug}`);
  assert.equal(page.headers.get('x-frame-options'), 'DENY');
  assert.match(page.headers.get('content-security-policy'), /frame-ancestors 'none'/);
});

test(
  'the owner lets visitors run the embed on their credits; a visitor on another site runs it signed out',
  { timeout: 180_000 },
  async () => {
    // The owner's Embed panel: the snippets, then "Charge runs to me" with a cap.
    const { context, page, errors } = await signedInPage(browser, owner);
    await page.goto(`${server.url}/app/${app.slug}`);
    const panel = page.getByTestId('embed-panel');
    await panel.getByTestId('embed-script').waitFor();
    const script = await panel.getByTestId('embed-script').locator('code').innerText();
    assert.equal(
      script,
      `<script src="${server.url}/embed.js" data-blocksmith-app="${app.slug}" async></script>`,
    );
    assert.match(await panel.getByTestId('embed-iframe').innerText(), new RegExp(`/embed/${app.slug}"`));
    await panel.getByText('Charge runs to me when the runner is not signed in').click();
    await panel.getByLabel('Monthly credit cap').fill('20');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Embed settings saved');
    await panel.getByText('Used this month: 0 of 20 credits').waitFor();
    assert.deepEqual(await embedSettings(), { paysOwner: true, monthlyCredits: 20, usedThisMonth: 0 });
    await panel.scrollIntoViewIfNeeded();
    await settled(page);
    await panel.screenshot({ path: path.join(SHOTS, 'embed-panel-desktop.png') });
    await page.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(SHOTS, 'embed-panel-phone.png') });
    assert.deepEqual(errors, []);
    await context.close();

    // A visitor on the other site runs it in a plain iframe, signed out; the app reports its height.
    for (const viewport of [DESKTOP, PHONE]) {
      const visitor = await browser.newContext({ viewport, isMobile: viewport === PHONE });
      const other = await visitor.newPage();
      const otherErrors = [];
      other.on('pageerror', (error) => otherErrors.push(error.message));
      await other.goto(`${site.url}/iframe.html?app=${app.slug}`);
      const frame = other.frameLocator('iframe');
      await frame.getByRole('heading', { name: 'Lighthouse Poet' }).waitFor();
      await frame.getByText('Free to try: the app’s creator pays for these runs.').waitFor();
      const made = frame.getByRole('link', { name: 'Made with Blocksmith' });
      assert.equal(await made.getAttribute('target'), '_blank');
      assert.equal(await made.getAttribute('href'), `${server.url}/`);
      const before = await postedHeight(other);

      await frame.getByLabel('Topic').fill('lighthouses');
      await frame.getByTestId('embed-run').click();
      await frame
        .getByTestId('results')
        .getByText(/lighthouses/i)
        .first()
        .waitFor({ timeout: 60_000 });
      const after = await postedHeight(other);
      assert.ok(after > before, `the app reported its new height: ${before} -> ${after}`);
      await frame.locator('.embed-page').evaluate((element) => element.scrollIntoView());
      await shot(other, `embed-iframe-signed-out-${viewport === PHONE ? 'phone' : 'desktop'}`);
      assert.deepEqual(otherErrors, []);
      await visitor.close();
    }
    const settings = await embedSettings();
    assert.ok(settings.usedThisMonth >= 2, `the owner paid for both runs: ${JSON.stringify(settings)}`);
  },
);

test(
  'the script tag inserts the frame after itself and keeps it as tall as the app',
  { timeout: 180_000 },
  async () => {
    // Other sites load /embed.js with a <script> tag: only a cross-origin resource policy lets them.
    const policy = (await fetch(`${server.url}/embed.js`)).headers.get('cross-origin-resource-policy');
    assert.equal(policy, 'cross-origin', 'other sites may load /embed.js');
    for (const viewport of [DESKTOP, PHONE]) {
      const visitor = await browser.newContext({ viewport, isMobile: viewport === PHONE });
      const other = await visitor.newPage();
      const errors = [];
      other.on('pageerror', (error) => errors.push(error.message));
      await other.goto(`${site.url}/script.html?app=${app.slug}`);
      const frame = other.frameLocator('iframe');
      await frame.getByRole('heading', { name: 'Lighthouse Poet' }).waitFor();
      assert.equal(
        await other.locator('script[data-blocksmith-app] + iframe').getAttribute('src'),
        `${server.url}/embed/${app.slug}`,
        'the frame follows its script tag',
      );
      const before = await sizedToContent(other);
      await frame.getByLabel('Topic').fill('lighthouses');
      await frame.getByTestId('embed-run').click();
      await frame
        .getByTestId('results')
        .getByText(/lighthouses/i)
        .first()
        .waitFor({ timeout: 60_000 });
      const after = await sizedToContent(other);
      assert.ok(after.frame > before.frame, 'the frame grew with the results');
      await shot(other, `embed-script-${viewport === PHONE ? 'phone' : 'desktop'}`, { fullPage: true });
      assert.deepEqual(errors, []);
      await visitor.close();
    }
  },
);

test(
  'with the owner no longer paying, Run opens the sign-in window, which lends the session back to the frame',
  { timeout: 180_000 },
  async () => {
    await graphql(
      server,
      'mutation ($id: ID!) { updateEmbedSettings(appId: $id, paysOwner: false, monthlyCredits: 0) { paysOwner } }',
      { id: app.id },
      owner.session.access_token,
    );
    // The sign-in window must keep its opener to hand the session back: pages under /embed/
    // need a Cross-Origin-Opener-Policy that lets a window opened from another site keep it.
    const coop = (await fetch(`${server.url}/embed/${app.slug}/sign-in`)).headers.get(
      'cross-origin-opener-policy',
    );
    assert.equal(coop, 'unsafe-none', 'the sign-in window keeps its opener');
    // The price is confirmed there: no other site may frame it and click through it.
    const window = await fetch(`${server.url}/embed/${app.slug}/sign-in`);
    assert.equal(window.headers.get('x-frame-options'), 'DENY');
    assert.match(window.headers.get('content-security-policy'), /frame-ancestors 'none'/);
    const grace = await signUp(server, {
      email: 'grace@example.com',
      password: PASSWORD,
      fullName: 'Grace Hopper',
    });
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const other = await visitor.newPage();
    const errors = [];
    other.on('pageerror', (error) => errors.push(error.message));
    await other.goto(`${site.url}/iframe.html?app=${app.slug}`);
    const frame = other.frameLocator('iframe');
    await frame.getByLabel('Topic').fill('harbours');
    const run = frame.getByTestId('embed-run');
    await run.getByText('Sign in to run').waitFor();
    const [popup] = await Promise.all([visitor.waitForEvent('page'), run.click()]);
    await frame.getByTestId('embed-waiting').waitFor();
    await popup.waitForURL(/\/signin\?redirect=/);
    await popup.getByLabel('Email').fill(grace.user.email);
    await popup.getByLabel('Password').fill(PASSWORD);
    await popup.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    // Signed in, the window asks for the price of a run to be confirmed before the frame may run.
    const confirm = popup.getByTestId('embed-confirm');
    await confirm.getByText('You are about to run Lighthouse Poet from a page on another site').waitFor();
    const { embedRunPrice: price } = await graphql(
      server,
      'query ($slug: String!) { embedRunPrice(slug: $slug) { maxCredits confirmed } }',
      { slug: app.slug },
      grace.session.access_token,
    );
    assert.equal(price.confirmed, false);
    assert.match(
      await popup.getByTestId('embed-confirm-price').innerText(),
      new RegExp(`^${price.maxCredits} credit`),
    );
    await frame.getByTestId('embed-waiting').waitFor();
    // Confirm takes a click once the window has been in front for a moment.
    await confirm.locator('button:not([disabled])', { hasText: 'Confirm price' }).waitFor();
    await shot(popup, 'embed-confirm-price-window');
    await Promise.all([
      popup.waitForEvent('close', { timeout: 20_000 }),
      confirm.getByRole('button', { name: 'Confirm price' }).click(),
    ]);
    await frame.getByText('Signed in as Grace Hopper').waitFor();
    await frame
      .getByTestId('results')
      .getByText(/harbours/i)
      .first()
      .waitFor({ timeout: 60_000 });
    await shot(other, 'embed-signed-in-desktop', { fullPage: true });
    const { credits } = await graphql(server, '{ credits { credits } }', {}, grace.session.access_token);
    assert.equal(credits.credits, 50 - price.maxCredits, 'the run was charged to the runner');

    // Confirmed once for this app: the next run starts at once, without a window.
    await frame.getByLabel('Topic').fill('tides');
    await frame.getByTestId('embed-run').getByText('Run', { exact: true }).waitFor();
    await frame.getByTestId('embed-run').click();
    await frame.getByTestId('results').getByText(/tides/i).first().waitFor({ timeout: 60_000 });
    assert.equal(visitor.pages().length, 1, 'no window opened for the second run');
    assert.deepEqual(errors, []);
    await visitor.close();
  },
);

test(
  'on the Free plan the owner’s Embed panel offers the upgrade, and the embed says it is not available',
  { timeout: 120_000 },
  async () => {
    const linus = await signUp(server, { email: 'linus@example.com', password: PASSWORD, fullName: 'Linus' });
    const free = await liveApp(server, linus, {
      name: 'Haiku Helper',
      description: 'Writes a haiku.',
      category: 'Content',
      slug: `haiku-helper-${Date.now().toString(36)}`,
      isPrivate: false,
      config: textApp({ label: 'Topic' }),
    });
    const { context, page, errors } = await signedInPage(browser, linus);
    await page.goto(`${server.url}/app/${free.slug}`);
    const locked = page.getByTestId('embed-panel-locked');
    await locked.getByText('Embeds come with the Starter plan and up.').waitFor();
    await locked.getByRole('button', { name: 'Upgrade to Starter' }).waitFor();
    assert.equal(await page.getByTestId('embed-script').count(), 0);
    await locked.scrollIntoViewIfNeeded();
    await page
      .getByTestId('embed-panel')
      .screenshot({ path: path.join(SHOTS, 'embed-panel-free-desktop.png') });
    assert.deepEqual(errors, []);
    await context.close();

    const visitor = await browser.newContext({ viewport: DESKTOP });
    const other = await visitor.newPage();
    await other.goto(`${site.url}/iframe.html?app=${free.slug}`);
    const status = other.frameLocator('iframe').getByTestId('embed-status');
    await status.getByText(/Starter/).waitFor();
    assert.equal(await other.frameLocator('iframe').getByTestId('embed-run').count(), 0);
    await visitor.close();
  },
);
