// Routes and loops on the canvas, in a real Chromium against the built product (offline AI): load
// the Support ticket triage template, see the condition's true and false handles, run it and find
// one route's blocks greyed 'Skipped' and the other's answer; load the CSV row summariser, see its
// loop drawn as a group, run it and watch 'Item i of n' on the loop, then the collected table.
// Progress reaches the page a little slowly here (loop progress messages are held back on the
// WebSocket), so the loop's progress can be seen and photographed while it runs. At 1440 and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import path from 'node:path';
import {
  DESKTOP,
  PHONE,
  SHOTS,
  expectToast,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
} from './helpers.mjs';

const PASSWORD = 'correct horse battery staple';
/** The confirm button of the assistant's question before it replaces unsaved blocks. */
const REPLACE_CONFIRM = 'Load generated app';
/** How long each loop progress message is held before the page gets it. */
const PROGRESS_PACE_MS = 350;
const CSV_ROWS = [
  ['Ada', 'Loved the new dashboard and how fast it is'],
  ['Grace', 'Export to PDF keeps failing on large reports'],
  ['Alan', 'Could you add a dark mode?'],
  ['Edsger', 'The search ignores accents in names'],
  ['Barbara', 'Support answered within minutes'],
  ['Ken', 'Invoices show the wrong VAT number'],
];
const CSV = ['name,feedback', ...CSV_ROWS.map(([name, text]) => `${name},${text}`)].join('\n');

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney());
});

after(() => stopJourney({ browser, server }));

/** A new account's builder, the tour already seen; loop progress messages are paced on the way. */
async function openBuilder(viewport, email) {
  const mobile = viewport.width < 768;
  // Twice the pixels, so the canvas close-ups stay readable at the zoom that fits the whole app.
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 2,
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    const server = ws.connectToServer();
    let queue = Promise.resolve();
    server.onMessage((message) => {
      const held = typeof message === 'string' && message.includes('"loop_progress"');
      queue = queue.then(async () => {
        if (held) await new Promise((resolve) => setTimeout(resolve, PROGRESS_PACE_MS));
        ws.send(message);
      });
    });
    ws.onMessage((message) => server.send(message));
  });
  const auth = await signUp(server, { email, password: PASSWORD, fullName: 'Flo Wright' });
  await page.goto(`${server.url}/`);
  await page.evaluate(
    (session) => {
      globalThis.localStorage.setItem('blocksmith-session', session);
      globalThis.localStorage.setItem('onboarding-completed', 'true');
    },
    JSON.stringify({ ...auth.session, user: auth.user }),
  );
  await page.goto(`${server.url}/app`);
  await page.getByTestId('canvas').waitFor();
  return { context, page, errors, mobile };
}

async function loadTemplate(page, mobile, name, nodes) {
  if (mobile) await page.getByRole('button', { name: 'Show blocks' }).click();
  await page.getByRole('button', { name: new RegExp(name) }).click();
  const confirm = page.getByRole('button', { name: 'Load template' });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expectToast(page, 'Template loaded');
  await page.getByTestId('node-count').getByText(`${nodes} nodes`).waitFor();
  if (mobile) await page.locator('.mobile-drawer').waitFor({ state: 'hidden' });
}

const block = (page, type) => page.locator(`.block-node[data-type="${type}"]`);

