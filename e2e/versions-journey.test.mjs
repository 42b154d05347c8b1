// Versions, drafts and autosave in a real Chromium against the built product: save twice and find
// both versions in the history, open one read only, restore it as the draft (desktop and phone);
// an autosave survives a reload; leaving with unsaved changes asks first; a visitor's canvas is
// offered back after a reload; an import with malformed nodes is refused and leaves the canvas
// as it was; an admin reviews a new version of a live app beside the live one.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  ADMIN,
  AUTH_FIELDS,
  DESKTOP,
  PHONE,
  SHOTS,
  dropBlock,
  expectToast,
  graphql,
  mailedLink,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
import { signedInPage } from './developer-setup.mjs';

const PASSWORD = 'correct horse battery staple';
let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: { ADMIN_EMAILS: ADMIN } }));
});

after(() => stopJourney({ browser, server }));

async function nodeCount(page, text) {
  await page.getByTestId('node-count').getByText(text, { exact: true }).waitFor();
}

async function saveStatus(page, text, timeout = 15_000) {
  await page.getByTestId('save-status').getByText(text, { exact: true }).waitFor({ timeout });
}

test(
  'history: save twice, see both versions, open one read only, restore it (desktop and phone)',
  { timeout: 180_000 },
  async () => {
    const ada = await signUp(server, {
      email: 'ada@example.com',
      password: PASSWORD,
      fullName: 'Ada Lovelace',
    });
    const { context, page, errors } = await signedInPage(browser, ada);
    await page.goto(`${server.url}/app`);
    await page.getByText('Start building your workflow').waitFor();

    // Two explicit saves: the first creates the app, the second adds a block.
    await dropBlock(page, 'textInput', 200, 220);
    await nodeCount(page, '1 node');
    await page.locator('#app-name').fill('Lighthouse writer');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'App saved successfully!');
    await saveStatus(page, 'All changes saved');
    await dropBlock(page, 'textGeneration', 520, 260);
    await nodeCount(page, '2 nodes');
    await saveStatus(page, 'Unsaved changes');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saveStatus(page, 'All changes saved');

    // The history lists both, newest first, the newest marked Draft.
    await page.getByRole('button', { name: 'Version history' }).click();
    const panel = page.getByRole('complementary', { name: 'Version history' });
    await panel.getByRole('heading', { name: 'Version history' }).waitFor();
    const rows = panel.getByTestId('version-row');
    await rows.nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    assert.deepEqual(await rows.evaluateAll((items) => items.map((item) => item.dataset.version)), [
      '2',
      '1',
    ]);
    await rows.nth(0).getByTestId('badge-draft').waitFor();
    assert.match(await rows.nth(0).innerText(), /Ada Lovelace/);
    assert.match(await rows.nth(0).innerText(), /Saved/);
    assert.match(await rows.nth(1).innerText(), /Created/);
    await settled(page); // let the drawer finish sliding in
    await shot(page, 'versions-history-desktop');

    // Version 1 opens read only: one block, a banner, nothing movable; the draft is untouched.
    await rows.nth(1).getByRole('button', { name: 'Open' }).click();
    const banner = page.getByTestId('version-banner');
    await banner.getByText('Version 1 · read only').waitFor();
    await nodeCount(page, '1 node');
    assert.equal(await page.locator('.react-flow__node.draggable').count(), 0, 'nothing can be dragged');
    await page.getByRole('region', { name: 'Version 1' }).getByText('Lighthouse writer').waitFor();
    await shot(page, 'versions-read-only-desktop');
    await banner.getByRole('button', { name: 'Back to draft' }).click();
    await nodeCount(page, '2 nodes');
    await banner.waitFor({ state: 'detached' });

    // Restore version 1 as the draft: a new version, the canvas shows its one block.
    await rows.nth(1).getByRole('button', { name: 'Restore as draft' }).click();
    await page.getByRole('alertdialog').getByText('Restore version 1?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore as draft' }).click();
    await expectToast(page, 'Version 1 restored as the draft');
    await nodeCount(page, '1 node');
    await page.locator('[data-testid="version-row"][data-version="3"]').waitFor();
    const newest = rows.nth(0);
    assert.equal(await newest.getAttribute('data-version'), '3');
    assert.match(await newest.innerText(), /Restored/);
    await newest.getByTestId('badge-draft').waitFor();
    await saveStatus(page, 'All changes saved');
    await settled(page);
    await shot(page, 'versions-restored-desktop');
    const appId = JSON.parse(
      await page.evaluate(() => globalThis.localStorage.getItem('editExistingApp')),
    ).id;
    assert.deepEqual(errors, []);
    await context.close();

    // On a phone: the history is in the app menu, full width; opening a version shows the banner.
    const phone = await signedInPage(browser, ada, {
      viewport: PHONE,
      mobile: true,
      extra: { editExistingApp: JSON.stringify({ id: appId, owner_id: ada.user.id }) },
    });
    await phone.page.goto(`${server.url}/app`);
    await nodeCount(phone.page, '1 node');
    await saveStatus(phone.page, 'All changes saved');
    await shot(phone.page, 'versions-header-mobile');
    await phone.page.getByRole('button', { name: 'App actions' }).click();
    await phone.page.getByText('Version history...').click();
    const phoneRows = phone.page.locator('.history-drawer').getByTestId('version-row');
    await phoneRows.nth(2).waitFor();
    await settled(phone.page);
    await shot(phone.page, 'versions-history-mobile');
    const drawerBox = await phone.page.locator('.history-drawer').boundingBox();
    assert.ok(drawerBox.width >= PHONE.width - 1, `the panel fills the phone's width (${drawerBox.width})`);
    await phoneRows.nth(1).getByRole('button', { name: 'Open' }).click();
    await phone.page.getByTestId('version-banner').getByText('Version 2 · read only').waitFor();
    await nodeCount(phone.page, '2 nodes');
    await settled(phone.page);
    await shot(phone.page, 'versions-read-only-mobile');
    await phone.page.getByRole('button', { name: 'Back to draft' }).click();
    await nodeCount(phone.page, '1 node');
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  },
);

