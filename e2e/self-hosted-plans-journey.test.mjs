// A server without billing (no STRIPE_SECRET_KEY): plans are set by its administrators, so the
// upgrade dialog of a locked block says whom to ask (SALES_EMAIL, else the first of ADMIN_EMAILS)
// instead of ending at "Billing is not configured on this server".
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DESKTOP, graphql, settled, shot, signUp, startJourney, stopJourney } from './helpers.mjs';

const PASSWORD = 'correct horse battery staple';
let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: { ADMIN_EMAILS: ADMIN } }));
});

after(async () => {
  await stopJourney({ browser, server });
});

test(
  'the upgrade dialog on a server without billing names whom to ask for Starter',
  { timeout: 120_000 },
  async () => {
    const person = await signUp(server, {
      email: 'ada.selfhosted@example.com',
      password: PASSWORD,
      fullName: 'Ada',
    });
    await graphql(server, 'mutation { initializeCredits { credits } }', {}, person.session.access_token);
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(
      ([session]) => {
        globalThis.localStorage.setItem('blocksmith-session', session);
        globalThis.localStorage.setItem('onboarding-completed', 'true');
      },
      [JSON.stringify({ ...person.session, user: person.user })],
    );
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/app`);
    await page.locator('.credits-panel').getByText('Free', { exact: true }).waitFor();

    await page.locator('.sidebar .palette-item[data-block-type="httpRequest"]').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'A Starter block' });
    const note = `Plans on this server are set by its administrators: ask ${ADMIN} for the Starter plan.`;
    await dialog.getByTestId('upgrade-note').getByText(note, { exact: true }).waitFor();
    assert.equal(await dialog.getByTestId('upgrade-button').isDisabled(), true);
    assert.equal(await dialog.getByText('Billing is not configured on this server').count(), 0);
    await settled(page); // Blueprint fades the dialog in
    await shot(page, 'self-hosted-plans-upgrade-dialog-1440');
    assert.deepEqual(errors, []);
    await context.close();
  },
);
