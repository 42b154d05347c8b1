#!/usr/bin/env node
// npm run bench [-- group ...]: builds what is not built, then runs the benchmarks on the built code.
import { execFileSync } from 'node:child_process';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });
run('npm', ['run', '--silent', 'build']);
run(process.execPath, ['--expose-gc', 'gateway/dist/bench/run-benchmarks.js', ...process.argv.slice(2)]);