/** The canvas alone, at the page's full pixel density. */
async function canvasShot(page, name) {
  await page.getByTestId('canvas').screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function closePreview(page) {
  await page.keyboard.press('Escape');
  await page.locator('.preview-drawer').waitFor({ state: 'hidden' });
}

/** Support ticket triage: one route runs, the other's blocks are greyed 'Skipped'. */
async function conditionRun(page, mobile, label) {
  await loadTemplate(page, mobile, 'Support ticket triage', 7);
  const condition = block(page, 'condition');
  assert.deepEqual(await condition.locator('.block-route-label').allInnerTexts(), ['true', 'false']);
  assert.equal(await condition.locator('.react-flow__handle.handle-route').count(), 2);
  assert.equal(
    await page.locator('.react-flow__edge').count(),
    6,
    'every connection is drawn, routes included',
  );
  await shot(page, `flow-condition-canvas-${label}`);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page
    .getByLabel('Paste a customer ticket')
    .fill('My order arrived broken and nobody answers my e-mails.');
  await page.getByTestId('preview-run').click();
  await expectToast(page, 'App executed successfully!');
  const results = page.locator('.preview-drawer').getByTestId('results');
  await results.getByTestId('result-text').first().waitFor();
  assert.match(await results.innerText(), /Offline preview/);
  await shot(page, `flow-condition-run-${label}`);
  await closePreview(page);

  // Exactly one route was taken; its answer ran, the other route's answer and display were skipped.
  const taken = await condition.locator('.block-route.is-taken').getAttribute('data-route');
  const idle = taken === 'true' ? 'false' : 'true';
  assert.ok(['true', 'false'].includes(taken), 'one route is marked as taken');
  assert.equal(await condition.locator(`.block-route.is-idle[data-route="${idle}"]`).count(), 1);
  const skipped = page.locator('.block-node[data-status="skipped"]');
  assert.deepEqual((await skipped.evaluateAll((nodes) => nodes.map((n) => n.dataset.type))).sort(), [
    'textDisplay',
    'textGeneration',
  ]);
  for (const text of await skipped.locator('.block-run-status').allInnerTexts())
    assert.match(text, /Skipped/);
  assert.equal(
    await page.locator('.block-node[data-status="succeeded"][data-type="textGeneration"]').count(),
    1,
  );
  assert.equal(
    await page.locator('.block-node[data-status="succeeded"][data-type="textDisplay"]').count(),
    1,
  );
  assert.equal(await page.locator('.react-flow__edge.is-idle').count(), 2, 'the route not taken is faded');
  await shot(page, `flow-condition-skipped-${label}`);
  await canvasShot(page, `flow-condition-skipped-canvas-${label}`);
}

/** CSV row summariser: the loop's group, 'Item i of n' while it runs, then the collected table. */
async function loopRun(page, mobile, label) {
  await loadTemplate(page, mobile, 'CSV row summariser', 5);
  const group = page.getByTestId('loop-group');
  await group.waitFor();
  assert.match(await group.innerText(), /Runs once per item/);
  // The group sits around the block inside the loop.
  const around = await group.boundingBox();
  const inside = await block(page, 'textGeneration').boundingBox();
  assert.ok(around.x < inside.x && around.y < inside.y, 'the group starts before the loop’s block');
  assert.ok(around.x + around.width > inside.x + inside.width, 'the group ends after the loop’s block');
  await shot(page, `flow-loop-canvas-${label}`);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByLabel('Paste a CSV (header line first)').fill(CSV);
  await page.getByTestId('preview-run').click();
  const progress = block(page, 'forEach').getByTestId('loop-progress');
  await progress.filter({ hasText: /^Item [2-5] of 6$/ }).waitFor({ timeout: 20_000 });
  const seen = await progress.innerText();
  await closePreview(page);
  await canvasShot(page, `flow-loop-progress-canvas-${label}`);
  await shot(page, `flow-loop-progress-${label}`);
  assert.match(seen, /^Item \d of 6$/);
  await expectToast(page, 'App executed successfully!');
  await progress.filter({ hasText: '6 items' }).waitFor();
  assert.match(await group.innerText(), /6 items/);
  assert.equal(await block(page, 'collect').getAttribute('data-status'), 'succeeded');
  await canvasShot(page, `flow-loop-done-canvas-${label}`);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const table = page.locator('.preview-drawer').getByTestId('results').locator('.result-table table');
  await table.waitFor();
  await settled(page); // the reopened preview finishes sliding in
  assert.deepEqual(await table.locator('th').allInnerTexts(), ['generated_text']);
  const rows = table.locator('tbody tr');
  assert.equal(await rows.count(), CSV_ROWS.length);
  for (const row of await rows.allInnerTexts()) assert.match(row, /Offline preview/);
  await shot(page, `flow-loop-result-${label}`);
  await closePreview(page);
}

/** The assistant (offline) builds apps with routes and with a loop from a sentence. */
async function assistantBuilds(page, label) {
  await page.getByTestId('assistant-button').click();
  const input = page.getByTestId('assistant-input');
  const ask = async (request, nodes, { replacesUnsaved }) => {
    await input.fill(request);
    await input.press('Enter');
    if (replacesUnsaved) {
      const replace = page.getByRole('button', { name: REPLACE_CONFIRM });
      await replace.click();
      await replace.waitFor({ state: 'hidden' });
    }
    await page.getByTestId('node-count').getByText(`${nodes} nodes`).waitFor();
  };
  // The template before was saved by its run; the first generated app is not saved.
  await ask('classify each ticket and answer complaints one way and questions another', 7, {
    replacesUnsaved: false,
  });
  const condition = block(page, 'condition');
  assert.deepEqual(await condition.locator('.block-route-label').allInnerTexts(), ['true', 'false']);
  assert.equal(await page.locator('.react-flow__edge').count(), 6);
  await shot(page, `flow-assistant-routes-${label}`);
  await ask('summarise each row of this CSV', 5, { replacesUnsaved: true });
  await page.getByTestId('loop-group').waitFor();
  assert.equal(await block(page, 'forEach').count(), 1);
  assert.equal(await block(page, 'collect').count(), 1);
  await shot(page, `flow-assistant-loop-${label}`);
}

test('routes and loops on the canvas at 1440 px', { timeout: 180_000 }, async () => {
  const { context, page, errors, mobile } = await openBuilder(DESKTOP, 'flo@example.com');
  await conditionRun(page, mobile, '1440');
  await loopRun(page, mobile, '1440');
  await assistantBuilds(page, '1440');
  assert.deepEqual(errors, []);
  await context.close();
});

test('routes and loops on the canvas at 390 px', { timeout: 180_000 }, async () => {
  const { context, page, errors, mobile } = await openBuilder(PHONE, 'flo-phone@example.com');
  await conditionRun(page, mobile, '390');
  await loopRun(page, mobile, '390');
  assert.deepEqual(errors, []);
  await context.close();
});
