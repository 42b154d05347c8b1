// A scratch npm workspace for the tests of scripts/build.mjs and scripts/start.mjs.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repo = path.resolve(__dirname, '..', '..');

/** Writes `file` under `root`, making its folders. */
function writeInto(root: string, file: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

/** Writes the package.json of workspace package `name` (built by `build`, needing `deps`). */
function writePackage(
  root: string,
  name: string,
  build: string,
  deps: Record<string, string>,
  extra: Record<string, string> = {},
): void {
  const manifest = { name, version: '1.0.0', main: 'dist/index.js', ...extra, scripts: { build } };
  writeInto(root, `pkgs/${name}/package.json`, JSON.stringify({ ...manifest, dependencies: deps }));
}

/**
 * A workspace of three packages whose builds write dist/index.js and append their name to
 * builds.log (or fail, while their folder holds a file named fail): `b` depends on `a`, `c` on
 * nothing.
 */
export function workspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-changed-'));
  const write = (file: string, content: string) => writeInto(root, file, content);
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
    writePackage(root, name, build, deps);
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
 * Adds two TypeScript packages built as `tsc -p tsconfig.build.json` to a workspace(): `ts-base`,
 * and `ts-user`, which imports a type from it (the repository's TypeScript compiles both).
 */
export function addTypeScriptPackages(root: string): void {
  const write = (file: string, content: string) => writeInto(root, file, content);
  const tsconfig = {
    compilerOptions: {
      rootDir: 'src',
      outDir: 'dist',
      declaration: true,
      module: 'Node16',
      moduleResolution: 'Node16',
      strict: true,
      types: [],
    },
    include: ['src'],
  };
  for (const [name, deps, source] of [
    ['ts-base', {}, 'export interface Greeting {\n  text: string;\n}\n'],
    [
      'ts-user',
      { 'ts-base': '1.0.0' },
      "import type { Greeting } from 'ts-base';\nexport const hello: Greeting = { text: 'hello' };\n",
    ],
  ] as const) {
    writePackage(root, name, 'tsc -p tsconfig.build.json', deps, { types: 'dist/index.d.ts' });
    write(`pkgs/${name}/tsconfig.build.json`, JSON.stringify(tsconfig));
    write(`pkgs/${name}/src/index.ts`, source);
    symlinkSync(path.join(root, 'pkgs', name), path.join(root, 'node_modules', name));
  }
  symlinkSync(path.join(repo, 'node_modules', 'typescript'), path.join(root, 'node_modules', 'typescript'));
}

/**
 * Runs the build in the workspace; answers what it said, whether it succeeded and which packages
 * it built, in order.
 */
export async function build(
  root: string,
  ...args: string[]
): Promise<{ said: string; ok: boolean; built: string[] }> {
  return script(root, 'build.mjs', args);
}

/** This process's environment without what npm, Jest or a caller's NODE_ENV put there. */
export function scriptEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([variable]) =>
        !/^(npm_|JEST_)/i.test(variable) && !['NODE_ENV', 'NODE_COMPILE_CACHE'].includes(variable),
    ),
  );
}

/** Runs scripts/<name> in the workspace, as build() does. */
export async function script(
  root: string,
  name: string,
  args: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<{ said: string; ok: boolean; built: string[] }> {
  writeFileSync(path.join(root, 'builds.log'), '');
  const { said, ok } = await runNode(['--preserve-symlinks-main', `scripts/${name}`, ...args], {
    cwd: root,
    env: { ...scriptEnv(), ...extraEnv },
  });
  const built = readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean);
  return { said, ok, built };
}

/** Runs this Node with `args`; answers what it printed (stdout, then stderr) and whether it exited 0. */
export async function runNode(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ said: string; ok: boolean }> {
  return run(process.execPath, args, options).then(
    ({ stdout, stderr }) => ({ said: `${stdout}${stderr}`, ok: true }),
    (error: { stdout: string; stderr: string }) => ({ said: `${error.stdout}${error.stderr}`, ok: false }),
  );
}
