import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(__dirname, 'jest.js');

/** A test file that dies of SIGTRAP (as V8's fault does) the first `deaths` times it runs. */
function dyingFile(dir: string, name: string, deaths: number): string {
  return writeTest(
    dir,
    name,
    `const fs = require('node:fs');
     const count = __dirname + '/${name}.deaths';
     test('${name} runs to its end', () => {
       const died = fs.existsSync(count) ? Number(fs.readFileSync(count, 'utf8')) : 0;
       if (died < ${deaths}) {
         fs.writeFileSync(count, String(died + 1));
         process.kill(process.pid, 'SIGTRAP');
       }
       expect(died).toBe(${deaths});
     });`,
  );
}

function writeTest(dir: string, name: string, body: string): string {
  writeFileSync(path.join(dir, `${name}.test.js`), body);
  return name;
}

/** `node scripts/jest.js` on the folder's test files with two workers, as CI runs it. */
function runJest(dir: string) {
  const config = JSON.stringify({
    rootDir: dir,
    cacheDirectory: path.join(dir, 'cache'),
    testMatch: ['**/*.test.js'],
  });
  const summary = path.join(dir, 'summary.json');
  const result = spawnSync(process.execPath, [SCRIPT, '--config', config, '-w', '2'], {
    encoding: 'utf8',
    env: { ...process.env, JEST_JSON: summary },
  });
  const report = existsSync(summary)
    ? (JSON.parse(readFileSync(summary, 'utf8')) as { numPassedTests: number; numFailedTests: number })
    : null;
  return { status: result.status, output: result.stderr, report };
}

describe('scripts/jest.js: a file whose Jest worker was killed by a signal', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jest-retry-'));
    writeTest(dir, 'steady', `test('steady passes', () => expect(1 + 1).toBe(2));`);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is run once more alone, said so, and counted once in the summary when it passes', () => {
    dyingFile(dir, 'dies-once', 1);
    const { status, output, report } = runJest(dir);
    expect(output).toContain('lost their Jest worker to a signal');
    expect(output).toContain('dies-once.test.js');
    expect(output).toContain('Re-run passed');
    expect(status).toBe(0);
    expect(report).toMatchObject({ numPassedTests: 2, numFailedTests: 0 });
  }, 180_000);

  it('fails the run when it is killed again', () => {
    dyingFile(dir, 'dies-twice', 2);
    const { status, output, report } = runJest(dir);
    expect(output).toContain('Re-run failed');
    expect(status).toBe(1);
    expect(report).toMatchObject({ numPassedTests: 1 });
  }, 180_000);

  it('is the only kind re-run: a file whose test fails runs once and fails the run', () => {
    writeTest(dir, 'wrong', `test('wrong', () => expect(1 + 1).toBe(3));`);
    const { status, output, report } = runJest(dir);
    expect(output).not.toContain('once more');
    expect(status).toBe(1);
    expect(report).toMatchObject({ numPassedTests: 1, numFailedTests: 1 });
  }, 180_000);
});
