#!/usr/bin/env node
// npm start: builds the packages that changed since their last build (scripts/build.mjs; none on an
// unchanged tree), then runs the gateway server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

execFileSync(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url))], { stdio: 'inherit' });
const server = 'gateway/dist/server.js';
if (!existsSync(server)) {
  console.error(`The build did not produce ${server}; see the build output above.`);
  process.exit(1);
}
// Production mode unless told otherwise: libraries such as graphql-js skip their development checks.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const child = spawn(process.execPath, ['--enable-source-maps', server], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
