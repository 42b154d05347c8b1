// The account and admin journeys in a real Chromium against the built product: sign up, sign out,
// reset the password through the mailed link, sign in again; Google without Firebase; an admin
// (confirmed through the mailed link) sees analytics and approves and rejects apps; a creator is
// refused on the admin pages.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  expectToast,
  graphql,
  mailedLink,
  openMenu,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: { ADMIN_EMAILS: ADMIN } }));
});

after(() => stopJourney({ browser, server }));

/** A creator with two published apps waiting for review; answers the creator's password. */
async function creatorWithPendingApps() {
  const password = 'grace password 1';
  const creator = await signUp(server, { email: 'grace@example.com', password, fullName: 'Grace Hopper' });
  const token = creator.session.access_token;
  const apps = [
    { name: 'Poem Writer', slug: 'poem-writer', category: 'Content', description: 'Writes a short poem.' },
    { name: 'Spam Machine', slug: 'spam-machine', category: 'Marketing', description: 'Sends things.' },
  ];
  for (const app of apps) {
    await graphql(
      server,
      'mutation($input: AppInput!) { publishAppWithData(input: $input) { app { id } } }',
      { input: { ...app, isPrivate: false, config: textApp() } },
      token,
    );
  }
  return password;
}

/** The whole page, once its transitions have settled. */
async function settledShot(page, name) {
  await settled(page);
  await shot(page, name, { fullPage: true });
}

async function signIn(page, email, password, redirect = '') {
  await page.goto(`${server.url}/signin${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('sign up, sign out, reset the password by mail, sign in again', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Sign up: the passwords must match, then the builder opens.
  await page.goto(`${server.url}/signup`);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('first password');
  await page.getByLabel('Confirm password').fill('first passwort');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('alert').getByText('Passwords do not match.').waitFor();
  await settledShot(page, 'account-signup-mismatch-desktop');
  await page.getByLabel('Confirm password').fill('first password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${server.url}/app`);

  // Sign out from the store's header menu.
  await page.goto(`${server.url}/store`);
  const signOut = page.getByText('Sign Out');
  await openMenu(page, page.getByRole('button', { name: /^Account:/ }), signOut);
  await signOut.click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

  // Google sign-in is not offered by a server with local accounts: no Google button at all.
  await page.goto(`${server.url}/signin`);
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await page.getByRole('button', { name: 'Continue with Google' }).count(), 0);
  await settledShot(page, 'account-signin-google-desktop');

  // Forgot password: the mail's link opens /reset-password with the token.
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByText('Password reset link sent! Check your email.').waitFor();
  const link = await mailedLink(server, 'ada@example.com', 'Reset your Blocksmith password');
  assert.ok(link.startsWith(`${server.url}/reset-password#access_token=`));
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).waitFor();
  assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.getByText('Password must be at least 8 characters long.').waitFor();
  await settledShot(page, 'account-reset-short-desktop');
  await page.getByLabel('New password', { exact: true }).fill('second password');
  await page.getByLabel('Confirm new password').fill('second password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.getByText('Password updated successfully! Redirecting to sign in...').waitFor();
  await settledShot(page, 'account-reset-done-desktop');
  await page.waitForURL(`${server.url}/signin`, { timeout: 30_000 });

  // The old password no longer works; the new one does, and the redirect parameter is followed.
  await signIn(page, 'ada@example.com', 'first password', '/store');
  await page.getByRole('alert').waitFor();
  await signIn(page, 'ada@example.com', 'second password', '/store');
  await page.waitForURL(`${server.url}/store`);

  // Without a token the reset page says what to do.
  await context.clearCookies();
  await page.evaluate(() => globalThis.localStorage.clear());
  await page.goto(`${server.url}/reset-password`);
  await page.getByText('This page needs the link from your password reset e-mail.').waitFor();

  assert.deepEqual(errors, []);
  await context.close();
});

