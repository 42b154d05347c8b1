// Runs you can look back at, in a real Chromium against the built product (offline AI): the
// credits panel's recent usage (5 entries) and the credits history a page at a time; the live
// preview filling in as text streams, a dropped connection said and followed again, errors said
// once; an app's runs for its owner by status and source, one opened on its canvas coloured by
// step with a block's outputs, another person's run without their inputs until sharing is on;
// "Run again with these inputs" filling the preview, and a runner's own history on the app page.
// Screenshots of every page at 1440 and 390 px go to test-results/screenshots (not committed).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEVELOPER_ENV, liveApp, upgradeToStarter } from './developer-setup.mjs';
import { PHONE, graphql, shot, signUp, startJourney, stopJourney, textApp } from './helpers.mjs';
import { ownApp, pageAs, rowTexts, runToEnd } from './runs-helpers.mjs';

const PASSWORD = 'correct horse battery staple';
/** How long each streamed piece of text is held before the page gets it, so streaming can be seen. */
const STREAM_PACE_MS = 60;

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: DEVELOPER_ENV }));
});

after(() => stopJourney({ browser, server }));

/** Topic -> Text AI -> Text Display, and a Code block that refuses the topic "storm". */
function stormyApp() {
  const app = textApp({ label: 'Topic', prompt: 'Write a short guide about {{input_text}}' });
  app.plugins.push({
    id: 'check',
    type: 'code',
    position: { x: 400, y: 280 },
    settings: {
      code: "if (input === 'storm') throw new Error('No storms, please.');\nreturn { topic: input };",
    },
  });
  app.connections.push({ id: 'c2', from: 'in', to: 'check', fromPort: 'output', toPort: 'input' });
  return app;
}

async function credits(page) {
  return page.getByTestId('recent-usage');
}

test(
  'usage: the credits panel lists the 5 newest charges; the credits history pages through all of them',
  { timeout: 240_000 },
  async () => {
    const ada = await signUp(server, {
      email: 'ada@example.com',
      password: PASSWORD,
      fullName: 'Ada Lovelace',
    });
    const app = await liveApp(server, ada, {
      name: 'Harbour guide',
      description: 'Writes about a harbour',
      slug: 'harbour-guide',
      category: 'Content',
      isPrivate: false,
      config: textApp({ label: 'Harbour' }),
    });
    // 21 runs from the builder, then 2 from the app's page: 23 charges of 1 credit.
    for (let i = 0; i < 21; i++) await runToEnd(server, ada, app.id, { input_text: `harbour ${i}` });
    for (let i = 0; i < 2; i++) {
      await graphql(
        server,
        'mutation ($slug: String!, $inputs: JSONObject) { runPublishedApp(slug: $slug, inputs: $inputs) { id status } }',
        { slug: app.slug, inputs: { input_text: `published ${i}` } },
        ada.session.access_token,
      );
    }

    const { context, page, errors } = await pageAs(browser, ada, {
      extra: { editExistingApp: JSON.stringify({ id: app.id, owner_id: ada.user.id }) },
    });
    await page.goto(`${server.url}/app`);
    const usage = await credits(page);
    await usage.getByTestId('usage-row').nth(4).waitFor();
    const rows = await rowTexts(usage, 'usage-row');
    assert.equal(rows.length, 5, 'the spec shows 5 entries');
    assert.match(rows[0], /^Published Text AI 1 credit\(s\) /);
    assert.match(rows[1], /^Published Text AI 1 credit\(s\) /);
    assert.match(rows[2], /^Test Text AI 1 credit\(s\) /);
    await usage.scrollIntoViewIfNeeded();
    await shot(page, 'runs-usage-panel-desktop');

    // The whole history, 20 a page: 23 entries on two pages.
    await usage.getByRole('link', { name: 'Credits history' }).click();
    await page.getByRole('heading', { name: 'Credits history' }).waitFor();
    const history = page.getByTestId('history-row');
    await history.nth(19).waitFor();
    assert.equal(await history.count(), 20);
    assert.equal(await page.getByTestId('credits-used').innerText(), '23');
    assert.equal(await page.getByTestId('pager-page').innerText(), 'Page 1');
    await shot(page, 'runs-credits-history-desktop', { fullPage: true });
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByTestId('pager-page').getByText('Page 2').waitFor();
    await page.waitForFunction(
      () => globalThis.document.querySelectorAll('[data-testid="history-row"]').length === 3,
    );
    assert.ok(await page.getByRole('button', { name: 'Older' }).isDisabled());
    const last = await rowTexts(page, 'history-row');
    assert.ok(
      last.every((row) => /^Test\s+Text AI\s+1 credit\(s\)/.test(row)),
      last.join('\n'),
    );
    await page.getByRole('button', { name: 'Newer' }).click();
    await page.getByTestId('pager-page').getByText('Page 1').waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await pageAs(browser, ada, { viewport: PHONE });
    await phone.page.goto(`${server.url}/credits`);
    await phone.page.getByTestId('history-row').nth(19).waitFor();
    await shot(phone.page, 'runs-credits-history-mobile', { fullPage: true });
    await phone.page.goto(`${server.url}/app`);
    await phone.page.getByRole('button', { name: 'Show blocks' }).click();
    const phoneUsage = await credits(phone.page);
    await phoneUsage.getByTestId('usage-row').nth(4).waitFor();
    await phoneUsage.scrollIntoViewIfNeeded();
    await phone.page.waitForTimeout(300);
    await shot(phone.page, 'runs-usage-panel-mobile');
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  },
);

