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

/**
 * A failing test's line as Jest (`● Suite › test`) and node:test's spec reporter (`✖ test`) print
 * it: they are repeated under the summary, so the end of a long log names what failed.
 */
const FAILED_TEST = /^\s*(?:●|✖) (?!failing tests:|Console$)(.+)$/;
const MAX_NAMED_FAILURES = 12;
/** A terminal colour code (Jest colours its output when it thinks it writes to a terminal). */
// eslint-disable-next-line no-control-regex
const COLOUR = /\x1b\[[0-9;]*m/g;

function prefixed(stream, label, out, failures) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    out.write(`${label}${line}\n`);
    const failed = FAILED_TEST.exec(line.replace(COLOUR, ''));
    if (failed) failures.add(failed[1].trim());
  });
}

/** Runs `npm run <step>`, its output prefixed, to `{ ok, seconds, signal, failures }`. */
function run({ step, background }) {
  const started = Date.now();
  const label = `${step.padEnd(width)} │ `;
  console.log(`${label}== npm run ${step}${background && canNice ? ` (nice ${NICENESS})` : ''}`);
  const command = ['npm', 'run', '--silent', step];
  if (background && canNice) command.unshift('nice', '-n', NICENESS);
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const failures = new Set();
    prefixed(child.stdout, label, process.stdout, failures);
    prefixed(child.stderr, label, process.stderr, failures);
    const done = (ok, signal = null) =>
      resolve({ ok, seconds: Math.round((Date.now() - started) / 1000), signal, failures });
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
for (const { step, ok, failures } of STEPS.map(({ step }, at) => ({ step, ...ended[at] }))) {
  if (ok || !failures?.size) continue;
  const named = [...failures];
  console.log(`\n${step}: failed tests`);
  for (const name of named.slice(0, MAX_NAMED_FAILURES)) console.log(`  ✖ ${name}`);
  if (named.length > MAX_NAMED_FAILURES) console.log(`  and ${named.length - MAX_NAMED_FAILURES} more`);
}
process.exit(ended.every(({ ok }) => ok) ? 0 : 1);
