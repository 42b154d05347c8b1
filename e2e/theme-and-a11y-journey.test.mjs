// Dark mode and accessibility in a real Chromium against the built product: the theme follows
// prefers-color-scheme until a person chooses in the avatar menu, the choice is kept per person;
// every page, signed out and signed in, desktop and 390 px, in both themes, has no critical,
// serious or moderate accessibility violation (axe-core's WCAG 2.0/2.1 A and AA rules, through
// a11y-check.mjs), with a screenshot of each kept under test-results/screenshots.
/* global document */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkA11y, formatViolations } from './a11y-check.mjs';
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
  textApp,
} from './helpers.mjs';
import { runToEnd } from './runs-helpers.mjs';

let server;
let browser;
let owner;
let app;
/** One of the owner's runs, for the run view. */
let runId;

before(async () => {
  ({ browser, server } = await startJourney({ env: { ADMIN_EMAILS: ADMIN } }));
  owner = await signUp(server, { email: 'ada@example.com', password: PASSWORD, fullName: 'Ada Lovelace' });
  app = await liveApp(server, owner, {
    name: 'Poem Writer',
    slug: 'poem-writer',
    category: 'Content',
    description: 'Writes a short poem about your topic.',
    isPrivate: false,
    config: textApp(),
  });
  await graphql(server, 'mutation { initializeCredits { credits } }', {}, owner.session.access_token);
  ({ runId } = await runToEnd(server, owner, app.id, { input_text: 'tides' }, 'published'));
});

after(() => stopJourney({ browser, server }));

