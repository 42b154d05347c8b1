// Runs you can look back at, in a real Chromium against the built product (offline AI): the
// credits panel's recent usage (5 entries) and the credits history a page at a time; the live
// preview filling in as text streams, a dropped connection said and followed again, errors said
// once; an app's runs for its owner by status and source, one opened on its canvas coloured by
// step with a block's outputs, another person's run without their inputs until sharing is on;
// "Run again with these inputs" filling the preview, and a runner's own history on the app page.
// Screenshots of every page at 1440 and 390 px go to test-results/screenshots (not committed).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkA11y, formatViolations } from './a11y-check.mjs';
import { DEVELOPER_ENV, liveApp, upgradeToStarter } from './developer-setup.mjs';
import { PHONE, graphql, openMenu, settled, shot, startJourney, stopJourney, textApp } from './helpers.mjs';
import { ownApp, pageAs, rowTexts, runToEnd, signUpWithCredits } from './runs-helpers.mjs';

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
    const ada = await signUpWithCredits(server, {
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
    await settled(phone.page);
    await shot(phone.page, 'runs-usage-panel-mobile');
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  },
);

test(
  'preview: text fills in as it streams, a dropped connection is said and the run followed again, errors said once',
  { timeout: 240_000 },
  async () => {
    const bea = await signUpWithCredits(server, {
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

/** Signs up, moves to Starter (the Code block is a full block) and publishes the stormy app, live. */
async function publishedStormyApp(email, fullName, name) {
  const owner = await signUpWithCredits(server, { email, password: PASSWORD, fullName });
  await upgradeToStarter(server, owner);
  const app = await liveApp(server, owner, {
    name,
    description: 'A short guide to any topic but storms',
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    category: 'Content',
    isPrivate: false,
    config: stormyApp(),
  });
  return { owner, app };
}

/** Runs a published app as `auth` from its page (source store) and waits for the answer. */
async function runFromStore(auth, slug, topic) {
  const { runPublishedApp } = await graphql(
    server,
    'mutation ($slug: String!, $inputs: JSONObject) { runPublishedApp(slug: $slug, inputs: $inputs) { id status } }',
    { slug, inputs: { input_text: topic } },
    auth.session.access_token,
  );
  return runPublishedApp;
}

test(
  "runs page: the owner sees runs by status and source, opens one on its coloured canvas with a block's outputs; another person's inputs only once shared",
  { timeout: 240_000 },
  async () => {
    const { owner: cleo, app } = await publishedStormyApp(
      'cleo@example.com',
      'Cleo Owner',
      'Lighthouse guide',
    );
    const dan = await signUpWithCredits(server, {
      email: 'dan@example.com',
      password: PASSWORD,
      fullName: 'Dan Runner',
    });
    await runToEnd(server, cleo, app.id, { input_text: 'lighthouses' });
    const failed = await runToEnd(server, cleo, app.id, { input_text: 'storm' });
    assert.equal(failed.status, 'failed');
    const hiddenRun = await runFromStore(dan, app.slug, 'tides');

    // The owner finds the runs from My Apps.
    const { context, page, errors } = await pageAs(browser, cleo);
    await page.goto(`${server.url}/my-apps`);
    await page.getByTestId('app-runs-link').first().click();
    await page.getByRole('heading', { name: 'Runs' }).waitFor();
    const rows = page.getByTestId('run-row');
    await rows.nth(2).waitFor();
    assert.equal(await rows.count(), 3);
    await page
      .getByTestId('runs-rule')
      .getByText(/Your own runs always show everything/)
      .waitFor();

    // Sharing on: Dan's next run shows his inputs; the one before stays hidden.
    await page.locator('.runs-rule label.bp6-switch').click();
    await page.getByTestId('toast').filter({ hasText: 'Run details are shared from now on' }).waitFor();
    // Dan's page says so before he runs it again.
    const danPage = await pageAs(browser, dan);
    await danPage.page.goto(`${server.url}/app/${app.slug}`);
    await danPage.page
      .getByTestId('sharing-notice')
      .getByText('The creator of this app can see what you enter and the results.')
      .waitFor();
    assert.deepEqual(danPage.errors, []);
    await danPage.context.close();
    const sharedRun = await runFromStore(dan, app.slug, 'harbours');
    await page.reload();
    await rows.nth(3).waitFor();
    const listed = await rowTexts(page, 'run-row');
    assert.match(listed[0], /Succeeded .*Dan Runner Store page/, 'shared: no mark');
    assert.match(listed[1], /Succeeded .*Dan Runner Inputs and results hidden Store page/);
    assert.match(listed[2], /Failed .*You Builder test/);
    assert.match(listed[3], /Succeeded .*You Builder test/);
    await shot(page, 'runs-app-runs-desktop', { fullPage: true });
    const a11y = await checkA11y(page);
    assert.deepEqual(formatViolations(a11y.violations), '', `${a11y.engine} on the runs page`);

    // By status, then by source.
    await page.getByTestId('status-filter').selectOption('failed');
    await page.waitForFunction(
      () => globalThis.document.querySelectorAll('[data-testid="run-row"]').length === 1,
    );
    assert.equal(await rows.first().getAttribute('data-status'), 'failed');
    await page.getByTestId('status-filter').selectOption('');
    await page.getByTestId('source-filter').selectOption('store');
    await page.waitForFunction(
      () => globalThis.document.querySelectorAll('[data-testid="run-row"]').length === 2,
    );
    assert.ok((await rowTexts(page, 'run-row')).every((row) => /Dan Runner .*Store page/.test(row)));
    await page.getByTestId('source-filter').selectOption('');
    await rows.nth(3).waitFor();

    // The failed run: its canvas coloured by step, the failed block opened, another one clicked.
    await page.locator(`[data-run-id="${failed.runId}"] .run-link`).click();
    await page.getByTestId('run-app-name').getByText('Lighthouse guide').waitFor();
    // The owner's run ran the draft: the version it ran is named beside its cost.
    await page
      .getByTestId('run-version')
      .getByText(/^Version \d+$/)
      .waitFor();
    const canvas = page.getByTestId('run-canvas');
    await canvas.locator('.block-node[data-type="code"][data-status="failed"]').waitFor();
    assert.equal(
      await canvas.locator('.block-node[data-type="textGeneration"]').getAttribute('data-status'),
      'succeeded',
    );
    const panel = page.getByTestId('step-panel');
    // The run's error once at the top; the failed block opened beside the canvas.
    await page
      .getByTestId('run-error')
      .getByText(/Code failed: .*No storms, please\./)
      .waitFor();
    await page.locator('[data-testid="step-panel"][data-node-id="check"]').getByText('Failed').waitFor();
    assert.doesNotMatch(await panel.innerText(), /No storms/, 'not said again in the panel');
    await canvas.locator('.block-node[data-type="textGeneration"]').click();
    await page.locator('[data-testid="step-panel"][data-node-id="gen"]').waitFor();
    assert.match(await panel.innerText(), /received[\s\S]*input_text[\s\S]*storm/i);
    await panel.getByTestId('result-generated_text').waitFor();
    assert.ok(await page.getByTestId('run-again').isVisible(), 'the owner may run it again');
    await shot(page, 'runs-run-view-desktop', { fullPage: true });
    const runA11y = await checkA11y(page);
    assert.deepEqual(formatViolations(runA11y.violations), '', `${runA11y.engine} on the run view`);

    // Dan's run from before sharing: status, timing, cost, but not what he entered.
    await page.goto(`${server.url}/runs/${hiddenRun.id}`);
    await page
      .getByTestId('run-rule')
      .getByText(/what they entered and got back is hidden/)
      .waitFor();
    assert.doesNotMatch(await page.locator('main').innerText(), /tides/);
    assert.equal(await page.getByTestId('run-again').count(), 0);
    await shot(page, 'runs-run-hidden-desktop', { fullPage: true });

    // His run since: what he entered and what came out.
    await page.goto(`${server.url}/runs/${sharedRun.id}`);
    await page.getByTestId('run-app-name').waitFor();
    await page.locator('.run-fields').getByText('harbours').first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await pageAs(browser, cleo, { viewport: PHONE });
    await phone.page.goto(`${server.url}/my-apps/${app.id}/runs`);
    await phone.page.getByTestId('run-row').nth(3).waitFor();
    await shot(phone.page, 'runs-app-runs-mobile', { fullPage: true });
    await phone.page.goto(`${server.url}/runs/${failed.runId}`);
    await phone.page.getByTestId('step-panel').waitFor();
    await settled(phone.page);
    await shot(phone.page, 'runs-run-view-mobile', { fullPage: true });
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  },
);

test(
  'replay: "Run again with these inputs" fills the preview (owner) and the app page (runner); a runner reopens a run without running it',
  { timeout: 240_000 },
  async () => {
    const { owner: eve, app } = await publishedStormyApp('eve@example.com', 'Eve Owner', 'Tide guide');
    const kept = await runToEnd(server, eve, app.id, { input_text: 'spring tides' });
    const fay = await signUpWithCredits(server, {
      email: 'fay@example.com',
      password: PASSWORD,
      fullName: 'Fay Runner',
    });
    await runFromStore(fay, app.slug, 'neap tides');
    const second = await runFromStore(fay, app.slug, 'king tides');

    // The owner: the builder opens on the app with the run's inputs in the preview.
    const owner = await pageAs(browser, eve);
    await owner.page.goto(`${server.url}/runs/${kept.runId}`);
    await owner.page.getByTestId('run-again').click();
    await owner.page.waitForURL(/\/app$/);
    const preview = owner.page.locator('.preview-drawer');
    await preview.getByLabel('Topic').waitFor();
    await owner.page.waitForFunction(
      () => globalThis.document.querySelector('.preview-drawer input')?.value === 'spring tides',
    );
    assert.equal(await owner.page.getByTestId('node-count').innerText(), '4 nodes');
    await shot(owner.page, 'runs-replay-preview-desktop');
    assert.deepEqual(owner.errors, []);
    await owner.context.close();

    // The runner: My runs from the account menu, a run, then the app's page filled in.
    const runner = await pageAs(browser, fay);
    const { page } = runner;
    await page.goto(`${server.url}/store`);
    const myRuns = page.getByRole('menuitem', { name: 'My runs' });
    await openMenu(page, page.getByRole('button', { name: /^Account:/ }), myRuns);
    await myRuns.click();
    await page.getByRole('heading', { name: 'My runs' }).waitFor();
    await page.getByTestId('run-row').nth(1).waitFor();
    assert.match((await rowTexts(page, 'run-row'))[0], /Succeeded .*Tide guide Store page/);
    await shot(page, 'runs-my-runs-desktop', { fullPage: true });
    await page.locator(`[data-run-id="${second.id}"] .run-link`).click();
    await page.getByTestId('run-again').click();
    await page.waitForURL(new RegExp(`/app/${app.slug}\\?runAgain=`));
    await page.waitForFunction(
      () => globalThis.document.querySelector('#run-input-in')?.value === 'king tides',
    );

    // Her recent runs on the app's page; one reopens with its results, and nothing runs again.
    const recent = page.getByTestId('recent-run');
    await recent.nth(1).waitFor();
    const before = (
      await graphql(server, '{ myRuns(limit: 20) { runs { id } } }', {}, fay.session.access_token)
    ).myRuns.runs.length;
    await recent.nth(1).getByRole('button', { name: 'Open' }).click();
    await page.getByTestId('shown-run').waitFor();
    await page.getByTestId('results').getByTestId('result-text').waitFor();
    assert.match(await page.getByTestId('results').innerText(), /neap tides/);
    const after = (
      await graphql(server, '{ myRuns(limit: 20) { runs { id } } }', {}, fay.session.access_token)
    ).myRuns.runs.length;
    assert.equal(after, before, 'reopening ran nothing');
    await shot(page, 'runs-runner-recent-desktop', { fullPage: true });
    assert.deepEqual(runner.errors, []);
    await runner.context.close();

    const phone = await pageAs(browser, fay, { viewport: PHONE });
    await phone.page.goto(`${server.url}/runs`);
    await phone.page.getByTestId('run-row').nth(1).waitFor();
    await shot(phone.page, 'runs-my-runs-mobile', { fullPage: true });
    await phone.page.goto(`${server.url}/app/${app.slug}`);
    await phone.page.getByTestId('recent-run').nth(1).waitFor();
    await phone.page.getByTestId('recent-runs').scrollIntoViewIfNeeded();
    await shot(phone.page, 'runs-runner-recent-mobile');
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  },
);
