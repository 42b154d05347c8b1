#!/usr/bin/env node
// npm run build: builds the workspace packages whose sources changed since their last build, and
// those that depend on them (all of them the first time, or with --all), in dependency order
// through `lerna run build`. A package's fingerprint is a hash of its files (node_modules, dist and
// tests left out), of the fingerprints of the workspace packages it depends on, and of the
// repository's tsconfig.base.json and package-lock.json; the fingerprints of the last successful
// build are kept in node_modules/.cache/blocksmith-build.json. A package without its dist folder is
// built whatever its fingerprint says.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$|\.snap$/;
const SHARED_INPUTS = ['tsconfig.base.json', 'package-lock.json'];

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
      const deps = Object.keys({
        ...manifest.dependencies,
        ...manifest.devDependencies,
        ...manifest.peerDependencies,
      });
      // Where its build writes (every package's is dist: tsc's outDir, Vite's for the workbench).
      return { dir, name: manifest.name, deps, output: 'dist', hasBuild: Boolean(manifest.scripts?.build) };
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

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const record = path.join(root, 'node_modules', '.cache', 'blocksmith-build.json');
  const started = Date.now();
  const packages = workspacePackages(root);
  const current = fingerprints(root, packages);
  let recorded = {};
  if (!process.argv.includes('--all') && existsSync(record)) {
    try {
      recorded = JSON.parse(readFileSync(record, 'utf8'));
    } catch {
      // An unreadable record: build everything.
    }
  }
  const todo = outdated(root, packages, current, recorded);
  if (todo.length === 0) {
    console.log(`Every package is built and up to date (checked in ${Date.now() - started} ms).`);
    return;
  }
  console.log(
    todo.length === packages.length
      ? `Building all ${packages.length} packages.`
      : `Building ${todo.map((pkg) => pkg.name).join(', ')} (changed, or depending on what changed).`,
  );
  const scopes = todo.flatMap((pkg) => ['--scope', pkg.name]);
  const lerna = path.join(root, 'node_modules', 'lerna', 'dist', 'cli.js');
  const { status } = spawnSync(process.execPath, [lerna, 'run', 'build', ...scopes], {
    cwd: root,
    stdio: 'inherit',
  });
  // After a failure none of them is recorded: the next build tries them all again.
  const next = { ...recorded };
  for (const pkg of todo) {
    if (status === 0) next[pkg.name] = current.get(pkg.name);
    else delete next[pkg.name];
  }
  mkdirSync(path.dirname(record), { recursive: true });
  writeFileSync(record, `${JSON.stringify(next, null, 2)}\n`);
  if (status !== 0) process.exit(status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
