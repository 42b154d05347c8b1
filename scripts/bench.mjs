#!/usr/bin/env node
// npm run bench [-- group ...]: builds what is not built, then runs the benchmarks on the built code.
import { execFileSync } from 'node:child_process';

const run = (cmd, args, env = process.env) => execFileSync(cmd, args, { stdio: 'inherit', env });
run('npm', ['run', '--silent', 'build']);
// `canvas` is the workbench's benchmark in Chromium; every other group is the gateway's.
const groups = process.argv.slice(2);
const gatewayGroups = groups.filter((group) => group !== 'canvas');
if (groups.length === 0 || gatewayGroups.length > 0) {
  // Measured as `npm start` runs it: in production mode.
  run(process.execPath, ['--expose-gc', 'gateway/dist/bench/run-benchmarks.js', ...gatewayGroups], {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
  });
}
if (groups.length === 0 || groups.includes('canvas'))
  run(process.execPath, ['workbench/bench/canvas-bench.mjs']);