test('the account pages fit a phone', { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/signin`);
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  await settledShot(page, 'account-signin-phone');
  await page.goto(`${server.url}/signup`);
  await page.getByRole('button', { name: 'Create Account' }).waitFor();
  await settledShot(page, 'account-signup-phone');
  await page.goto(`${server.url}/auth/callback`);
  await page.getByText('No session found. Please try signing in again.').waitFor();
  await page.getByRole('button', { name: 'Back to Sign In' }).waitFor();
  await settledShot(page, 'account-callback-error-phone');
  await page.goto(`${server.url}/auth-demo`);
  await page.getByRole('heading', { name: 'Sign-in components' }).waitFor();
  const overflow = await page.evaluate(
    () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
  );
  assert.ok(overflow <= 0, `no sideways scrolling (overflow ${overflow}px)`);
  await context.close();
});

test('an admin reviews apps and reads analytics; a creator is refused', { timeout: 150_000 }, async () => {
  const gracePassword = await creatorWithPendingApps();
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Sign up with a listed address: no admin rights before the address is confirmed.
  await page.goto(`${server.url}/signup`);
  await page.getByLabel('Full name').fill('Alan Admin');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill('admin password 1');
  await page.getByLabel('Confirm password').fill('admin password 1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Told that a confirmation mail went out and what it unlocks; the account works at once.
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
  await page.getByText('opening the link unlocks the admin pages').waitFor();
  await settledShot(page, 'account-signup-admin-check-email-desktop');
  await page.getByRole('button', { name: 'Start building' }).click();
  await page.waitForURL(`${server.url}/app`);
  await page.goto(`${server.url}/analytics`);
  await page.getByText('You do not have permission to view this page.').waitFor();

  // The confirmation mail's link proves the mailbox; then sign in again.
  await page.goto(await mailedLink(server, ADMIN, 'Confirm your Blocksmith admin access'));
  await page.getByLabel('New password', { exact: true }).fill('admin password 2');
  await page.getByLabel('Confirm new password').fill('admin password 2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.waitForURL(`${server.url}/signin`, { timeout: 30_000 });
  await signIn(page, ADMIN, 'admin password 2', '/analytics');
  await page.waitForURL(`${server.url}/analytics`);

  // Analytics: 30 days by default, cards by kind, the raw events beside them.
  await page.getByRole('heading', { name: 'Product analytics' }).waitFor();
  assert.equal(await page.getByRole('radio', { name: 'Last 30 days' }).getAttribute('aria-checked'), 'true');
  await page.getByTestId('event-kind').filter({ hasText: 'user_signup' }).waitFor();
  await page.getByRole('region', { name: 'Raw events' }).getByText('user_login').first().waitFor();
  await settledShot(page, 'admin-analytics-desktop');
  await page.getByRole('radio', { name: 'Last 24 hours' }).click();
  await page.getByTestId('event-kind').first().waitFor();

  // Verification: two apps wait; approve one, reject the other with notes.
  await page.goto(`${server.url}/verification`);
  await page.getByRole('heading', { name: 'App verification' }).waitFor();
  await page.getByTestId('count-pending').getByText('2').waitFor();
  await page.getByTestId('pending-app').nth(1).waitFor();
  await settledShot(page, 'admin-verification-desktop');
  await page
    .getByTestId('pending-app')
    .filter({ hasText: 'Poem Writer' })
    .getByRole('button', { name: 'Review' })
    .click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'App Approved');
  await page
    .getByTestId('pending-app')
    .filter({ hasText: 'Spam Machine' })
    .getByRole('button', { name: 'Review' })
    .click();
  const reject = page.getByRole('button', { name: 'Reject' });
  assert.equal(await reject.isDisabled(), true, 'Reject waits for review notes');
  await page.getByLabel(/Review notes/).fill('Please explain what the app sends and to whom.');
  await settledShot(page, 'admin-review-dialog-desktop');
  await reject.click();
  await expectToast(page, 'App Rejected');
  await page.getByText('No apps are waiting for review.').waitFor();
  await page.getByTestId('count-approved').getByText('1').waitFor();
  await page.getByTestId('count-rejected').getByText('1').waitFor();

  // The same pages on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/analytics`);
  await page.getByTestId('event-kind').first().waitFor();
  await settledShot(page, 'admin-analytics-phone');
  await page.goto(`${server.url}/verification`);
  await page.getByTestId('count-pending').waitFor();
  await settledShot(page, 'admin-verification-phone');

  // A creator is refused on both pages.
  const creator = await browser.newContext({ viewport: PHONE, isMobile: true });
  const creatorPage = await creator.newPage();
  await signIn(creatorPage, 'grace@example.com', gracePassword, '/verification');
  await creatorPage.waitForURL(`${server.url}/verification`);
  await creatorPage.getByRole('heading', { name: 'Access Denied' }).waitFor();
  await settledShot(creatorPage, 'admin-access-denied-phone');
  await creatorPage.goto(`${server.url}/analytics`);
  await creatorPage.getByText('You do not have permission to view this page.').waitFor();
  await creator.close();

  assert.deepEqual(errors, []);
  await context.close();
});