/** A context in `scheme` (the browser's prefers-color-scheme), signed in as `auth` when given. */
async function openContext({ scheme = 'light', viewport = DESKTOP, auth = null, stored = {} } = {}) {
  const context = await browser.newContext({
    viewport,
    colorScheme: scheme,
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
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

const isDark = (page) => page.evaluate(() => document.body.classList.contains('bp6-dark'));

test(
  'dark mode follows the browser until chosen, and the choice is kept per person',
  { timeout: 120_000 },
  async () => {
    // Signed out: the browser's preference decides.
    const dark = await openContext({ scheme: 'dark' });
    await dark.page.goto(`${server.url}/`);
    await dark.page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await isDark(dark.page), true, 'a dark browser gets the dark theme');
    assert.equal(await dark.page.evaluate(() => document.documentElement.style.colorScheme), 'dark');
    await dark.context.close();

    // Ada chooses dark in the avatar menu, in a light browser; it stays after a reload and on other pages.
    const ada = await openContext({ scheme: 'light', auth: owner });
    const { page } = ada;
    await page.goto(`${server.url}/app`);
    await page.getByTestId('node-count').waitFor();
    assert.equal(await isDark(page), false);
    await openMenu(
      page,
      page.getByRole('button', { name: /^Account:/ }),
      page.getByTestId('theme-switch').getByText('Following your system setting'),
    );
    await shot(page, 'theme-avatar-menu-light-desktop');
    await page.getByTestId('theme-switch').getByText('Dark mode').click();
    await page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    await page.getByTestId('theme-switch').getByRole('menuitem', { name: 'Use system setting' }).waitFor();
    await shot(page, 'theme-avatar-menu-dark-desktop');
    await page.keyboard.press('Escape');
    // The canvas and its grid are drawn dark too.
    assert.ok(await page.locator('.react-flow.dark').count(), 'the canvas is in its dark color mode');
    await page.reload();
    await page.getByTestId('node-count').waitFor();
    assert.equal(await isDark(page), true, 'kept after a reload');
    await page.goto(`${server.url}/store`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await isDark(page), true, 'kept on the other pages');

    // A run's results in the dark theme: readable, and no accessibility violation.
    await page.goto(`${server.url}/app/${app.slug}`);
    await page.getByLabel('Topic').fill('lighthouses');
    await page.getByTestId('run-app').click();
    await page.getByTestId('results').getByTestId('result-text').first().waitFor({ timeout: 30_000 });
    await settled(page);
    await shot(page, 'theme-runner-results-dark-desktop');
    const results = await checkA11y(page, { impacts: ['critical', 'serious', 'moderate'] });
    assert.deepEqual(results.violations, [], formatViolations(results.violations));
    await page.goto(`${server.url}/store`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // Another person on the same browser has their own (none yet: the browser's light).
    const grace = await signUp(server, {
      email: 'grace@example.com',
      password: PASSWORD,
      fullName: 'Grace Hopper',
    });
    await page.evaluate(
      (session) => globalThis.localStorage.setItem('blocksmith-session', session),
      JSON.stringify({ ...grace.session, user: grace.user }),
    );
    await page.reload();
    await page.getByRole('button', { name: /^Account: Grace/ }).waitFor();
    assert.equal(await isDark(page), false, "Grace has not chosen: her browser's light");
    // Ada again: dark. Then she goes back to following the browser.
    await page.evaluate(
      (session) => globalThis.localStorage.setItem('blocksmith-session', session),
      JSON.stringify({ ...owner.session, user: owner.user }),
    );
    await page.reload();
    await page.getByRole('button', { name: /^Account: Ada/ }).waitFor();
    assert.equal(await isDark(page), true, "Ada's choice is hers");
    const followSystem = page
      .getByTestId('theme-switch')
      .getByRole('menuitem', { name: 'Use system setting' });
    await openMenu(page, page.getByRole('button', { name: /^Account:/ }), followSystem);
    await followSystem.click();
    await page.waitForFunction(() => !document.body.classList.contains('bp6-dark'));
    assert.deepEqual(ada.errors, []);
    await ada.context.close();
  },
);

/** Every page, as `who` sees it. */
function pages() {
  return [
    ['home', '/', 'anyone'],
    ['store', '/store', 'anyone'],
    ['signin', '/signin', 'anyone'],
    ['signup', '/signup', 'anyone'],
    ['builder', '/app', 'anyone'],
    ['runner', `/app/${app.slug}`, 'anyone'],
    ['publisher', `/store/user/${owner.user.id}`, 'anyone'],
    ['privacy', '/privacy', 'anyone'],
    ['terms', '/terms', 'anyone'],
    ['reset-password', '/reset-password', 'anyone'],
    ['auth-callback', '/auth/callback', 'anyone'],
    ['auth-demo', '/auth-demo', 'anyone'],
    ['embed', `/embed/${app.slug}`, 'anyone'],
    ['embed-sign-in', `/embed/${app.slug}/sign-in`, 'anyone'],
    ['not-found', '/no-such-page', 'anyone'],
    ['builder-signed-in', '/app', 'owner'],
    ['runner-owner', `/app/${app.slug}`, 'owner'],
    ['my-apps', '/my-apps', 'owner'],
    ['app-runs', `/my-apps/${app.id}/runs`, 'owner'],
    ['my-runs', '/runs', 'owner'],
    ['run', `/runs/${runId}`, 'owner'],
    ['credits', '/credits', 'owner'],
    ['earnings', '/earnings', 'owner'],
    ['api-keys', '/account/api-keys', 'owner'],
    ['secrets', '/account/secrets', 'owner'],
    ['store-mine', '/store?view=mine', 'owner'],
    ['analytics', '/analytics', 'admin'],
    ['verification', '/verification', 'admin'],
    ['admin-users', '/admin/users', 'admin'],
  ];
}

// Two at a time: each waits on the network and the page between its checks, and the other's axe
// runs meanwhile.
describe('every page in each theme and size', { concurrency: 2 }, () => {
  for (const scheme of ['light', 'dark']) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', PHONE],
    ]) {
      test(
        `every page has no accessibility violation (${scheme}, ${size})`,
        { timeout: 300_000 },
        async () => {
          const admin = await adminOf(server);
          const failures = [];
          let engine = '';
          for (const who of ['anyone', 'owner', 'admin']) {
            const auth = who === 'owner' ? owner : who === 'admin' ? admin : null;
            const { context, page, errors } = await openContext({ scheme, viewport, auth });
            for (const [name, path] of pages().filter(([, , as]) => as === who)) {
              await page.goto(`${server.url}${path}`);
              await page.waitForLoadState('networkidle');
              // A heading, or the message of a page that says only why it shows nothing (an embed of
              // an app whose owner's plan has no embeds).
              await page.locator('h1, h2, h3, .bp6-non-ideal-state').first().waitFor();
              await settled(page);
              assert.equal(await isDark(page), scheme === 'dark', `${name} follows the ${scheme} browser`);
              await shot(page, `theme-${name}-${scheme}-${size}`, { fullPage: size === 'mobile' });
              const result = await checkA11y(page, { impacts: ['critical', 'serious', 'moderate'] });
              engine = result.engine;
              if (result.violations.length > 0)
                failures.push(`${name} (${path}):\n${formatViolations(result.violations)}`);
            }
            assert.deepEqual(errors, [], `no page error (${who})`);
            await context.close();
          }
          assert.equal(failures.length, 0, `accessibility violations [${engine}]:\n${failures.join('\n')}`);
        },
      );
    }
  }
});
