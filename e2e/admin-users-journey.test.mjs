// The admin users page in a real Chromium against the built product: an admin opens "Manage
// accounts" from the account menu, finds a customer by name, moves them to Enterprise after a
// sales contact, gives them credits with a reason, suspends them (after a confirmation): the
// customer's published app leaves the store and signing in says the account is suspended; the
// suspension is lifted and the app is back. Every change is listed with who, what and when. A
// person who is not an admin is refused the page and every admin route. Screenshots at 1440 and
// 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkA11y, formatViolations } from './a11y-check.mjs';
import {
  DESKTOP,
  PHONE,
  expectToast,
  graphql,
  openMenu,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
import { DEVELOPER_ENV, PASSWORD, adminOf, liveApp, signedInPage } from './developer-setup.mjs';

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: DEVELOPER_ENV }));
});

after(() => stopJourney({ browser, server }));

/** No critical, serious or moderate accessibility violation on the page as it is now. */
async function expectAccessible(page, where) {
  const { engine, violations } = await checkA11y(page, { impacts: ['critical', 'serious', 'moderate'] });
  assert.equal(violations.length, 0, `${where} [${engine}]:\n${formatViolations(violations)}`);
}

async function storeSlugs() {
  const { storeApps } = await graphql(server, '{ storeApps { slug } }');
  return storeApps.map((app) => app.slug);
}

