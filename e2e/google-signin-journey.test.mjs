// Google sign-in with the Firebase auth provider in a real Chromium against the built product and
// the Firebase Auth emulator (firebase-tools, fetched from npm on the first run only): /signin -> Continue with Google -> the
// emulator's account page -> /auth/callback -> signed in on /app; the session survives a reload,
// the account is mirrored, an app is saved, and Sign Out signs out.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { DESKTOP, expectToast, graphql, shot, startJourney, stopJourney } from './helpers.mjs';
import { ROOT, freePort } from './server.mjs';

const PROJECT = 'demo-blocksmith';
// Not a dependency of the repository: its ~360 packages (one of them, re2, compiled from source
// where its prebuilt binary cannot be downloaded) served this one journey and slowed every install.
const FIREBASE_TOOLS = 'firebase-tools@15.34.2';

let emulator;
let server;
let browser;

/**
 * The firebase CLI, installed on the machine's first run (without install scripts: the Auth emulator
 * needs none) into the user's cache folder, and reused by every later run and every clone, as
 * `.ci/node.sh` keeps Node: installing it took about 20 s of each fresh clone's journeys.
 */
async function firebaseCli() {
  const cache = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  const dir = path.join(cache, 'blocksmith', FIREBASE_TOOLS.replace('@', '-'));
  const cli = path.join(dir, 'node_modules/firebase-tools/lib/bin/firebase.js');
  if (existsSync(cli)) return cli;
  console.log(`Installing ${FIREBASE_TOOLS} for the Auth emulator into ${dir} (once)`);
  // Settings of an npm that started these tests (a workspace, a silent log) are not this install's.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  // Installed beside its place and renamed into it: a run beside this one finds it whole or not at all.
  mkdirSync(path.dirname(dir), { recursive: true });
  const work = mkdtempSync(`${dir}.installing-`);
  try {
    const npm = ['install', '--prefix', work, '--no-save', '--no-package-lock', '--ignore-scripts'];
    await promisify(execFile)('npm', [...npm, '--no-audit', '--no-fund', FIREBASE_TOOLS], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    try {
      renameSync(work, dir);
    } catch (error) {
      if (!existsSync(cli)) throw error; // else another run installed it first
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(cli)) throw new Error(`npm installed ${FIREBASE_TOOLS} but ${cli} is missing.`);
  return cli;
}

/**
 * The Auth emulator alone on free ports, run from a temporary directory (its firebase.json and
 * debug log stay there). `stop()` ends its whole process group.
 */
async function startAuthEmulator() {
  const cli = await firebaseCli();
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'blocksmith-auth-emulator-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', PROJECT], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1', HOME: dir, XDG_CONFIG_HOME: dir },
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The Auth emulator exited with code ${child.exitCode}:\n${log}`);
    }
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Auth emulator did not answer at ${url}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host: `127.0.0.1:${port}`, url, log: () => log, stop };
}

before(async () => {
  emulator = await startAuthEmulator();
  ({ browser, server } = await startJourney({
    env: {
      AUTH_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: PROJECT,
      FIREBASE_API_KEY: 'demo-api-key',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    },
  }));
});

after(async () => {
  await stopJourney({ browser, server });
  await emulator?.stop();
});

test('Google sign-in through the Firebase Auth emulator', { timeout: 90_000 }, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  // No network: Google's gapi loader (used by the Firebase SDK and the emulator's relay frame for
  // their frame messaging) is answered by a stand-in.
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', path: path.join(ROOT, 'e2e/gapi-stand-in.js') }),
  );
  const page = await context.newPage();
  // The product on 127.0.0.1 like the emulator: the same site, so the emulator's frame in the
  // product's page shares the storage of its sign-in page.
  const app = server.url.replace('localhost', '127.0.0.1');
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const logs = [];
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
  // The newest bearer token the workbench sent to the gateway (the Firebase ID token).
  let bearer = null;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (request.url().endsWith('/graphql') && header?.startsWith('Bearer ')) bearer = header.slice(7);
  });

  // The server tells the browser where the emulator is.
  const info = await graphql(
    server,
    '{ serverInfo { authProvider firebase { projectId authEmulatorUrl } } }',
  );
  assert.deepEqual(info.serverInfo, {
    authProvider: 'firebase',
    firebase: { projectId: PROJECT, authEmulatorUrl: emulator.url },
  });

  // /signin -> Continue with Google -> the emulator's account chooser.
  await page.goto(`${app}/signin`);
  await shot(page, 'google-1-signin');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${emulator.url}/emulator/auth/handler`), {
    timeout: 20_000,
  });
  await page.getByText('Add new account').waitFor();
  await shot(page, 'google-2-emulator-accounts');

  // A new Google account: e-mail and display name, then sign in.
  await page.getByText('Add new account').click();
  await page.locator('#email-input').fill('grace@example.com');
  await page.locator('#display-name-input').fill('Grace Hopper');
  await shot(page, 'google-3-emulator-new-account');
  await page.locator('#sign-in').click();

  // Back through /auth/callback to the builder, signed in as Grace.
  await page.waitForURL(`${app}/app`, { timeout: 30_000 }).catch(async (error) => {
    await shot(page, 'google-failure');
    throw new Error(`${error.message}\n${await page.locator('body').innerText()}\n${logs.join('\n')}`);
  });
  const account = page.getByRole('button', { name: /^Account:/ });
  await account.waitFor();
  assert.match(await account.getAttribute('aria-label'), /Grace Hopper|grace@example\.com/);
  await shot(page, 'google-4-signed-in-app');

  // A reload keeps the session (Firebase restores it; the gateway accepts its ID token).
  await page.reload();
  await account.waitFor();
  await page.getByText('Start building your workflow').waitFor();
  await shot(page, 'google-5-after-reload');

  // The gateway has Grace's record, mirrored from the emulator's (unsigned) ID token.
  assert.ok(bearer, 'the workbench sends the ID token');
  const { profile } = await graphql(server, '{ profile { email full_name } }', {}, bearer);
  assert.deepEqual(profile, { email: 'grace@example.com', full_name: 'Grace Hopper' });

  // The account menu names the person; the gateway knows them (mirrored on first sight).
  await account.click();
  await page.getByText('Grace Hopper').first().waitFor();
  await shot(page, 'google-6-account-menu');
  await page.keyboard.press('Escape');

  // An app can be saved under this account.
  await page.dragAndDrop('.palette-item[data-block-type="textInput"]', '[data-testid="canvas"]', {
    targetPosition: { x: 200, y: 200 },
  });
  await page.getByTestId('node-count').getByText('1 node').waitFor();
  await page.locator('#app-name').fill('Grace first app');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'App saved successfully!');
  await page.getByRole('button', { name: 'App actions' }).click();
  await page.getByText('Open app...').click();
  await page.getByRole('list', { name: 'Your apps' }).getByText('Grace first app').waitFor();
  await shot(page, 'google-7-saved-app');
  await page.keyboard.press('Escape');

  // Sign Out returns to the start, signed out; a reload stays signed out.
  await account.click();
  await page.getByText('Sign Out').click();
  await page.waitForURL(`${app}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
  await shot(page, 'google-8-signed-out');

  assert.deepEqual(errors, []);
  await context.close();
});
