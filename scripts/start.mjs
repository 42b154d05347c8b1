#!/usr/bin/env node
// npm start: builds the packages that changed since their last build (scripts/build.mjs, in this
// process; none on an unchanged tree), then runs the gateway server. SIGINT and SIGTERM reach the
// server (package.json's `exec` makes this process npm's child, not a shell that would swallow
// them), and this process ends with the server's exit code once it has stopped. The server keeps V8's compiled
// code of the modules it loads in node_modules/.cache/node-compile-cache (Node 22.1 and later), so
// a restart reuses it instead of compiling its thousands of modules again.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChanged, signalExitCode } from './build.mjs';

/**
 * The server's environment: production mode unless told otherwise (libraries such as graphql-js
 * skip their development checks), and Node's compile cache in the repository's cache folder unless
 * one is given (NODE_COMPILE_CACHE set empty turns it off).
 */
export function serverEnv(root, env) {
  return {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'production',
    NODE_COMPILE_CACHE:
      env.NODE_COMPILE_CACHE ?? path.join(root, 'node_modules', '.cache', 'node-compile-cache'),
  };
}

/** What `npm start` passes on to the server: an operator's stop (SIGTERM) and Ctrl-C (SIGINT). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // A stop asked for before the server runs ends the build (its packages' builds with it).
  const building = new AbortController();
  let server;
  let stoppedBy;
  const stop = (signal) => {
    stoppedBy ??= signal;
    if (server) server.kill(signal);
    else building.abort();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));
  // npm's shell may end without passing a signal on (or npm be killed outright): a process whose
  // parent is gone stops the server rather than run on unseen.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(orphaned);
    stop('SIGTERM');
  }, 500);
  orphaned.unref();

  const built = await buildChanged(root, { signal: building.signal });
  if (stoppedBy) process.exit(signalExitCode(stoppedBy));
  if (!built) process.exit(1);
  const entry = path.join(root, 'gateway', 'dist', 'server.js');
  if (!existsSync(entry)) {
    console.error(`The build did not produce ${path.relative(root, entry)}; see the build output above.`);
    process.exit(1);
  }
  server = spawn(process.execPath, ['--enable-source-maps', entry], {
    stdio: 'inherit',
    env: serverEnv(root, process.env),
  });
  // It ends as the server does: with its exit code, or as a shell reports a signal's.
  server.on('exit', (code, signal) => process.exit(code ?? signalExitCode(signal)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
