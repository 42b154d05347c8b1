#!/usr/bin/env node
// Runs Jest with the flags every package's tests need (pdf.js loads its worker with a dynamic
// import). With JEST_JSON=<file> it also writes the machine-readable summary CI prints.
//
// A test file whose Jest worker process was killed by a signal is run once more, alone, and said
// so: Node's V8 can abort a process that creates and closes many PGlite (WebAssembly) databases
// ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500), a fault of the
// runtime, not of the file. A file that fails its tests is never run again.
const { spawnSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { mergeRetried, killedBySignal } = require('./jest-retry');
const { testTmpfs } = require('./tmpfs-dir');

/** More files than this killed in one run is no longer a rare runtime fault: nothing is re-run. */
const MAX_RETRIED_FILES = 3;

const nodeArgs = [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  require.resolve('jest/bin/jest'),
];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'blocksmith-jest-'));
// Jest's transform cache stays where it always is (on disk, kept between runs), whatever TMPDIR
// the tests are given.
const cacheDirectory = path.join(os.tmpdir(), `jest_${process.getuid?.().toString(36) ?? 'rs'}`);
// The tests' temporary files (their databases above all) on tmpfs where there is one.
const tmpfs = testTmpfs();
const env = { ...process.env, ...tmpfs?.env };
// A Ctrl-C reaches Jest too: this process waits for it to end, then removes the run's directory.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
const outputFile = process.env.JEST_JSON
  ? path.resolve(process.env.JEST_JSON)
  : path.join(scratch, 'jest.json');
mkdirSync(path.dirname(outputFile), { recursive: true });

function jest(args, jsonFile) {
  const cache = args.some((arg) => arg.startsWith('--cacheDirectory'))
    ? []
    : [`--cacheDirectory=${cacheDirectory}`];
  const result = spawnSync(
    process.execPath,
    [...nodeArgs, ...args, ...cache, '--json', `--outputFile=${jsonFile}`],
    { stdio: 'inherit', env },
  );
  return result.status ?? 1;
}

/** The `--config` the run was given, for the re-run (its other arguments chose the files). */
function configOf(args) {
  const at = args.findIndex((arg) => arg === '--config' || arg === '-c');
  if (at >= 0) return args.slice(at, at + 2);
  const joined = args.find((arg) => arg.startsWith('--config='));
  return joined ? [joined] : [];
}

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let status = jest(process.argv.slice(2), outputFile);
const report = status === 0 ? null : readReport(outputFile);
const killed = report ? report.testResults.filter(killedBySignal).map((file) => file.name) : [];
if (killed.length > 0 && killed.length <= MAX_RETRIED_FILES) {
  const names = killed.map((file) => path.relative(process.cwd(), file));
  console.error(
    `\n${killed.length} test file(s) lost their Jest worker to a signal, a fault of the JavaScript ` +
      `runtime (nodejs/node#64500); running them once more, alone:\n  ${names.join('\n  ')}\n`,
  );
  const retryFile = path.join(scratch, 'retry.json');
  jest([...configOf(process.argv.slice(2)), '-w', '1', '--runTestsByPath', ...killed], retryFile);
  const retried = readReport(retryFile);
  if (retried) {
    const merged = mergeRetried(report, retried);
    writeFileSync(outputFile, JSON.stringify(merged));
    status = merged.success ? 0 : 1;
    console.error(
      `Re-run ${merged.success ? 'passed' : 'failed'}: ${merged.numPassedTests} tests passed, ` +
        `${merged.numFailedTests} failed, in ${merged.numTotalTestSuites} files in all.`,
    );
  } else {
    console.error('Re-run failed: it did not finish (killed again); the first run stands.');
  }
}
rmSync(scratch, { recursive: true, force: true });
tmpfs?.remove();
process.exit(status);
