// Starts the built product (gateway serving the built workbench) on a free port with a fresh
// data directory, and a headless Chromium from the system (never downloaded).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serverEnv } from '../scripts/start.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Debian's Chromium headless shell (the package `chromium-headless-shell`, the same browser without
 * its windowed shell, as Playwright's own headless runs use) when installed: a journey file took
 * 14.7 s of browser CPU under it against 21.8 s under the full `chromium` in headless mode (the
 * builder journey, 19.2 s against 22.1-23.7 s of wall time). The full browser otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Generous: a server (and the first journey's migrated database) takes minutes on a loaded machine. */
export async function waitUntilUp(url, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

/** Generous: a loaded machine's server start, or its close with runs to drain. */
export const PATIENCE_MS = 180_000;

/**
 * Waits for `done` to answer something truthy, asking again every 250 ms, and answers it; fails
 * naming `what` after `ms`.
 */
export async function until(what, done, ms = PATIENCE_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await done();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`Still waiting, after ${ms / 1000} s, for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A journey's server lives a minute and answers a few dozen requests. Node's V8 compiles PGlite's
 * WebAssembly (PostgreSQL) a second time, optimized, in background threads: 3.3 s of CPU for each
 * server, as much as the rest of its start (the builder journey's server took 5.5-5.8 s of CPU
 * with only the baseline compiler, Liftoff, against 8.2-9.3 s). A long-lived server gains from
 * the optimized code (REST execute on PGlite, `npm run bench`: 1.16 ms of CPU a run with the
 * baseline compiler only against 0.97 ms), so `npm start` keeps it.
 */
const JOURNEY_V8_FLAGS = ['--liftoff-only'];

/**
 * The built gateway started with `env` (which names its PORT), answering at `url` once it is up,
 * its output kept for errors. One that does not come up is killed, its output in the error.
 */
export async function spawnGateway(env, url) {
  const child = spawn(process.execPath, [...JOURNEY_V8_FLAGS, path.join(ROOT, 'gateway/dist/server.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  try {
    await waitUntilUp(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${log}`, { cause: error });
  }
  return { child, log: () => log };
}

const require = createRequire(import.meta.url);

/**
 * A migrated database for journeys' servers to start from, copied into each one's data directory:
 * migrating from nothing took about 2.5 of a server's 6.5 s of CPU to start. It is made once, by
 * the built gateway's own migrations, and named by them (and PGlite's version), so a changed or
 * added migration makes a new one and the old one is removed. Starting from nothing, as a first
 * `npm start` does, is the start journey's (start.test.mjs).
 */
async function migratedDatabase() {
  const migrations = path.join(ROOT, 'gateway/dist/data/migrations');
  const hash = createHash('sha256').update(readFileSync(path.join(ROOT, 'gateway/package.json')));
  for (const file of readdirSync(migrations)
    .filter((name) => name.endsWith('.js'))
    .sort()) {
    hash.update(`${file}\n`).update(readFileSync(path.join(migrations, file)));
  }
  const name = `e2e-pglite-${hash.digest('hex').slice(0, 20)}`;
  const root = process.env.TEST_TEMPLATE_DIR ?? path.join(tmpdir(), 'blocksmith-test-templates');
  const template = path.join(root, name);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(path.join(root, `.e2e-building-${process.pid}-`));
  try {
    const { openDatabase } = require(path.join(ROOT, 'gateway/dist/data/database.js'));
    const database = await openDatabase({ dataDir: work });
    await database.close();
    try {
      renameSync(path.join(work, 'db'), template);
    } catch (error) {
      // Another journey made it first: the same one.
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  for (const entry of readdirSync(root)) {
    if (entry.startsWith('e2e-pglite-') && entry !== name) {
      rmSync(path.join(root, entry), { recursive: true, force: true });
    }
  }
  return template;
}

/**
 * The built server on a free port with a data directory holding only a migrated database, serving
 * the built workbench (or `workbenchDir`), with `env` added to its environment. Call `stop()` when
 * done.
 */
export async function startServer({
  workbenchDir = process.env.E2E_WORKBENCH_DIR ?? path.join(ROOT, 'workbench/dist'),
  env: extraEnv = {},
} = {}) {
  const server = path.join(ROOT, 'gateway/dist/server.js');
  const index = path.join(workbenchDir, 'index.html');
  for (const file of [server, index]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-e2e-'));
  cpSync(await migratedDatabase(), path.join(dataDir, 'db'), { recursive: true });
  // As `npm start` runs it: production mode, Node's compile cache shared by every journey's server.
  const env = {
    ...serverEnv(ROOT, process.env),
    ...extraEnv,
    PORT: String(port),
    DATA_DIR: dataDir,
    WORKBENCH_DIR: workbenchDir,
  };
  delete env.OPENAI_API_KEY;
  delete env.DATABASE_URL;
  const url = `http://localhost:${port}`;
  const { child, log } = await spawnGateway(env, url);
  return {
    url,
    log,
    async stop() {
      const exited = new Promise((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve),
      );
      child.kill('SIGTERM');
      // A server that has not closed in this time is killed, so no journey leaves one behind.
      const killer = setTimeout(() => {
        console.error(
          `The server had not closed ${STOP_PATIENCE_MS / 1000} s after SIGTERM: killed.\n${log()}`,
        );
        child.kill('SIGKILL');
      }, STOP_PATIENCE_MS);
      await exited;
      clearTimeout(killer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long a stopped server may take to close (runs to drain) before it is killed. */
const STOP_PATIENCE_MS = 60_000;

/**
 * How long a journey's page waits for an element, a navigation or an event unless it says otherwise:
 * Playwright's 30 s default was not enough for a page of the workbench to load and render in
 * software with the unit tests running beside the journeys on two cores.
 */
export const JOURNEY_WAIT_MS = 60_000;

/** Debian's Chromium (its headless shell where installed). Fails with a clear message when it is missing. */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install it (as root: apt-get install -y ` +
        'chromium-headless-shell, or chromium) ' +
        'or set CHROMIUM_PATH; the end-to-end tests never download a browser.',
    );
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // Every context (`browser.newPage()` makes one too) waits as long as a busy machine needs.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(JOURNEY_WAIT_MS);
    return context;
  };
  return browser;
}