test(
  'preview: text fills in as it streams, a dropped connection is said and the run followed again, errors said once',
  { timeout: 240_000 },
  async () => {
    const bea = await signUp(server, {
      email: 'bea@example.com',
      password: PASSWORD,
      fullName: 'Bea Stream',
    });
    await upgradeToStarter(server, bea);
    const app = await ownApp(server, bea, { name: 'Stormy guide', config: stormyApp() });
    const { context, page, errors } = await pageAs(browser, bea, {
      extra: { editExistingApp: JSON.stringify({ id: app.id, owner_id: bea.user.id }) },
    });
    // Streamed pieces reach the page slowly; the first run's socket drops after its 8th piece.
    let sockets = 0;
    let dropped = false;
    await page.routeWebSocket(/\/graphql$/, (ws) => {
      const socket = ++sockets;
      const upstream = ws.connectToServer();
      let pieces = 0;
      let queue = Promise.resolve();
      upstream.onMessage((message) => {
        const piece = typeof message === 'string' && message.includes('"node_partial"');
        queue = queue.then(async () => {
          if (piece) await new Promise((resolve) => setTimeout(resolve, STREAM_PACE_MS));
          if (dropped && socket === 1) return;
          ws.send(message);
          if (piece && socket === 1 && ++pieces === 8) {
            dropped = true;
            ws.close({ code: 4499, reason: 'Dropped by the journey' });
            upstream.close();
          }
        });
      });
      ws.onMessage((message) => upstream.send(message));
    });
    await page.goto(`${server.url}/app`);
    await page.getByTestId('node-count').getByText('4 nodes').waitFor();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.locator('.preview-drawer');
    await preview.getByLabel('Topic').fill('lighthouses');
    await preview.getByTestId('preview-run').click();

    // While the text streams, the display's place in the results fills in.
    const live = preview.getByTestId('result-live');
    await page.waitForFunction(
      () =>
        (globalThis.document.querySelector('[data-testid="result-live"]')?.textContent ?? '').trim().length >
        0,
    );
    const early = await live.innerText();
    assert.ok(early.trim().length > 0, 'streamed text is shown before the block ends');
    await shot(page, 'runs-streaming-desktop');

    // The connection drops: said, then made again, and the run followed to its end.
    const notice = preview.getByTestId('run-connection');
    await notice.getByText('Connection lost while the app runs. Reconnecting to the run...').waitFor();
    await shot(page, 'runs-connection-lost-desktop');
    await notice.getByText('Connection restored: following the run again.').waitFor({ timeout: 30_000 });
    const result = preview.getByTestId('result-text');
    await result.waitFor({ timeout: 30_000 });
    await notice.waitFor({ state: 'detached' });
    const text = await result.innerText();
    assert.ok(text.includes(early.trim().split(/\s+/)[0]), 'the result carries on the streamed text');
    const firstSentence = text.trim().split('\n')[0];
    assert.equal(text.split(firstSentence).length - 1, 1, 'nothing is doubled by the replayed events');
    assert.equal(await live.count(), 0);
    assert.ok(sockets >= 2, 'a second connection was made');

    // A failing block: said once, named by its title, with no toast saying it again.
    await preview.getByLabel('Topic').fill('storm');
    await preview.getByTestId('preview-run').click();
    const failure = preview.getByTestId('run-error');
    await failure.getByText('Failed to execute app').waitFor({ timeout: 30_000 });
    assert.match(await failure.innerText(), /Code failed: .*No storms, please\./);
    assert.doesNotMatch(await failure.innerText(), /check \(|\(check\)/, 'no internal id');
    assert.equal(await preview.getByRole('alert').count(), 1, 'one callout');
    assert.equal(
      await page
        .getByTestId('toast')
        .filter({ hasText: /storms|Failed to execute/ })
        .count(),
      0,
      'no toast says it again',
    );
    await shot(page, 'runs-block-error-desktop');

    // The server cannot be reached: 'Failed to execute app' and what to check.
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('StartRun')
        ? route.abort('internetdisconnected')
        : route.fallback(),
    );
    await preview.getByLabel('Topic').fill('harbours');
    await preview.getByTestId('preview-run').click();
    await failure.getByText(/Check your internet connection/).waitFor();
    assert.match(await failure.innerText(), /^Failed to execute app/);
    await shot(page, 'runs-network-error-desktop');
    await page.unroute('**/graphql');
    assert.deepEqual(errors, []);
    await context.close();
  },
);
