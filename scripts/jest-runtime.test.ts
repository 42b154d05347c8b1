import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repo, runNode, scriptEnv } from './testing/workspace';

/**
 * Two test files, run one after the other in one process, load one module that imports another
 * dynamically: the second file's `import()` must still reach its loader, whatever the runtime
 * kept of the module's first compile (a lost loader crashed a Jest worker per database test file).
 */
describe('the Jest runtime with the code cache (scripts/jest-runtime.js)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jest-runtime-'));
    writeFileSync(path.join(dir, 'shared.js'), "exports.load = () => import('node:path');\n");
    const testFile = (name: string) =>
      [
        "const { appendFileSync } = require('node:fs');",
        "const { load } = require('./shared');",
        `test('${name} imports a module dynamically', async () => {`,
        '  const loaded = await load();',
        "  expect(typeof loaded.join).toBe('function');",
        `  appendFileSync(${JSON.stringify(path.join(dir, 'ran.log'))}, '${name} ' + process.pid + '\\n');`,
        '});',
        '',
      ].join('\n');
    writeFileSync(path.join(dir, 'a.test.js'), testFile('a'));
    writeFileSync(path.join(dir, 'b.test.js'), testFile('b'));
    writeFileSync(
      path.join(dir, 'jest.config.json'),
      JSON.stringify({
        rootDir: dir,
        testMatch: ['**/*.test.js'],
        transform: {},
        runtime: path.join(repo, 'scripts', 'jest-runtime.js'),
      }),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a dynamic import working in every file a process runs', async () => {
    const result = await runNode(
      [path.join(repo, 'scripts', 'jest.js'), '--config', path.join(dir, 'jest.config.json'), '--runInBand'],
      { cwd: repo, env: scriptEnv() },
    );
    expect(result.said).not.toContain('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING');
    expect(result.ok).toBe(true);
    const ran = readFileSync(path.join(dir, 'ran.log'), 'utf8').trim().split('\n');
    expect(ran.map((line) => line.split(' ')[0]).sort()).toEqual(['a', 'b']);
    // One process ran both: the second file met the module its first compile left.
    expect(new Set(ran.map((line) => line.split(' ')[1])).size).toBe(1);
  }, 120_000);
});
