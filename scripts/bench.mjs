#!/usr/bin/env node
// npm run bench [-- group ...]: builds what is not built, then runs the benchmarks on the built code.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPeers } from './bench-peers.mjs';

const run = (cmd, args, env = process.env) => execFileSync(cmd, args, { stdio: 'inherit', env });
run('npm', ['run', '--silent', 'build']);
// `canvas` and `first-token` are the workbench's benchmarks in Chromium; every other group is the gateway's.
const groups = process.argv.slice(2);
const BROWSER_GROUPS = ['canvas', 'first-token'];
const gatewayGroups = groups.filter((group) => !BROWSER_GROUPS.includes(group));
// Measured as `npm start` runs it: in production mode.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
if (groups.length === 0 || groups.includes('engine')) {
  // The engine group measures other engines beside this one. They are no dependency of the product:
  // bench/peers is a package of its own, outside the workspaces, installed here on first use.
  const peers = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bench', 'peers');
  const skipped = installPeers(peers, run);
  if (skipped) env.BENCH_PEERS_SKIPPED = skipped;
}
if (groups.length === 0 || gatewayGroups.length > 0)
  run(process.execPath, ['--expose-gc', 'gateway/dist/bench/run-benchmarks.js', ...gatewayGroups], env);
if (groups.length === 0 || groups.includes('canvas'))
  run(process.execPath, ['workbench/bench/canvas-bench.mjs']);
if (groups.length === 0 || groups.includes('first-token'))
  run(process.execPath, ['workbench/bench/first-token-bench.mjs'], env);
