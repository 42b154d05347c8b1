import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the tests share lives in a `testing/` folder of each package's `src`, which the builds leave
 * out. A package that publishes its `testing/` (block-sdk's harness for block authors, listed in its
 * package.json `exports`) ships it on purpose, so its own modules may use it.
 */

const ROOT = path.join(__dirname, '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const FIXTURE_NAME = /^test-|test-support/;
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bjest\.mock\s*\(\s*)['"]([^'"]+)['"]/g;

interface Package {
  /** Repository-relative folder, e.g. `gateway`. */
  dir: string;
  /** Whether the package publishes `src/testing` (an `exports` entry `./testing`). */
  publishesTesting: boolean;
}

interface Finding {
  file: string;
  problem: string;
}

/** Whether a repository-relative path sits in a `testing/` folder. */
function inTesting(file: string): boolean {
  return file.split('/').slice(0, -1).includes('testing');
}

function packageOf(file: string, packages: readonly Package[]): Package | undefined {
  return packages.find((p) => file.startsWith(`${p.dir}/`));
}

/** Fixture-named files outside `testing/`, and modules the product runs that import from a `testing/` folder. */
function fixtureFindings(
  files: readonly string[],
  read: (file: string) => string,
  packages: readonly Package[],
): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    const name = path.posix.basename(file);
    if (FIXTURE_NAME.test(name) && !inTesting(file))
      findings.push({ file, problem: 'is named like a test fixture but sits outside a testing/ folder' });
    if (TEST_FILE.test(name) || inTesting(file)) continue;
    for (const [, specifier = ''] of read(file).matchAll(SPECIFIER)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.join(path.posix.dirname(file), specifier);
      if (!inTesting(`${target}/`) && !inTesting(target)) continue;
      if (
        packageOf(target, packages)?.publishesTesting &&
        packageOf(file, packages) === packageOf(target, packages)
      )
        continue;
      findings.push({ file, problem: `imports test code (${specifier})` });
    }
  }
  return findings;
}

/** Package folders whose build leaves `src/testing` in, though the package does not publish it. */
function buildsKeepingTesting(packages: readonly Package[], readJson: (file: string) => unknown): string[] {
  return packages
    .filter((p) => !p.publishesTesting && existsSync(path.join(ROOT, p.dir, 'tsconfig.build.json')))
    .filter((p) => {
      const config = readJson(`${p.dir}/tsconfig.build.json`) as { exclude?: string[] };
      return !(config.exclude ?? []).includes('src/testing');
    })
    .map((p) => p.dir);
}

function workspacePackages(): Package[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter(
            (entry) =>
              entry.isDirectory() &&
              existsSync(path.join(ROOT, pattern.slice(0, -2), entry.name, 'package.json')),
          )
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return dirs.map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
      exports?: Record<string, unknown>;
    };
    return { dir, publishesTesting: Boolean(manifest.exports?.['./testing']) };
  });
}

/** Repository-relative source files under `dir`, without dependencies and build output. */
function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

describe('test fixtures stay out of production code', () => {
  const packages = workspacePackages();
  const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

  it('finds no fixture outside testing/ and no product module importing from one', () => {
    const files = [...packages.flatMap((p) => sourceFiles(`${p.dir}/src`)), ...sourceFiles('scripts')];
    expect(files.length).toBeGreaterThan(100);
    expect(fixtureFindings(files, read, packages)).toEqual([]);
  });

  it('leaves testing/ out of every package build that does not publish it', () => {
    expect(packages.some((p) => p.publishesTesting)).toBe(true);
    expect(buildsKeepingTesting(packages, (file) => JSON.parse(read(file)))).toEqual([]);
  });

  it('names each kind of offence', () => {
    const packs: Package[] = [
      { dir: 'app', publishesTesting: false },
      { dir: 'sdk', publishesTesting: true },
    ];
    const sources: Record<string, string> = {
      'app/src/server.ts': "import { fakeDb } from './testing/database';\nimport { x } from './x';",
      'app/src/lazy.ts': "const t = await import('../src/testing');",
      'app/src/server.test.ts': "import { fakeDb } from './testing/database';",
      'app/src/testing/database.ts': "import { open } from '../data';",
      'app/src/data/test-database.ts': '',
      'app/src/stores/earnings-test-support.ts': '',
      'app/src/uses-sdk.ts': "import { runBlock } from '../../sdk/src/testing';",
      'sdk/src/check.ts': "import { runBlock } from './testing/run-block';",
      'sdk/src/testing/run-block.ts': '',
    };
    expect(fixtureFindings(Object.keys(sources), (file) => sources[file]!, packs)).toEqual([
      { file: 'app/src/server.ts', problem: 'imports test code (./testing/database)' },
      { file: 'app/src/lazy.ts', problem: 'imports test code (../src/testing)' },
      {
        file: 'app/src/data/test-database.ts',
        problem: 'is named like a test fixture but sits outside a testing/ folder',
      },
      {
        file: 'app/src/stores/earnings-test-support.ts',
        problem: 'is named like a test fixture but sits outside a testing/ folder',
      },
      { file: 'app/src/uses-sdk.ts', problem: 'imports test code (../../sdk/src/testing)' },
    ]);
  });
});
