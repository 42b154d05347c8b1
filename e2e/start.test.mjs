// `npm start` as an operator stops it: SIGTERM to npm (a process manager, `docker stop` with npm
// as the command) or Ctrl-C in a terminal (SIGINT to the whole group). The server closes gracefully
// (exit code 0), npm ends with it and no process is left behind.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import processes from '../scripts/process-alive.js';
import { PATIENCE_MS, ROOT, freePort, until } from './server.mjs';

const { processAlive: alive } = processes;

describe('stopping npm start', () => {
  let npm;
  let dataDir;
  afterEach(() => {
    try {
      process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm start` on a free port with an empty data directory, in a group of its own as a terminal runs it. */
  async function npmStart() {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-start-'));
    const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
    for (const variable of Object.keys(env)) if (/^npm_/i.test(variable)) delete env[variable];
    delete env.DATABASE_URL;
    npm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let log = '';
    npm.stdout.on('data', (chunk) => (log += chunk));
    npm.stderr.on('data', (chunk) => (log += chunk));
    const url = `http://127.0.0.1:${port}`;
    await until('the server to be ready', async () => {
      if (npm.exitCode !== null) throw new Error(`npm start ended with ${npm.exitCode}:\n${log}`);
      return fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
    });
    return { url, log: () => log };
  }

  /** Starts npm start, sends `signal` to npm alone or to its whole group, and checks how it ended. */
  async function stoppedWith(signal, { group }) {
    const { url, log } = await npmStart();
    const exit = once(npm, 'exit');
    process.kill(group ? -npm.pid : npm.pid, signal);
    const [code] = await exit;
    assert.equal(code, 0, `npm start ended with ${code} after ${signal}, not a graceful close:\n${log()}`);
    await until('every process of npm start to end', () => !alive(-npm.pid));
    await assert.rejects(fetch(`${url}/healthz`), 'nothing answers on the port any more');
  }

  test('SIGTERM to npm closes the server and ends npm with it', { timeout: 3 * PATIENCE_MS }, () =>
    stoppedWith('SIGTERM', { group: false }),
  );

  test(
    'Ctrl-C (SIGINT to the group, so the server hears it more than once) closes it once',
    { timeout: 3 * PATIENCE_MS },
    () => stoppedWith('SIGINT', { group: true }),
  );
});
