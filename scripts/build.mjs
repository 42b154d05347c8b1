#!/usr/bin/env node
// npm run build: builds the workspace packages whose sources changed since their last build, and
// those that depend on them (all of them the first time, or with --all), each with its own `npm run
// build` (packages whose build is one `tsc -p` project share one `tsc --build`), a package once
// those it depends on are built, as many at once as there are cores. A package's fingerprint is a
// hash of its files (node_modules, dist and tests left out), of the fingerprints of the workspace
// packages it depends on, and of the repository's tsconfig.base.json and package-lock.json; the
// fingerprints of the last successful build are kept in node_modules/.cache/blocksmith-build.json.
// A package without its dist folder is built whatever its fingerprint says.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$|\.snap$/;
const SHARED_INPUTS = ['tsconfig.base.json', 'package-lock.json'];
/** A package build that is exactly one TypeScript project: `tsc -p <tsconfig>`. */
const TSC_PROJECT = /^tsc -p ([\w./-]+\.json)$/;

/** The workspace packages the root package.json names (`blocks/*` expanded) that have a build. */
export function workspacePackages(root) {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.posix.join(pattern.slice(0, -2), entry.name))
      : [pattern],
  );
  return dirs
    .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
      // Built before it: what it imports. A peer is only part of its fingerprint: the block SDK's
      // test harness runs on the engine, which is built on the SDK (and built by the SDK's build).
      const needs = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      const deps = [...needs, ...Object.keys(manifest.peerDependencies ?? {})];
      // Where its build writes (every package's is dist: tsc's outDir, Vite's for the workbench).
      const hasBuild = Boolean(manifest.scripts?.build);
      // A build that is one TypeScript project and nothing else can share a tsc process.
      const project = TSC_PROJECT.exec(manifest.scripts?.build ?? '')?.[1];
      const tscProject = project ? path.posix.join(dir, project) : undefined;
      return { dir, name: manifest.name, deps, needs, output: 'dist', hasBuild, tscProject };
    })
    .filter((pkg) => pkg.hasBuild);
}

function hashFiles(hash, root, dir) {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) hashFiles(hash, root, file);
    } else if (entry.isFile() && !TEST_FILE.test(entry.name) && entry.name !== '.tsbuildinfo') {
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
}

/** Each package's fingerprint: its own files and those of every workspace package it depends on. */
export function fingerprints(root, packages) {
  const shared = createHash('sha256');
  for (const file of SHARED_INPUTS) {
    if (existsSync(path.join(root, file))) shared.update(readFileSync(path.join(root, file)));
  }
  const own = new Map(
    packages.map((pkg) => {
      const hash = createHash('sha256');
      hashFiles(hash, root, pkg.dir);
      return [pkg.name, hash.digest('hex')];
    }),
  );
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const closure = (name, seen = new Set()) => {
    if (seen.has(name) || !byName.has(name)) return seen;
    seen.add(name);
    for (const dep of byName.get(name).deps) closure(dep, seen);
    return seen;
  };
  const shares = shared.digest('hex');
  return new Map(
    packages.map((pkg) => {
      const hash = createHash('sha256').update(shares);
      for (const name of [...closure(pkg.name)].sort()) hash.update(`${name}\0${own.get(name)}\0`);
      return [pkg.name, hash.digest('hex')];
    }),
  );
}

/** The packages to build: a fingerprint other than the last build's, or no build output. */
export function outdated(root, packages, current, recorded) {
  return packages.filter(
    (pkg) =>
      recorded[pkg.name] !== current.get(pkg.name) || !existsSync(path.join(root, pkg.dir, pkg.output)),
  );
}

/** The exit code of a process ended by `signal`, as a shell reports it (130 for SIGINT). */
export function signalExitCode(signal) {
  return 128 + (constants.signals[signal] ?? 0);
}

/**
 * A package's build runs in a process group of its own (npm, its shell, tsc or Vite), so that
 * stopping it stops all of them: a shell does not pass a signal on to the command it waits for.
 */
const GROUPS = process.platform !== 'win32';

/**
 * Runs a build command in a process group of its own; resolves with its exit code once it ended,
 * its output printed under a line naming `names` and how long it took (`how` added). When `signal`
 * aborts, the command is stopped.
 */
function runBuild(command, args, { cwd, names, how = '', signal }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: GROUPS });
    const stop = () => {
      try {
        if (GROUPS) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // Already ended.
      }
    };
    signal?.addEventListener('abort', stop, { once: true });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      signal?.removeEventListener('abort', stop);
      const took = `${how}${((Date.now() - started) / 1000).toFixed(1)} s`;
      if (signal?.aborted && code !== 0) {
        console.log(`stopped ${names} (${took})`);
        resolve(code ?? 1);
        return;
      }
      console.log(`${code === 0 ? 'built ' : 'FAILED'} ${names} (${took})`);
      if (output.trim() !== '') console.log(output.replace(/^/gm, '  ').trimEnd());
      resolve(code ?? 1);
    });
  });
}

/** Runs one package's own `npm run build`, as runBuild. */
function buildOne(root, pkg, signal) {
  return runBuild('npm', ['run', '--silent', 'build'], {
    cwd: path.join(root, pkg.dir),
    names: pkg.name,
    signal,
  });
}

/**
 * Builds several packages whose builds are each one TypeScript project in one `tsc --build`, in the
 * order given (each after those it needs): one compiler reads TypeScript's own declarations and the
 * shared packages' once for all of them, where a process per package read them again each time
 * (31 blocks: 5 s of CPU against 51). As runBuild.
 */
