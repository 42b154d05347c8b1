// The builder journey in a real Chromium against the built product: sign up, build
// text input -> text generation -> text display by drag and drop, run it with live progress,
// save, reload and find it again, publish.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { connect, dropBlock, expectToast, settled, shot, startJourney, stopJourney } from './helpers.mjs';

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney());
});

after(() => stopJourney({ browser, server }));

test('build, run, save, reload and publish an app', { timeout: 180_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Sign up, landing back on the builder.
  await page.goto(`${server.url}/signup?redirect=/app`);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
  await page.getByLabel('Confirm password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${server.url}/app`);
  await page.getByText('Start building your workflow').waitFor();
  await page.getByTestId('credits-balance').getByText('50').waitFor();

  // Three blocks by drag and drop, then two connections by dragging between handles.
  await dropBlock(page, 'textInput', 180, 200);
  await dropBlock(page, 'textGeneration', 480, 260);
  await dropBlock(page, 'textDisplay', 780, 200);
  await page.getByTestId('node-count').getByText('3 nodes').waitFor();
  await page.getByText('Connect your nodes').waitFor();
  await connect(page, 'textInput', 'textGeneration');
  await connect(page, 'textGeneration', 'textDisplay');
  assert.equal(await page.locator('.react-flow__edge').count(), 2);
  await page.getByText('Connect your nodes').waitFor({ state: 'detached' });

  // The dropped blocks landed where they were dropped (centred on the drop point, at 100%).
  const input = await page.locator('.block-node[data-type="textInput"]').boundingBox();
  const canvas = await page.getByTestId('canvas').boundingBox();
  assert.ok(Math.abs(input.x + input.width / 2 - (canvas.x + 180)) < 4, 'block centred on the drop point');

  // Name the app, then run it from the live preview and watch the blocks finish.
  await page.locator('#app-name').fill('Lighthouse writer');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('heading', { name: 'Live preview' }).waitFor();
  await page.getByLabel('Your text').fill('lighthouses');
  await page.getByTestId('preview-run').click();
  await page
    .locator('.block-node[data-type="textGeneration"] [data-status="succeeded"]')
    .waitFor({ timeout: 30_000 });
  await page.getByTestId('result-text').filter({ hasText: '[Offline preview]' }).waitFor();
  await expectToast(page, 'App executed successfully!');
  assert.equal(await page.locator('.block-node [data-status="succeeded"]').count(), 3);
  await shot(page, 'builder-run-desktop');
  await page.locator('.preview-drawer').getByRole('button', { name: 'Close' }).click();

  // Save, reload, and the app is back; it is also listed among the person's apps.
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'App saved successfully!');
  await page.reload();
  await page.getByTestId('node-count').getByText('3 nodes').waitFor();
  assert.equal(await page.locator('#app-name').inputValue(), 'Lighthouse writer');
  assert.equal(await page.locator('.react-flow__edge').count(), 2);
  await page.getByRole('button', { name: 'App actions' }).click();
  await page.getByText('Open app...').click();
  await page.getByRole('list', { name: 'Your apps' }).getByText('Lighthouse writer').waitFor();
  // Closed by its button, then gone: an Escape pressed while it was still opening was not heard,
  // and its backdrop then covered Publish.
  const openApps = page.getByRole('dialog').filter({ has: page.getByRole('list', { name: 'Your apps' }) });
  await openApps.getByRole('button', { name: 'Close' }).click();
  await openApps.waitFor({ state: 'hidden' });
  await page.locator('.bp6-overlay-backdrop').waitFor({ state: 'hidden' });

  // Publishing asks for a category first, then shows the share dialog.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expectToast(page, 'Please select a category for your app before publishing');
  await page.locator('#app-category').selectOption('Content');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('heading', { name: 'App Submitted for Review!' }).waitFor();
  await settled(page); // let the dialog finish opening
  await shot(page, 'builder-published-desktop');

  assert.deepEqual(errors, []);
  await context.close();
});

test('the builder on a phone: slide-over panels', { timeout: 60_000 }, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/app`);
  await page.getByText('Start building your workflow').waitFor();
  await shot(page, 'builder-empty-mobile');
  await page.getByRole('button', { name: 'Show blocks' }).click();
  await page.locator('.palette-item[data-block-type="textInput"]').click();
  await page.getByTestId('node-count').getByText('1 node').waitFor();
  await page.getByRole('button', { name: 'Show properties' }).click();
  await page.getByRole('heading', { name: 'Text Input' }).waitFor();
  await settled(page); // let the panel finish sliding in
  await shot(page, 'builder-properties-mobile');
  await context.close();
});
