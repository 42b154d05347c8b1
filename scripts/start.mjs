#!/usr/bin/env node
// npm start: builds the packages that changed since their last build (scripts/build.mjs, in this
// process; none on an unchanged tree), then runs the gateway server. The server keeps V8's compiled
// code of the modules it loads in node_modules/.cache/node-compile-cache (Node 22.1 and later), so
// a restart reuses it instead of compiling its thousands of modules again.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChanged } from './build.mjs';

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

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!(await buildChanged(root))) process.exit(1);
  const server = path.join(root, 'gateway', 'dist', 'server.js');
  if (!existsSync(server)) {
    console.error(`The build did not produce ${path.relative(root, server)}; see the build output above.`);
    process.exit(1);
  }
  const child = spawn(process.execPath, ['--enable-source-maps', server], {
    stdio: 'inherit',
    env: serverEnv(root, process.env),
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
