#!/usr/bin/env node
// Runs Jest with the flags every package's tests need (pdf.js loads its worker with a dynamic
// import). With JEST_JSON=<file> it also writes the machine-readable summary CI prints.
const { spawnSync } = require('node:child_process');
const { mkdirSync } = require('node:fs');
const path = require('node:path');

const args = [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  require.resolve('jest/bin/jest'),
];
if (process.env.JEST_JSON) {
  const outputFile = path.resolve(process.env.JEST_JSON);
  mkdirSync(path.dirname(outputFile), { recursive: true });
  args.push('--json', `--outputFile=${outputFile}`);
}
const result = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
