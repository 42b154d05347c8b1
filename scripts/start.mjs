#!/usr/bin/env node
// npm start: builds what is not built (incremental), then runs the gateway server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const server = 'gateway/dist/server.js';
if (!existsSync(server)) {
  console.error(
    'The packages are built, but this checkout has no gateway server yet (gateway/src/server.ts):\n' +
      'the HTTP server that serves the product on http://localhost:4000 is still being built.\n' +
      'What works today: npm test, npm run bench, npm run new-block -- <kind>.',
  );
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', server], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