function buildTogether(root, pkgs, signal) {
  const tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
  // --force: these packages are out of date by the fingerprints, whatever tsc's own record says.
  const args = [tsc, '--build', '--force', ...pkgs.map((pkg) => pkg.tscProject)];
  return runBuild(process.execPath, args, {
    cwd: root,
    names: pkgs.map((pkg) => pkg.name).join(', '),
    how: `one tsc --build of ${pkgs.length} packages, `,
    signal,
  });
}

/**
 * Builds the packages, each once every package it needs among them is built, `concurrency` at
 * once. Packages whose builds are one TypeScript project each are built together when they can be:
 * those ready, with every such package waiting only on them (a block and the gateway after it). A
 * package whose dependency failed is not built. Answers the names built and failed. Once
 * `signal` aborts, the builds running are stopped and no other starts.
 */
export function buildInOrder(root, todo, concurrency, signal) {
  const names = new Set(todo.map((pkg) => pkg.name));
  const needs = new Map(
    todo.map((pkg) => [pkg.name, pkg.needs.filter((dep) => names.has(dep) && dep !== pkg.name)]),
  );
  const built = new Set();
  const failed = new Set();
  const started = new Set();
  let running = 0;
  return new Promise((resolve) => {
    const pump = () => {
      if (signal?.aborted) {
        if (running === 0) resolve({ built, failed });
        return;
      }
      for (const pkg of todo) {
        if (running >= concurrency) break;
        if (started.has(pkg.name)) continue;
        const deps = needs.get(pkg.name);
        if (deps.some((dep) => failed.has(dep))) {
          started.add(pkg.name);
          failed.add(pkg.name);
          console.log(
            `FAILED ${pkg.name} (not built: ${deps.filter((dep) => failed.has(dep)).join(', ')} failed)`,
          );
          continue;
        }
        if (deps.every((dep) => built.has(dep))) start(pkg);
      }
      // Packages that need each other: the first one waiting goes first.
      const waiting = todo.find((pkg) => !started.has(pkg.name));
      if (running === 0 && waiting) start(waiting);
      if (running === 0 && started.size === todo.length) resolve({ built, failed });
    };
    /** `pkg` and, when its build is one tsc project, every such package it can be built with. */
    const together = (pkg) => {
      if (!pkg.tscProject) return [pkg];
      const batch = [pkg];
      const inBatch = new Set([pkg.name]);
      for (let grew = true; grew;) {
        grew = false;
        for (const other of todo) {
          if (!other.tscProject || started.has(other.name) || inBatch.has(other.name)) continue;
          const ready = needs.get(other.name).every((dep) => built.has(dep) || inBatch.has(dep));
          if (!ready) continue;
          batch.push(other);
          inBatch.add(other.name);
          grew = true;
        }
      }
      return batch;
    };
    const start = (pkg) => {
      const batch = together(pkg);
      for (const each of batch) started.add(each.name);
      running += 1;
      const building = batch.length === 1 ? buildOne(root, pkg, signal) : buildTogether(root, batch, signal);
      void building.then((code) => {
        running -= 1;
        for (const each of batch) (code === 0 ? built : failed).add(each.name);
        pump();
      });
    };
    pump();
  });
}

/**
 * Builds the packages under `root` whose fingerprint changed since their last build (all of them
 * with `all`), saying what it does; answers whether every build it ran succeeded. `npm start` calls
 * it in its own process, so an unchanged tree costs it a hash of the sources and no more. When
 * `signal` aborts, the builds stop (those finished are recorded) and it answers false.
 */
export async function buildChanged(root, { all = false, signal } = {}) {
  const record = path.join(root, 'node_modules', '.cache', 'blocksmith-build.json');
  const started = Date.now();
  const packages = workspacePackages(root);
  const current = fingerprints(root, packages);
  let recorded = {};
  if (!all && existsSync(record)) {
    try {
      recorded = JSON.parse(readFileSync(record, 'utf8'));
    } catch {
      // An unreadable record: build everything.
    }
  }
  const todo = outdated(root, packages, current, recorded);
  if (todo.length === 0) {
    console.log(`Every package is built and up to date (checked in ${Date.now() - started} ms).`);
    return true;
  }
  console.log(
    todo.length === packages.length
      ? `Building all ${packages.length} packages.`
      : `Building ${todo.map((pkg) => pkg.name).join(', ')} (changed, or depending on what changed).`,
  );
  const { built, failed } = await buildInOrder(root, todo, availableParallelism(), signal);
  const next = { ...recorded };
  for (const pkg of todo) {
    if (built.has(pkg.name)) next[pkg.name] = current.get(pkg.name);
    else delete next[pkg.name];
  }
  mkdirSync(path.dirname(record), { recursive: true });
  writeFileSync(record, `${JSON.stringify(next, null, 2)}\n`);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (signal?.aborted) {
    console.error(`The build was stopped (${seconds} s); ${built.size} built.`);
    return false;
  }
  if (failed.size > 0) {
    console.error(`The build failed for ${[...failed].join(', ')} (${seconds} s).`);
    return false;
  }
  console.log(`Built ${built.size} package${built.size === 1 ? '' : 's'} in ${seconds} s.`);
  return true;
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const stopping = new AbortController();
  let stoppedBy;
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stoppedBy ??= signal;
      stopping.abort();
    });
  const ok = await buildChanged(root, { all: process.argv.includes('--all'), signal: stopping.signal });
  if (stoppedBy) process.exit(signalExitCode(stoppedBy));
  if (!ok) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
