// The app page, templates and the assistant in a real Chromium against the built product: load a
// template and run it; build an app with the assistant (offline provider) and run it; a published
// app approved by an admin (ADMIN_EMAILS, confirmed through the mailed link), run and upvoted by
// another person, and its page signed out; an app page that does not exist.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  ADMIN,
  expectToast,
  graphql,
  mailedLink,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';

const PASSWORD = 'correct horse battery staple';
let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: { ADMIN_EMAILS: ADMIN } }));
});

after(() => stopJourney({ browser, server }));

/** An account made over the GraphQL API: `{ user, session }`. */
async function account(email, fullName = 'Grace Hopper') {
  return signUp(server, { email, password: PASSWORD, fullName });
}

/** Hands an account's session to the page (as the sign-in page stores it), then opens `route`. */
async function signInAs(page, auth, route = '/app') {
  await page.goto(`${server.url}/`);
  await page.evaluate(
    (value) => globalThis.localStorage.setItem('blocksmith-session', value),
    JSON.stringify({ ...auth.session, user: auth.user }),
  );
  await page.goto(`${server.url}${route}`);
}

/** Signs up over the GraphQL API and opens the builder signed in. */
async function signUpAndOpen(page, email) {
  await signInAs(page, await account(email));
}

test(
  'load a template, run it; build an app with the assistant and run it',
  { timeout: 180_000 },
  async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signUpAndOpen(page, 'grace@example.com');

    await page.getByTestId('onboarding').waitFor();
    await shot(page, 'runner-onboarding-1440');
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
    await shot(page, 'runner-template-run-1440');
    // Escape closes the live preview, even with the focus left on the page by the run.
    await page.keyboard.press('Escape');
    await page.locator('.preview-drawer').waitFor({ state: 'hidden' });

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
    await shot(page, 'runner-assistant-1440');
    await page.locator('.builder-header').getByText('Summarise a text').first().waitFor();
    await page.getByTestId('node-count').getByText('3 nodes').waitFor();

    // Run the generated app: its input starts empty (nothing typed for the template carries over).
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const drawer = page.locator('.preview-drawer');
    const field = drawer.locator('.bp6-form-group').first().locator('input, textarea');
    await field.waitFor();
    assert.equal(await field.inputValue(), '', 'the template run input stays with the template');
    await field.fill('The meeting ran long but we agreed on the launch date. Everyone was relieved.');
    await page.getByTestId('preview-run').click();
    await expectToast(page, 'App executed successfully!');
    const results = drawer.getByTestId('results');
    await results.waitFor();
    assert.match(await results.innerText(), /Offline preview/);
    await shot(page, 'runner-assistant-run-1440');
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test(
  'a published app: an admin approves it, another person runs and upvotes it; signed out it asks to sign in',
  { timeout: 120_000 },
  async () => {
    // Ada publishes an app (over the API); it waits for review.
    const ada = await account('ada@example.com', 'Ada Lovelace');
    const slug = `haiku-helper-${Date.now().toString(36)}`;
    const { publishAppWithData } = await graphql(
      server,
      'mutation ($input: AppInput!) { publishAppWithData(id: null, input: $input) { app { id slug } } }',
      {
        input: {
          name: 'Haiku Helper',
          description: 'Writes a haiku about any topic.',
          category: 'Content',
          slug,
          isPrivate: false,
          config: textApp({ prompt: 'Write a haiku about {{input_text}}' }),
        },
      },
      ada.session.access_token,
    );
    assert.equal(publishAppWithData.app.slug, slug);
    const errors = [];

    // The admin confirms the address with the mailed link, signs in and approves the app.
    await account(ADMIN, 'Alan Admin');
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const admin = await adminContext.newPage();
    admin.on('pageerror', (error) => errors.push(error.message));
    await admin.goto(await mailedLink(server, ADMIN, 'Confirm your Blocksmith admin access'));
    await admin.getByLabel('New password', { exact: true }).fill('admin password 2');
    await admin.getByLabel('Confirm new password').fill('admin password 2');
    await admin.getByRole('button', { name: 'Update Password' }).click();
    await admin.waitForURL(`${server.url}/signin`, { timeout: 30_000 });
    await admin.goto(`${server.url}/signin?redirect=/verification`);
    await admin.getByLabel('Email').fill(ADMIN);
    await admin.getByLabel('Password').fill('admin password 2');
    await admin.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await admin.waitForURL(`${server.url}/verification`);
    const pending = admin.getByTestId('pending-app').filter({ hasText: 'Haiku Helper' });
    await pending.getByRole('button', { name: 'Review' }).click();
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'App Approved');
    await shot(admin, 'runner-published-approved-1280');
    await adminContext.close();

    // Grace opens the page, runs the app with live progress, and pays for it with credits.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAs(page, await account('grace.runner@example.com'), `/app/${slug}`);
    await page.getByRole('heading', { name: 'Haiku Helper' }).waitFor();
    await page.getByTestId('runner-author').getByText('Ada Lovelace').waitFor();
    await page.getByTestId('runner-votes').getByText('0 votes').waitFor();
    const balance = page.getByTestId('runner-credits').getByTestId('credits-balance').locator('strong');
    await balance.waitFor();
    const creditsBefore = Number(await balance.innerText());
    assert.ok(creditsBefore > 0, `credits to spend (${creditsBefore})`);
    // Every state the results column passes through, seen as it renders.
    await page.evaluate(() => {
      const seen = (globalThis.runProgressSeen = new Set());
      new globalThis.MutationObserver(() => {
        const button = globalThis.document.querySelector('[data-testid="run-app"]');
        if (button?.textContent?.includes('Processing...')) seen.add('processing');
        const steps = globalThis.document.querySelectorAll('[data-testid="runner-progress"] .runner-step');
        for (const step of steps) seen.add(step.className.replace('runner-step ', ''));
      }).observe(globalThis.document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    await page.getByLabel('Topic').fill('lighthouses');
    await page.getByTestId('run-app').click();
    await expectToast(page, 'App executed successfully!');
    await page.getByTestId('results').getByTestId('result-text').first().waitFor();
    const progress = await page.evaluate(() => [...globalThis.runProgressSeen]);
    assert.ok(progress.includes('processing'), `the button read Processing... (${progress})`);
    assert.ok(
      progress.some((state) => state.startsWith('is-')),
      `blocks' progress showed while running (${progress})`,
    );
    assert.match(await page.getByTestId('results').innerText(), /lighthouses/);
    await page.getByTestId('runner-runs').getByText('1 run', { exact: true }).waitFor();
    await page.waitForFunction((before) => {
      const strong = globalThis.document.querySelector('[data-testid="runner-credits"] strong');
      return strong !== null && Number(strong.textContent) < before;
    }, creditsBefore);
    await shot(page, 'runner-published-run-1280');

    // Upvote: the count rises by one, the button locks, then gives way to the note; it stays after a reload.
    await page.evaluate(() => {
      globalThis.upvoteLocked = false;
      new globalThis.MutationObserver(() => {
        const button = globalThis.document.querySelector('[data-testid="upvote-button"]');
        if (button?.classList.contains('is-animating') && button.disabled) globalThis.upvoteLocked = true;
      }).observe(globalThis.document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByTestId('upvote-button').click();
    await page.getByTestId('runner-votes').getByText('1 vote', { exact: true }).waitFor();
    await expectToast(page, 'Upvoted!');
    await page.getByTestId('upvoted').getByText('You upvoted this app').waitFor();
    assert.equal(await page.getByTestId('upvote-button').count(), 0);
    assert.equal(
      await page.evaluate(() => globalThis.upvoteLocked),
      true,
      'the button locked while animating',
    );
    await shot(page, 'runner-published-upvoted-1280');
    await page.reload();
    await page.getByTestId('upvoted').waitFor();
    await page.getByTestId('runner-votes').getByText('1 vote', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('upvote-button').count(), 0);

    // The store shows the card with its publisher and without an Upvote button from the first frame.
    await page.evaluate(() => {
      const seen = (globalThis.storeCardsSeen = new Set());
      new globalThis.MutationObserver(() => {
        for (const card of globalThis.document.querySelectorAll('[data-testid="app-card"]')) {
          const publisher = card.querySelector('.publisher-chip')?.textContent ?? '';
          const upvote = [...card.querySelectorAll('button')].some((b) => b.textContent === 'Upvote');
          seen.add(`${publisher}|${upvote ? 'upvote' : 'no upvote'}`);
        }
      }).observe(globalThis.document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('link', { name: 'Blocksmith store' }).click();
    await page.getByTestId('app-card').filter({ hasText: 'Haiku Helper' }).waitFor();
    assert.deepEqual(await page.evaluate(() => [...globalThis.storeCardsSeen]), ['AAda Lovelace|no upvote']);
    await shot(page, 'runner-published-store-1280');
    await context.close();

    // Signed out: the page asks to sign in to run, to upvote and to see credits.
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    visitor.on('pageerror', (error) => errors.push(error.message));
    await visitor.goto(`${server.url}/app/${slug}`);
    await visitor.getByRole('heading', { name: 'Haiku Helper' }).waitFor();
    await visitor.getByText('Sign in to run this app and use credits').waitFor();
    assert.equal(await visitor.getByTestId('run-app').isDisabled(), true);
    assert.equal(
      await visitor.getByTestId('run-app').getAttribute('title'),
      'Sign in to run this app and use credits',
    );
    const upvote = visitor.locator('.upvote-button');
    assert.equal((await upvote.innerText()).trim(), 'Sign in');
    assert.equal(await upvote.getAttribute('aria-disabled'), 'true');
    await visitor
      .getByTestId('runner-credits')
      .getByText('Please sign in to access your credits and track your usage.')
      .waitFor();
    await visitor.getByTestId('runner-votes').getByText('1 vote', { exact: true }).waitFor();
    await shot(visitor, 'runner-published-signed-out-390', { fullPage: true });
    await visitorContext.close();
    assert.deepEqual(errors, []);
  },
);

test('an app page that does not exist, signed out, on a phone', { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/app/no-such-app`);
  await page.getByText('App Not Found').waitFor();
  await page.getByText('The requested app could not be found or is not published.').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Create New App' }).last().getAttribute('href'), '/app');
  await shot(page, 'runner-not-found-390');
  await context.close();
});
