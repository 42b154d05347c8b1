// API keys and "Use via API" in a real Chromium against the built product: on the Free plan the
// API keys page explains that keys come with Starter and offers the upgrade; on Starter a key is
// created from the account menu, shown once with a copy button, listed by its prefix; the app
// page's Use via API panel shows a curl command with the app's real input name, which (run with
// the key in place of the placeholder) answers 200 with the app's output; the OpenAPI tab names
// the input; someone else on Free sees the panel locked; revoking the key (after confirming)
// stops it at once. Screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  SHOTS,
  expectToast,
  openMenu,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
import { DEVELOPER_ENV, PASSWORD, liveApp, signedInPage, upgradeToStarter } from './developer-setup.mjs';

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: DEVELOPER_ENV }));
});

after(() => stopJourney({ browser, server }));

/** The request a curl command makes, read by running it in a shell with curl standing in. */
function curlRequest(command) {
  const shell = spawnSync(
    'sh',
    ['-c', `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}`],
    { encoding: 'utf8' },
  );
  assert.equal(shell.status, 0, shell.stderr);
  const args = shell.stdout.split('\0').filter(Boolean);
  const headers = {};
  let url = '';
  let method = 'GET';
  let body;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-X') method = args[++i];
    else if (args[i] === '-H') {
      const [name, ...value] = args[++i].split(':');
      headers[name.trim()] = value.join(':').trim();
    } else if (args[i] === '-d') body = args[++i];
    else url = args[i];
  }
  return { url, method, headers, body };
}

