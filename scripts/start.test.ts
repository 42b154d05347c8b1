import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { repo, script, scriptEnv, workspace } from './testing/workspace';

/** Generous: each step waits on a file or a process, never on this much time passing. */
const PATIENCE_MS = 60_000;

async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Still waiting, after ${PATIENCE_MS / 1000} s, for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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

describe('stopping npm start', () => {
  let root: string;
  let npm: ChildProcess & { pid: number };
  const file = (name: string) => path.join(root, 'gateway/dist', name);

  beforeEach(async () => {
    root = workspace();
    // The repository's own start script, with start.mjs and build.mjs copied (not linked) so they
    // find this workspace as theirs.
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const { scripts } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({ ...manifest, scripts: { start: scripts.start } }),
    );
    for (const name of ['build.mjs', 'start.mjs']) {
      rmSync(path.join(root, 'scripts', name));
      copyFileSync(path.join(repo, 'scripts', name), path.join(root, 'scripts', name));
    }
    // A server that says when it runs, notes each signal, and stops a moment after the first with
    // the exit code it is given.
    mkdirSync(path.join(root, 'gateway/dist'), { recursive: true });
    writeFileSync(
      file('server.js'),
      `const fs = require('fs');
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    fs.appendFileSync(__dirname + '/signals.log', signal + '\\n');
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      fs.writeFileSync(__dirname + '/stopped', '');
      process.exit(Number(process.env.STUB_EXIT_CODE ?? 0));
    }, 200);
  });
setInterval(() => {}, 1000);
fs.writeFileSync(__dirname + '/ready', String(process.pid));
`,
    );
    await script(root, 'build.mjs');
  }, 180_000);
  afterEach(() => {
    // Whatever a failed test left running.
    try {
      process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // Gone.
    }
    rmSync(root, { recursive: true, force: true });
  });

  /** `npm start` in a process group of its own, as a terminal runs it. */
  async function npmStart(env: Record<string, string> = {}): Promise<void> {
    npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: { ...scriptEnv(), ...env },
      stdio: 'ignore',
      detached: true,
    }) as ChildProcess & { pid: number };
    await once(npm, 'spawn');
  }
  const exited = () => once(npm, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const groupGone = () => !alive(-npm.pid);
  const signals = () => readFileSync(file('signals.log'), 'utf8').split('\n').filter(Boolean);
  const serverPid = () => Number(readFileSync(file('ready'), 'utf8'));

  it('SIGTERM to npm stops the server, and npm ends once it has, with its exit code', async () => {
    await npmStart({ STUB_EXIT_CODE: '3' });
    await until('the server to start', () => existsSync(file('ready')));
    const exit = exited();
    process.kill(npm.pid, 'SIGTERM');
    const [code] = await exit;
    expect(existsSync(file('stopped'))).toBe(true);
    expect(signals()).toEqual(['SIGTERM']);
    expect(code).toBe(3);
    await until('every process of npm start to end', groupGone);
  }, 180_000);

  it('Ctrl-C (SIGINT to the whole group) stops the server once, and everything ends', async () => {
    await npmStart();
    await until('the server to start', () => existsSync(file('ready')));
    const exit = exited();
    process.kill(-npm.pid, 'SIGINT');
    await exit;
    expect(existsSync(file('stopped'))).toBe(true);
    expect(new Set(signals())).toEqual(new Set(['SIGINT']));
    await until('every process of npm start to end', groupGone);
  }, 180_000);

  it('npm killed outright: the server is stopped rather than left running', async () => {
    await npmStart();
    await until('the server to start', () => existsSync(file('ready')));
    const server = serverPid();
    process.kill(npm.pid, 'SIGKILL');
    await until('the server to stop', () => existsSync(file('stopped')));
    expect(signals()).toEqual(['SIGTERM']);
    await until('the server process to end', () => !alive(server));
    await until('every process of npm start to end', groupGone);
  }, 180_000);

  it('a stop during the build ends the packages being built and starts no server', async () => {
    // Package a's build now runs until stopped, noting its process id.
    const manifest = path.join(root, 'pkgs/a/package.json');
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { scripts: { build: string } };
    pkg.scripts.build =
      "node -e \"require('fs').writeFileSync('../../building.pid', String(process.pid)); setInterval(() => {}, 1000)\"";
    writeFileSync(manifest, JSON.stringify(pkg));
    appendFileSync(path.join(root, 'pkgs/a/src/index.ts'), 'export const more = 1;\n');
    await npmStart();
    const building = path.join(root, 'building.pid');
    await until('the build to start', () => existsSync(building));
    const builder = Number(readFileSync(building, 'utf8'));
    const exit = exited();
    process.kill(npm.pid, 'SIGTERM');
    const [code] = await exit;
    expect(code).not.toBe(0);
    await until("the package's build to end", () => !alive(builder));
    expect(existsSync(file('ready'))).toBe(false);
  }, 180_000);
});
