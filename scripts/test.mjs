#!/usr/bin/env node
// npm test: lint, type-check, the unit tests and the browser journeys, each run whatever the others
// said (a failing unit test does not hide the journeys' report), then one line per step. Fails when
// any step failed.
//
// Steps that do not depend on each other run at the same time, each line of their output prefixed
// with the step's name: first lint, type-check and the build the journeys run (they read the
// sources and write nothing the others read), then the unit tests beside the journeys. The journeys
// spend much of their time waiting on a browser and a server; the unit tests fill the cores they
// leave idle.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { testTmpfs } from './test-tmp.js';

const PHASES = [
  ['lint', 'typecheck', 'build'],
  ['test:unit', 'test:journeys'],
];
/** A step that cannot run when the one named failed. */
const NEEDS = { 'test:journeys': 'build' };

const width = Math.max(...PHASES.flat().map((step) => step.length));
// Every step's temporary files (the tests' databases above all) on tmpfs where there is one.
const tmpfs = testTmpfs();
const env = { ...process.env, ...tmpfs?.env };
// A Ctrl-C reaches the steps too: this waits for them to end, reports, and removes its directory.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});

function prefixed(stream, label, out) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
    out.write(`${label}${line}\n`),
  );
}

/** Runs `npm run <step>`, its output prefixed, to `{ step, ok, seconds, signal }`. */
function run(step) {
  const started = Date.now();
  const label = `${step.padEnd(width)} │ `;
  console.log(`${label}== npm run ${step}`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixed(child.stdout, label, process.stdout);
    prefixed(child.stderr, label, process.stderr);
    const done = (ok, signal = null) =>
      resolve({ step, ok, seconds: Math.round((Date.now() - started) / 1000), signal });
    child.once('error', (error) => {
      console.error(`${label}could not start: ${error.message}`);
      done(false);
    });
    child.once('close', (code, signal) => done(code === 0, signal));
  });
}

const results = [];
for (const phase of PHASES) {
  const ran = await Promise.all(
    phase.map((step) => {
      const needed = results.find((result) => result.step === NEEDS[step]);
      if (needed && !needed.ok) return { step, ok: false, seconds: 0, skipped: `${needed.step} failed` };
      return run(step);
    }),
  );
  results.push(...ran);
}
tmpfs?.remove();

console.log('\n== npm test');
for (const { step, ok, seconds, signal, skipped } of results) {
  const why = skipped ? ` (not run: ${skipped})` : signal ? ` (${signal})` : '';
  console.log(`${ok ? 'passed' : 'FAILED'}  ${step.padEnd(width)} ${seconds} s${why}`);
}
process.exit(results.every(({ ok }) => ok) ? 0 : 1);
