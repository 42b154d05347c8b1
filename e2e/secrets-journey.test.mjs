// Secrets: a person saves an API token on the Secrets page (account menu), sees it listed by name
// with how to use it, never its value; replaces it and deletes it after a confirmation. Checked at
// desktop and phone widths.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEVELOPER_ENV, PASSWORD, signedInPage } from './developer-setup.mjs';
import { PHONE, expectToast, openMenu, shot, signUp, startJourney, stopJourney } from './helpers.mjs';

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: DEVELOPER_ENV }));
});

after(() => stopJourney({ browser, server }));

test(
  'save, list, replace and delete a secret; the value never comes back',
  { timeout: 120_000 },
  async () => {
    const ada = await signUp(server, {
      email: 'ada.secrets@example.com',
      password: PASSWORD,
      fullName: 'Ada',
    });
    const { context, page, errors } = await signedInPage(browser, ada);

    // From the account menu.
    await page.goto(`${server.url}/store`);
    const secrets = page.getByRole('menuitem', { name: 'Secrets' });
    await openMenu(page, page.getByRole('button', { name: /account/i }).first(), secrets);
    await secrets.click();
    await page.waitForURL(`${server.url}/account/secrets`);
    await page.getByRole('heading', { name: 'Secrets', level: 1 }).waitFor();
    await page.getByTestId('secrets-empty').waitFor();

    // A bad name is explained before anything is sent; typing lower case gives upper case.
    await page.getByLabel('Name').fill('1token');
    await page.getByText('starting with a letter (e.g. GITHUB_TOKEN)', { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save Secret' }).isDisabled(), true);
    await page.getByLabel('Name').fill('api_token');
    assert.equal(await page.getByLabel('Name').inputValue(), 'API_TOKEN');
    await page.getByLabel('Value').fill('tok_live_journey_123');
    assert.equal(await page.getByLabel('Value').getAttribute('type'), 'password');
    await page.getByRole('button', { name: 'Save Secret' }).click();
    await expectToast(page, 'Secret API_TOKEN saved');
    const row = page.getByTestId('secret-row');
    await row.getByText('{{secret.API_TOKEN}}').waitFor();
    assert.equal(await page.getByLabel('Value').inputValue(), '');
    await shot(page, 'secrets-1-saved-1440');

    // The value is on no page, not even after a reload.
    await page.reload();
    await row.waitFor();
    assert.equal((await page.content()).includes('tok_live_journey_123'), false);

    // Replace: the name goes in the form, a new value is typed.
    await page.getByRole('button', { name: 'Replace API_TOKEN' }).click();
    assert.equal(await page.getByLabel('Name').inputValue(), 'API_TOKEN');
    await page.getByLabel('Value').fill('tok_live_journey_456');
    await page.getByRole('button', { name: 'Save Secret' }).click();
    await expectToast(page, 'Secret API_TOKEN saved');
    assert.equal(await row.count(), 1);

    // Delete after a confirmation.
    await page.getByRole('button', { name: 'Delete API_TOKEN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete API_TOKEN?' });
    await dialog.getByText('Blocks that use it will fail', { exact: false }).waitFor();
    await shot(page, 'secrets-2-delete-1440');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Secret API_TOKEN deleted');
    await page.getByTestId('secrets-empty').waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    // On a phone the form and the list fit.
    const { context: phone, page: small } = await signedInPage(browser, ada, {
      viewport: PHONE,
      mobile: true,
    });
    await small.goto(`${server.url}/account/secrets`);
    await small.getByLabel('Name').fill('GITHUB_TOKEN');
    await small.getByLabel('Value').fill('ghp_x');
    await small.getByRole('button', { name: 'Save Secret' }).click();
    await small.getByTestId('secret-row').waitFor();
    const overflow = await small.evaluate(
      () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
    );
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await shot(small, 'secrets-3-phone-390');
    await phone.close();
  },
);
