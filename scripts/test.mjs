#!/usr/bin/env node
// npm test: lint, type-check, the unit tests and the browser journeys, each run whatever the ones
// before it said (a failing unit test does not hide the journeys' report), then one line per step.
// Fails when any step failed.
import { spawnSync } from 'node:child_process';

const STEPS = ['lint', 'typecheck', 'test:unit', 'test:e2e'];

const results = [];
for (const step of STEPS) {
  console.log(`\n== npm run ${step}`);
  const started = Date.now();
  const { status, signal } = spawnSync('npm', ['run', '--silent', step], { stdio: 'inherit' });
  results.push({ step, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000), signal });
}
console.log('\n== npm test');
for (const { step, ok, seconds, signal } of results) {
  console.log(`${ok ? 'passed' : 'FAILED'}  ${step.padEnd(10)} ${seconds} s${signal ? ` (${signal})` : ''}`);
}
process.exit(results.every(({ ok }) => ok) ? 0 : 1);