test(
  'API keys: locked on Free, then on Starter create one (shown once), call the app with the Use via API curl, revoke it',
  { timeout: 240_000 },
  async () => {
    const ada = await signUp(server, {
      email: 'ada@example.com',
      password: PASSWORD,
      fullName: 'Ada Lovelace',
    });
    const app = await liveApp(server, ada, {
      name: 'Lighthouse Poet',
      description: 'Writes a short poem about any topic.',
      category: 'Content',
      slug: `lighthouse-poet-${Date.now().toString(36)}`,
      isPrivate: false,
      config: textApp({ label: 'Topic', prompt: 'Write a short poem about {{input_text}}' }),
    });

    // On the Free plan the page explains where keys come from and offers the upgrade.
    const { context, page, errors } = await signedInPage(browser, ada);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/store`);
    const apiKeys = page.getByRole('menuitem', { name: 'API keys' });
    await openMenu(page, page.getByRole('button', { name: 'Account: Ada Lovelace' }), apiKeys);
    await apiKeys.click();
    await page.waitForURL(`${server.url}/account/api-keys`);
    const locked = page.getByTestId('api-keys-locked');
    await locked.getByText('API keys come with the Starter plan and up; your plan is Free.').waitFor();
    await locked.getByRole('button', { name: 'Upgrade to Starter' }).waitFor();
    await locked.getByText('Compare plans').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Create key' }).count(), 0, 'no form on Free');
    await shot(page, 'api-keys-free-desktop');

    // On Starter: create a key; it is shown once, with a copy button.
    await upgradeToStarter(server, ada);
    await page.reload();
    await page.getByText('No keys yet.').waitFor();
    await page.getByLabel('Name').fill('Newsletter server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await dialog.getByText("you won't see it again").waitFor();
    const key = (await dialog.getByTestId('created-key').locator('code').innerText()).trim();
    assert.match(key, /^bsk_[\w-]{20,}$/);
    await settled(page); // the dialog's opening transition
    await shot(page, 'api-keys-created-desktop');
    await dialog.getByRole('button', { name: 'Copy key' }).click();
    await expectToast(page, 'Copied');
    assert.equal(await page.evaluate(() => globalThis.navigator.clipboard.readText()), key);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Newsletter server' });
    await row.waitFor();
    assert.match(await row.innerText(), /bsk_\S+…/);
    assert.match(await row.innerText(), /Never/);
    assert.equal(await page.getByText(key).count(), 0, 'the key is not shown again');
    await shot(page, 'api-keys-list-desktop');

    // The app page's Use via API panel: the curl command names the app's real input.
    await page.goto(`${server.url}/app/${app.slug}`);
    const panel = page.getByTestId('api-panel');
    await panel.scrollIntoViewIfNeeded();
    const curl = await panel.getByTestId('api-snippet-curl').locator('code').innerText();
    assert.match(curl, /"input_text": "Topic"/);
    assert.ok(curl.includes(`${server.url}/api/published/${app.slug}/run`), curl);
    await panel.screenshot({ path: path.join(SHOTS, 'api-panel-desktop.png') });
    await shot(page, 'api-panel-page-desktop');

    // The command, with the key in place of the placeholder, runs the app.
    const request = curlRequest(curl.replace('bsk_YOUR_KEY', key));
    assert.equal(request.method, 'POST');
    assert.equal(request.headers.Authorization, `Bearer ${key}`);
    const answer = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body.replace('"Topic"', '"lighthouses"'),
    });
    const body = await answer.json();
    assert.equal(answer.status, 200, JSON.stringify(body));
    assert.equal(body.run.status, 'succeeded');
    assert.ok(Object.keys(body.output).length > 0, JSON.stringify(body));

    // The other tabs: JavaScript, Python and the app's own OpenAPI description.
    await panel.getByRole('tab', { name: 'JavaScript' }).click();
    assert.match(await panel.getByTestId('api-snippet-javascript').innerText(), /input_text: "Topic"/);
    await panel.getByRole('tab', { name: 'Python' }).click();
    assert.match(await panel.getByTestId('api-snippet-python').innerText(), /"input_text": "Topic"/);
    await panel.getByRole('tab', { name: 'OpenAPI' }).click();
    const openapi = JSON.parse(await panel.getByTestId('api-snippet-openapi').locator('code').innerText());
    const operation = openapi.paths[`/api/published/${app.slug}/run`].post;
    assert.deepEqual(
      Object.keys(operation.requestBody.content['application/json'].schema.properties.inputData.properties),
      ['input_text'],
    );
    assert.equal(openapi.servers[0].url, server.url);
    await panel.getByRole('tab', { name: 'curl' }).click();

    // At 390 px.
    await page.setViewportSize(PHONE);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(SHOTS, 'api-panel-phone.png') });
    await page.goto(`${server.url}/account/api-keys`);
    await row.waitFor();
    assert.match(await row.innerText(), /just now|min ago/, 'the key was used');
    await shot(page, 'api-keys-list-phone', { fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Revoking asks first; then the key stops working at once.
    await row.getByRole('button', { name: 'Revoke Newsletter server' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
    await confirm.getByText('Programs using "Newsletter server" stop working at once.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.waitFor();
    await row.getByRole('button', { name: 'Revoke Newsletter server' }).click();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expectToast(page, 'Key "Newsletter server" revoked');
    await row.waitFor({ state: 'detached' });
    await page.getByText('No keys yet.').waitFor();
    const refused = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    assert.equal(refused.status, 401, await refused.text());
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test(
  'someone else on the Free plan sees Use via API locked, with the upgrade',
  { timeout: 120_000 },
  async () => {
    const owner = await signUp(server, { email: 'linus@example.com', password: PASSWORD, fullName: 'Linus' });
    const app = await liveApp(server, owner, {
      name: 'Haiku Helper',
      description: 'Writes a haiku.',
      category: 'Content',
      slug: `haiku-helper-${Date.now().toString(36)}`,
      isPrivate: false,
      config: textApp({ label: 'Topic' }),
    });
    const grace = await signUp(server, {
      email: 'grace@example.com',
      password: PASSWORD,
      fullName: 'Grace Hopper',
    });
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page, errors } = await signedInPage(browser, grace, { viewport });
      await page.goto(`${server.url}/app/${app.slug}`);
      const panel = page.getByTestId('api-panel');
      const locked = panel.getByTestId('api-panel-locked');
      await locked.getByText('API keys come with the Starter plan and up; your plan is Free.').waitFor();
      await locked.getByRole('button', { name: 'Upgrade to Starter' }).waitFor();
      assert.equal(await panel.getByTestId('api-snippet-curl').count(), 0);
      assert.equal(await page.getByTestId('embed-panel').count(), 0, 'only the owner sees the embed panel');
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({
        path: path.join(SHOTS, `api-panel-locked-${viewport === PHONE ? 'phone' : 'desktop'}.png`),
      });
      assert.deepEqual(errors, []);
      await context.close();
    }
  },
);
