#!/usr/bin/env node
// npm test: lint, type-check, the unit tests and the browser journeys, each run whatever the others
// said (a failing unit test does not hide the journeys' report), then one line per step. Fails when
// any step failed.
//
// The steps run at the same time, each line of their output prefixed with the step's name, as soon
// as what they need is done: the journeys and the unit tests wait for the build (the unit tests'
// Code block sandbox is built from the same files), lint and type-check read only the sources. The
// journeys are the longest step and spend much of their time waiting on a browser and a server; the
// others run at a lower priority (nice 10), so they take the cores the journeys leave idle instead
// of slowing them down.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { testTmpfs } from './tmpfs-dir.js';

/** Each step: what must have passed before it starts, and whether it yields the CPU to the others. */
const STEPS = [
  { step: 'lint', background: true },
  { step: 'typecheck', background: true },
  { step: 'build' },
  { step: 'test:unit', after: 'build', background: true },
  { step: 'test:journeys', after: 'build' },
];
const NICENESS = '10';

const width = Math.max(...STEPS.map(({ step }) => step.length));
const canNice = process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;
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

/** Runs `npm run <step>`, its output prefixed, to `{ ok, seconds, signal }`. */
function run({ step, background }) {
  const started = Date.now();
  const label = `${step.padEnd(width)} │ `;
  console.log(`${label}== npm run ${step}${background && canNice ? ` (nice ${NICENESS})` : ''}`);
  const command = ['npm', 'run', '--silent', step];
  if (background && canNice) command.unshift('nice', '-n', NICENESS);
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixed(child.stdout, label, process.stdout);
    prefixed(child.stderr, label, process.stderr);
    const done = (ok, signal = null) =>
      resolve({ ok, seconds: Math.round((Date.now() - started) / 1000), signal });
    child.once('error', (error) => {
      console.error(`${label}could not start: ${error.message}`);
      done(false);
    });
    child.once('close', (code, signal) => done(code === 0, signal));
  });
}

/** Each step's result, once it ran or could not. */
const results = new Map();
for (const spec of STEPS) {
  results.set(
    spec.step,
    (async () => {
      const needed = spec.after ? await results.get(spec.after) : null;
      if (needed && !needed.ok) return { ok: false, seconds: 0, skipped: `${spec.after} failed` };
      return run(spec);
    })(),
  );
}
const ended = await Promise.all(STEPS.map(({ step }) => results.get(step)));
tmpfs?.remove();

console.log('\n== npm test');
STEPS.forEach(({ step }, at) => {
  const { ok, seconds, signal, skipped } = ended[at];
  const why = skipped ? ` (not run: ${skipped})` : signal ? ` (${signal})` : '';
  console.log(`${ok ? 'passed' : 'FAILED'}  ${step.padEnd(width)} ${seconds} s${why}`);
});
process.exit(ended.every(({ ok }) => ok) ? 0 : 1);