test(
  'an admin finds a customer, grants Enterprise and credits, suspends and lifts it; every change listed',
  { timeout: 240_000 },
  async () => {
    const admin = await adminOf(server);
    const cora = await signUp(server, {
      email: 'cora@example.com',
      password: PASSWORD,
      fullName: 'Cora Customer',
    });
    await signUp(server, { email: 'dan@example.com', password: PASSWORD, fullName: 'Dan Developer' });
    await graphql(server, 'mutation { initializeCredits { credits } }', {}, cora.session.access_token);
    const app = await liveApp(server, cora, {
      name: 'Recipe Rewriter',
      description: 'Rewrites a recipe for two.',
      category: 'Content',
      slug: `recipe-rewriter-${Date.now().toString(36)}`,
      isPrivate: false,
      config: textApp({ label: 'Recipe', prompt: 'Rewrite for two people: {{input_text}}' }),
    });
    assert.ok((await storeSlugs()).includes(app.slug));

    const { context, page, errors } = await signedInPage(browser, admin);
    await page.goto(`${server.url}/store`);
    const manage = page.getByRole('menuitem', { name: 'Manage accounts' });
    await openMenu(page, page.getByRole('button', { name: 'Account: Alan Admin' }), manage);
    await manage.click();
    await page.waitForURL(`${server.url}/admin/users`);
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    const rows = page.getByTestId('admin-user-row');
    await rows.filter({ hasText: 'cora@example.com' }).waitFor();
    assert.ok((await rows.count()) >= 3, 'the newest accounts are listed before any search');
    await shot(page, 'admin-users-list-desktop');

    // Search by name.
    await page.getByRole('searchbox', { name: 'Find accounts' }).fill('cora');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(
      () => globalThis.document.querySelectorAll('[data-testid="admin-user-row"]').length === 1,
    );
    const row = rows.filter({ hasText: 'cora@example.com' });
    assert.match(await row.innerText(), /Free/);
    assert.match(await row.innerText(), /1 \(1 published\)/);

    // Enterprise after a sales contact.
    await row.getByRole('button', { name: /cora@example\.com/ }).click();
    const drawer = page.getByTestId('admin-account');
    await drawer.waitFor();
    await drawer.getByLabel('Move to plan').selectOption('enterprise');
    await drawer.getByRole('button', { name: 'Change plan' }).click();
    await expectToast(page, 'cora@example.com is now on the Enterprise plan.');
    await drawer.getByText('Enterprise', { exact: true }).first().waitFor();

    // Credits with a reason; taking too many back is said before sending.
    await drawer.getByLabel('Credits to give').fill('-100');
    await drawer.getByText('The balance is 50: at most 50 can be taken back.').waitFor();
    assert.equal(await drawer.getByRole('button', { name: 'Record' }).isDisabled(), true);
    await drawer.getByLabel('Credits to give').fill('250');
    await drawer.getByLabel('Reason').fill('Onboarding bonus for the team');
    await drawer.getByRole('button', { name: 'Record' }).click();
    await expectToast(page, 'Gave 250 credits to cora@example.com.');
    await drawer.getByTestId('admin-balance').filter({ hasText: '300 credits held' }).waitFor();
    await settled(page); // the drawer's opening transition
    await shot(page, 'admin-users-account-desktop');
    await expectAccessible(page, 'the account drawer at 1440 px');

    // Suspend, after a confirmation: the app leaves the store, signing in says why.
    await drawer.getByRole('button', { name: 'Suspend account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend this account?' });
    await confirm.getByText('cora@example.com will be signed out everywhere').waitFor();
    await confirm.getByLabel('Reason (optional)').fill('Chargeback on the last invoice');
    await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectToast(page, 'cora@example.com is suspended.');
    await drawer.getByText(/Suspended since/).waitFor();
    assert.equal((await storeSlugs()).includes(app.slug), false, 'the app left the store');
    const refused = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cora@example.com', password: PASSWORD }),
    });
    assert.equal(refused.status, 403);
    assert.equal(
      (await refused.json()).message,
      'This account is suspended. Contact support if you think this is a mistake.',
    );
    const history = drawer.getByTestId('admin-action');
    await history.filter({ hasText: 'admin@example.com suspended cora@example.com' }).waitFor();
    await history.filter({ hasText: 'Chargeback on the last invoice' }).waitFor();

    // Lifted: the app is back.
    await drawer.getByRole('button', { name: 'Lift suspension' }).click();
    await expectToast(page, 'cora@example.com may sign in again.');
    assert.ok((await storeSlugs()).includes(app.slug), 'the app is back in the store');
    await page.locator('.admin-account-drawer').getByRole('button', { name: 'Close' }).click();
    await page.locator('.admin-account-drawer').waitFor({ state: 'detached' });

    // The log on the page: who, what, when.
    const log = page.getByRole('region', { name: 'Admin actions' }).getByTestId('admin-action');
    await log.filter({ hasText: 'admin@example.com lifted the suspension of cora@example.com' }).waitFor();
    const lines = await log.allInnerTexts();
    assert.match(lines.join('\n'), /admin@example.com moved cora@example.com from Free to Enterprise/);
    assert.match(lines.join('\n'), /admin@example.com gave 250 credits to cora@example.com \(50 → 300\)/);
    assert.match(lines.join('\n'), /Onboarding bonus for the team/);
    await shot(page, 'admin-users-log-desktop', { fullPage: true });
    await expectAccessible(page, 'the accounts page at 1440 px');

    // At 390 px: rows become cards, the drawer fills the screen.
    await page.setViewportSize(PHONE);
    await page.reload();
    await rows.first().waitFor();
    await shot(page, 'admin-users-list-phone', { fullPage: true });
    await rows
      .filter({ hasText: 'cora@example.com' })
      .getByRole('button', { name: /cora@example\.com/ })
      .click();
    await drawer.waitFor();
    await drawer.getByTestId('admin-balance').waitFor();
    await settled(page);
    await shot(page, 'admin-users-account-phone');
    await expectAccessible(page, 'the account drawer at 390 px');
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test(
  'someone who is not an admin is refused the page and every admin route',
  { timeout: 120_000 },
  async () => {
    const dan = await signUp(server, { email: 'dan2@example.com', password: PASSWORD, fullName: 'Dan Two' });
    const { context, page, errors } = await signedInPage(browser, dan, { viewport: DESKTOP });
    await page.goto(`${server.url}/admin/users`);
    await page.getByText('Access Denied').waitFor();
    await page.getByText('Only administrators can manage accounts.').waitFor();
    await page.getByRole('button', { name: 'Account: Dan Two' }).click();
    assert.equal(await page.getByRole('menuitem', { name: 'Manage accounts' }).count(), 0);
    await page.keyboard.press('Escape');
    await shot(page, 'admin-users-refused-desktop');
    const token = dan.session.access_token;
    for (const [method, path, sent] of [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${dan.user.id}`],
      ['POST', `/api/admin/users/${dan.user.id}/plan`, { plan: 'enterprise' }],
      ['POST', `/api/admin/users/${dan.user.id}/credits`, { amount: 5, reason: 'A gift to myself' }],
      ['POST', `/api/admin/users/${dan.user.id}/suspend`, {}],
      ['POST', `/api/admin/users/${dan.user.id}/unsuspend`],
      ['GET', '/api/admin/actions'],
    ]) {
      const body = sent ? JSON.stringify(sent) : undefined;
      const answer = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body } : {}),
      });
      assert.equal(answer.status, 403, `${method} ${path}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  },
);