test(
  'autosave survives a reload; leaving with unsaved changes asks first',
  { timeout: 120_000 },
  async () => {
    const grace = await signUp(server, {
      email: 'grace@example.com',
      password: PASSWORD,
      fullName: 'Grace Hopper',
    });
    const { context, page, errors } = await signedInPage(browser, grace);
    await page.goto(`${server.url}/app`);
    await page.getByText('Start building your workflow').waitFor();
    await dropBlock(page, 'textInput', 200, 220);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saveStatus(page, 'All changes saved');

    // A change is saved by itself a few seconds later, and is there after a reload.
    await page.locator('#app-name').fill('Autosaved name');
    await saveStatus(page, 'Unsaved changes');
    await saveStatus(page, 'All changes saved');
    await page.reload();
    await nodeCount(page, '1 node');
    assert.equal(await page.locator('#app-name').inputValue(), 'Autosaved name');
    const appId = JSON.parse(
      await page.evaluate(() => globalThis.localStorage.getItem('editExistingApp')),
    ).id;
    const { appVersions } = await graphql(
      server,
      'query ($appId: ID!) { appVersions(appId: $appId) { number kind name } }',
      { appId },
      grace.session.access_token,
    );
    assert.deepEqual(appVersions[0], { number: 2, kind: 'autosave', name: 'Autosaved name' });

    // An edit not saved yet: the browser asks before the page goes.
    const dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await page.locator('#app-name').fill('Not saved yet');
    await saveStatus(page, 'Unsaved changes');
    await page.close({ runBeforeUnload: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(dialogs, ['beforeunload']);
    assert.equal(page.isClosed(), false, 'dismissing the question keeps the page');

    // Once saved, leaving asks nothing.
    await saveStatus(page, 'All changes saved');
    await page.close({ runBeforeUnload: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(dialogs, ['beforeunload']);
    assert.equal(page.isClosed(), true);
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test("a visitor's canvas is offered back after a reload", { timeout: 90_000 }, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(() => globalThis.localStorage.setItem('onboarding-completed', 'true'));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/app`);
  await page.getByText('Start building your workflow').waitFor();
  await dropBlock(page, 'textInput', 200, 220);
  await dropBlock(page, 'textDisplay', 520, 220);
  await nodeCount(page, '2 nodes');
  await saveStatus(page, 'Unsaved changes');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByRole('dialog', { name: 'Restore your unsaved app?' });
  await offer.waitFor();
  assert.match(await offer.innerText(), /2 blocks/);
  await settled(page); // let the dialog finish opening
  await shot(page, 'versions-local-draft-desktop');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Unsaved app restored');
  await nodeCount(page, '2 nodes');
  assert.deepEqual(errors, []);
  await context.close();
});

test(
  'an import with malformed nodes is refused and the canvas stays as it was',
  { timeout: 90_000 },
  async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => globalThis.localStorage.setItem('onboarding-completed', 'true'));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/app`);
    await page.getByText('Start building your workflow').waitFor();
    await dropBlock(page, 'textInput', 200, 220);
    await dropBlock(page, 'textDisplay', 520, 220);
    await nodeCount(page, '2 nodes');
    await page.locator('#app-name').fill('Work in progress');

    const malformed = {
      name: 'Broken app',
      config: {
        plugins: [
          { id: 'a', type: 'textInput', position: { x: 100 }, settings: {} },
          { id: 'b', type: 'textDisplay', settings: {} },
        ],
        connections: [],
      },
    };
    await page.locator('input[type="file"][accept*="json"]').setInputFiles({
      name: 'broken-app.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(malformed)),
    });
    await expectToast(
      page,
      'The app configuration is invalid or incomplete. Please try refreshing the page or recreate your app. (Malformed or missing nodes)',
    );
    await shot(page, 'versions-import-refused-desktop');
    assert.equal(await page.getByRole('alertdialog').count(), 0, 'nothing was asked');
    await nodeCount(page, '2 nodes');
    assert.equal(await page.locator('#app-name').inputValue(), 'Work in progress');
    assert.equal(await page.getByText('Something went wrong').count(), 0, 'the canvas is still drawn');
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test(
  'an admin reviews a new version of a live app beside the live one (desktop and phone)',
  { timeout: 150_000 },
  async () => {
    // Linus publishes an app; once approved it is live. He changes it and submits it again.
    const linus = await signUp(server, {
      email: 'linus@example.com',
      password: PASSWORD,
      fullName: 'Linus Pauling',
    });
    const input = {
      name: 'Haiku Helper',
      description: 'Writes a haiku about any topic.',
      category: 'Content',
      slug: `haiku-helper-${Date.now().toString(36)}`,
      isPrivate: false,
      config: textApp({ prompt: 'Write a haiku about {{input_text}}' }),
    };
    const publish = (id, app) =>
      graphql(
        server,
        'mutation ($id: ID, $input: AppInput!) { publishAppWithData(id: $id, input: $input) { app { id } } }',
        { id, input: app },
        linus.session.access_token,
      );
    const appId = (await publish(null, input)).publishAppWithData.app.id;

    await signUp(server, { email: ADMIN, password: PASSWORD, fullName: 'Alan Admin' });
    const link = await mailedLink(server, ADMIN, 'Confirm your Blocksmith admin access');
    const recovery = new URL(link).hash.match(/access_token=([\w-]+)/)[1];
    await graphql(
      server,
      'mutation ($p: String!) { updatePassword(password: $p) { id } }',
      { p: PASSWORD },
      recovery,
    );
    const admin = (
      await graphql(
        server,
        `mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { ${AUTH_FIELDS} } }`,
        {
          e: ADMIN,
          p: PASSWORD,
        },
      )
    ).signIn;
    await graphql(
      server,
      'mutation ($id: ID!) { reviewApp(id: $id, status: "approved") { id } }',
      { id: appId },
      admin.session.access_token,
    );
    const changed = textApp({ prompt: 'Write a limerick about {{input_text}}' });
    changed.plugins.push({
      id: 'extra',
      type: 'textDisplay',
      position: { x: 700, y: 300 },
      settings: {},
    });
    await publish(appId, {
      ...input,
      name: 'Limerick Helper',
      description: 'Writes a limerick about any topic.',
      category: 'Education',
      config: changed,
    });

    for (const [viewport, name, mobile] of [
      [DESKTOP, 'desktop', false],
      [PHONE, 'mobile', true],
    ]) {
      const { context, page, errors } = await signedInPage(browser, admin, { viewport, mobile });
      await page.goto(`${server.url}/verification`);
      const card = page.getByTestId('pending-app').first();
      await card.getByRole('button', { name: 'Review' }).click();
      const compare = page.getByTestId('review-compare');
      await compare.waitFor();
      const changes = await compare.getByTestId('review-changes').innerText();
      assert.match(changes, /Limerick Helper/);
      assert.match(changes, /Added Text Display/);
      const nameRow = compare.getByTestId('review-row-name');
      assert.match(await nameRow.innerText(), /Haiku Helper[\s\S]*Limerick Helper/);
      assert.match(await nameRow.getAttribute('class'), /is-changed/);
      assert.match(await compare.getByTestId('review-row-category').innerText(), /Content[\s\S]*Education/);
      assert.match(await compare.innerText(), /Live · version 1/);
      await settled(page); // let the dialog finish opening
      await shot(page, `versions-review-${name}`, { fullPage: true });
      await page.locator('.admin-review-dialog').screenshot({
        path: path.join(SHOTS, `versions-review-dialog-${name}.png`),
      });
      assert.deepEqual(errors, []);
      await context.close();
    }
  },
);
