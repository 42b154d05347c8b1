// The app page, templates and the assistant in a real Chromium against the built product: load a
// template and run it; build an app with the assistant (offline provider) and run it; open an app
// page signed out.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, launchBrowser, startServer } from './server.mjs';

const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
let server;
let browser;

before(async () => {
  browser = await launchBrowser();
  server = await startServer();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  if (process.env.E2E_SERVER_LOG) console.log(server?.log());
  await browser?.close();
  await server?.stop();
});

async function expectToast(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 20_000 });
}

/** Signs up over the GraphQL API and hands the session to the page (as the sign-in page stores it). */
async function signUp(page, email) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `mutation ($email: String!) { signUp(email: $email, password: "correct horse battery staple", fullName: "Grace Hopper") {
        user { id email user_metadata { full_name isAdmin } } session { access_token refresh_token expires_at } } }`,
      variables: { email },
    }),
  });
  const { data } = await response.json();
  const stored = { ...data.signUp.session, user: data.signUp.user };
  await page.goto(`${server.url}/`);
  await page.evaluate(
    (value) => globalThis.localStorage.setItem('blocksmith-session', value),
    JSON.stringify(stored),
  );
  await page.goto(`${server.url}/app`);
}

test(
  'load a template, run it; build an app with the assistant and run it',
  { timeout: 180_000 },
  async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signUp(page, 'grace@example.com');

    await page.getByTestId('onboarding').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'runner-onboarding-1440.png') });
    await page.getByTestId('onboarding').getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('onboarding-step').getByText('Step 2 of 7').waitFor();
    await page.getByTestId('onboarding').getByRole('button', { name: 'Skip' }).first().click();
    assert.equal(await page.evaluate(() => globalThis.localStorage.getItem('onboarding-completed')), 'true');

    await page.getByRole('button', { name: /Travel itinerary generator/ }).click();
    await expectToast(page, 'Template loaded');
    await page.getByTestId('node-count').getByText('4 nodes').waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByLabel('Where and for how long?').fill('Lisbon, 3 days');
    await page.getByTestId('preview-run').click();
    await expectToast(page, 'App executed successfully!');
    await page.getByTestId('results').getByTestId('result-text').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'runner-template-run-1440.png') });
    await page.keyboard.press('Escape');

    await page.getByTestId('assistant-button').click();
    const input = page.getByTestId('assistant-input');
    await input.fill('   ');
    await input.press('Enter');
    assert.equal(await page.locator('.assistant-message.is-user').count(), 0);
    await input.fill('Summarise a text');
    await input.press('Shift+Enter');
    await input.pressSequentially('and classify its sentiment');
    await input.press('Enter');
    // The template app was saved by its run, so nothing unsaved is lost: no confirm dialog.
    await expectToast(page, 'App built!');
    await page.screenshot({ path: path.join(SHOTS, 'runner-assistant-1440.png') });
    await page.locator('.builder-header').getByText('Summarise a text').first().waitFor();
    await page.getByTestId('node-count').getByText('3 nodes').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test('an app page that does not exist, signed out, on a phone', { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/app/no-such-app`);
  await page.getByText('App Not Found').waitFor();
  await page.getByText('The requested app could not be found or is not published.').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Create New App' }).last().getAttribute('href'), '/app');
  await page.screenshot({ path: path.join(SHOTS, 'runner-not-found-390.png') });
  await context.close();
});
