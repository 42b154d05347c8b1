import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addTypeScriptPackages, build, workspace } from './testing/workspace';

describe('npm run build (scripts/build.mjs)', () => {
  let root: string;
  beforeEach(() => (root = workspace()));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds everything once, then only what changed and what depends on it', async () => {
    const first = await build(root);
    expect(first.said).toContain('Building all 3 packages.');
    expect(first.built.sort()).toEqual(['a', 'b', 'c']);

    const again = await build(root);
    expect(again.said).toMatch(/Every package is built and up to date/);
    expect(again.built).toEqual([]);

    // A test file is not part of the build.
    appendFileSync(path.join(root, 'pkgs/a/src/index.test.ts'), 'more\n');
    expect((await build(root)).built).toEqual([]);

    // A dependency changed: it builds first, then the package that depends on it; c stays.
    appendFileSync(path.join(root, 'pkgs/a/src/index.ts'), 'export const more = 1;\n');
    const changed = await build(root);
    expect(changed.said).toContain('Building a, b (changed, or depending on what changed).');
    expect(changed.built).toEqual(['a', 'b']);

    // A package whose output is gone builds again, alone.
    rmSync(path.join(root, 'pkgs/c/dist'), { recursive: true });
    expect((await build(root)).built).toEqual(['c']);

    // A setting every package compiles with changed: all of them.
    writeFileSync(path.join(root, 'tsconfig.base.json'), '{ "compilerOptions": {} }');
    expect((await build(root)).built.sort()).toEqual(['a', 'b', 'c']);

    // --all builds everything whatever the record says.
    expect((await build(root, '--all')).built.sort()).toEqual(['a', 'b', 'c']);
  }, 180_000);

  it('fails naming the package whose build failed, leaves what needs it, and tries it again', async () => {
    await build(root);
    appendFileSync(path.join(root, 'pkgs/a/src/index.ts'), 'export const more = 1;\n');
    appendFileSync(path.join(root, 'pkgs/c/src/index.ts'), 'export const more = 1;\n');
    writeFileSync(path.join(root, 'pkgs/a/fail'), '');
    const failed = await build(root);
    expect(failed.ok).toBe(false);
    expect(failed.said).toContain('FAILED b (not built: a failed)');
    expect(failed.said).toContain('The build failed for a, b');
    expect(failed.built).toEqual(['c']);

    rmSync(path.join(root, 'pkgs/a/fail'));
    const fixed = await build(root);
    expect(fixed.ok).toBe(true);
    expect(fixed.built).toEqual(['a', 'b']);
  }, 180_000);

  it('builds packages that are one TypeScript project each in one tsc, in order, and names them when it fails', async () => {
    addTypeScriptPackages(root);
    const first = await build(root);
    expect(first.ok).toBe(true);
    expect(first.said).toContain('built  ts-base, ts-user (one tsc --build of 2 packages');
    expect(readFileSync(path.join(root, 'pkgs/ts-user/dist/index.js'), 'utf8')).toContain("text: 'hello'");
    expect(existsSync(path.join(root, 'pkgs/ts-base/dist/index.d.ts'))).toBe(true);

    // A type the dependent no longer satisfies: tsc says where, and neither package is recorded.
    writeFileSync(
      path.join(root, 'pkgs/ts-base/src/index.ts'),
      'export interface Greeting {\n  text: number;\n}\n',
    );
    const broken = await build(root);
    expect(broken.ok).toBe(false);
    expect(broken.said).toContain('FAILED ts-base, ts-user (one tsc --build of 2 packages');
    expect(broken.said).toMatch(/pkgs\/ts-user\/src\/index\.ts\(2,\d+\): error TS2322/);

    writeFileSync(
      path.join(root, 'pkgs/ts-base/src/index.ts'),
      'export interface Greeting {\n  text: string;\n}\n',
    );
    const fixed = await build(root);
    expect(fixed.ok).toBe(true);
    expect(fixed.said).toContain('Building ts-base, ts-user');
  }, 180_000);
});
