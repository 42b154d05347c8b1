import { execFile } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = path.resolve(__dirname, '..');

/**
 * A workspace of three packages whose builds write dist/index.js and append their name to
 * builds.log (or fail, while their folder holds a file named fail): `b` depends on `a`, `c` on
 * nothing.
 */
function workspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-changed-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('package.json', JSON.stringify({ name: 'root', private: true, workspaces: ['pkgs/*'] }));
  write('lerna.json', JSON.stringify({ version: 'independent', npmClient: 'npm' }));
  write('tsconfig.base.json', '{}');
  const build =
    "node -e \"const fs=require('fs');if(fs.existsSync('fail'))process.exit(1);fs.mkdirSync('dist',{recursive:true});" +
    "fs.writeFileSync('dist/index.js','');fs.appendFileSync('../../builds.log',require('./package.json').name+'\\n')\"";
  for (const [name, deps] of [
    ['a', {}],
    ['b', { a: '1.0.0' }],
    ['c', {}],
  ] as const) {
    write(
      `pkgs/${name}/package.json`,
      JSON.stringify({
        name,
        version: '1.0.0',
        main: 'dist/index.js',
        scripts: { build },
        dependencies: deps,
      }),
    );
    write(`pkgs/${name}/src/index.ts`, `export const name = '${name}';\n`);
    write(`pkgs/${name}/src/index.test.ts`, 'test\n');
  }
  mkdirSync(path.join(root, 'node_modules'));
  for (const name of ['a', 'b', 'c'])
    symlinkSync(path.join(root, 'pkgs', name), path.join(root, 'node_modules', name));
  mkdirSync(path.join(root, 'scripts'));
  for (const script of ['build.mjs', 'start.mjs'])
    symlinkSync(path.join(repo, 'scripts', script), path.join(root, 'scripts', script));
  return root;
}

/**
 * Runs the build in the workspace; answers what it said, whether it succeeded and which packages
 * it built, in order.
 */
async function build(
  root: string,
  ...args: string[]
): Promise<{ said: string; ok: boolean; built: string[] }> {
  return script(root, 'build.mjs', args);
}

/** Runs scripts/<name> in the workspace, as build() does. */
async function script(
  root: string,
  name: string,
  args: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<{ said: string; ok: boolean; built: string[] }> {
  writeFileSync(path.join(root, 'builds.log'), '');
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([variable]) =>
        !/^(npm_|JEST_)/i.test(variable) && !['NODE_ENV', 'NODE_COMPILE_CACHE'].includes(variable),
    ),
  );
  const { stdout, ok } = await run(
    process.execPath,
    ['--preserve-symlinks-main', `scripts/${name}`, ...args],
    { cwd: root, env: { ...env, ...extraEnv } },
  ).then(
    ({ stdout, stderr }) => ({ stdout: `${stdout}${stderr}`, ok: true }),
    (error: { stdout: string; stderr: string }) => ({ stdout: `${error.stdout}${error.stderr}`, ok: false }),
  );
  const built = readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean);
  return { said: stdout, ok, built };
}

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
});

describe('npm start (scripts/start.mjs)', () => {
  let root: string;
  beforeEach(() => {
    root = workspace();
    // A server that writes the environment it was given and the exit code start.mjs should pass on.
    mkdirSync(path.join(root, 'gateway/dist'), { recursive: true });
    writeFileSync(path.join(root, 'gateway/dist/lib.js'), 'exports.answer = 42;\n');
    writeFileSync(
      path.join(root, 'gateway/dist/server.js'),
      "const fs = require('fs'); require('./lib');\n" +
        "fs.writeFileSync(__dirname + '/env.json', JSON.stringify({ env: process.env.NODE_ENV, " +
        'cache: process.env.NODE_COMPILE_CACHE, args: process.execArgv }));\n',
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const serverSaw = () =>
    JSON.parse(readFileSync(path.join(root, 'gateway/dist/env.json'), 'utf8')) as {
      env: string;
      cache: string;
      args: string[];
    };

  it('builds what changed, then on an unchanged tree starts the server at once', async () => {
    const first = await script(root, 'start.mjs');
    expect(first.ok).toBe(true);
    expect(first.built.sort()).toEqual(['a', 'b', 'c']);
    rmSync(path.join(root, 'gateway/dist/env.json'));

    const again = await script(root, 'start.mjs');
    expect(again.ok).toBe(true);
    expect(again.said).toMatch(/Every package is built and up to date/);
    expect(again.built).toEqual([]);
    expect(serverSaw().env).toBe('production');
    expect(serverSaw().args).toContain('--enable-source-maps');

    appendFileSync(path.join(root, 'pkgs/c/src/index.ts'), 'export const more = 1;\n');
    expect((await script(root, 'start.mjs')).built).toEqual(['c']);
  }, 180_000);

  it('gives the server a compile cache under node_modules/.cache, kept between restarts', async () => {
    await script(root, 'start.mjs');
    const cache = path.join(root, 'node_modules/.cache/node-compile-cache');
    expect(serverSaw().cache).toBe(cache);
    // Node 22.1 and later write the modules' compiled code there (Node 20 ignores the variable).
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    if (major > 22 || (major === 22 && minor >= 1)) {
      expect(existsSync(cache)).toBe(true);
      expect(readdirSync(cache).length).toBeGreaterThan(0);
    }
  }, 180_000);

  it("keeps the caller's NODE_ENV and compile cache folder, and fails when the build fails", async () => {
    await script(root, 'start.mjs', [], { NODE_ENV: 'development', NODE_COMPILE_CACHE: '' });
    expect(serverSaw()).toMatchObject({ env: 'development', cache: '' });

    rmSync(path.join(root, 'gateway/dist/env.json'));
    appendFileSync(path.join(root, 'pkgs/a/src/index.ts'), 'export const more = 1;\n');
    writeFileSync(path.join(root, 'pkgs/a/fail'), '');
    const failed = await script(root, 'start.mjs');
    expect(failed.ok).toBe(false);
    expect(failed.said).toContain('The build failed for a, b');
    expect(existsSync(path.join(root, 'gateway/dist/env.json'))).toBe(false);
  }, 180_000);
});
