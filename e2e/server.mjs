// Starts the built product (gateway serving the built workbench) on a free port with a fresh
// data directory, and a headless Chromium from the system (never downloaded).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serverEnv } from '../scripts/start.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** Generous: a fresh data directory is migrated first, which takes minutes on a loaded machine. */
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

/**
 * The built server on a free port with an empty data directory, serving the built workbench (or
 * `workbenchDir`), with `env` added to its environment. Call `stop()` when done.
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
  const child = spawn(process.execPath, [server], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://localhost:${port}`;
  try {
    await waitUntilUp(url, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${error.message}\n${log}`, { cause: error });
  }
  return {
    url,
    log: () => log,
    async stop() {
      const exited = new Promise((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve),
      );
      child.kill('SIGTERM');
      // A server that has not closed in this time is killed, so no journey leaves one behind.
      const killer = setTimeout(() => {
        console.error(
          `The server had not closed ${STOP_PATIENCE_MS / 1000} s after SIGTERM: killed.\n${log}`,
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

/** Debian's Chromium, headless. Fails with a clear message when it is not installed. */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install it (as root: apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH; the end-to-end tests never download a browser.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
