import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which template keys the live processes of this machine use, so that removing stale templates
 * never takes one from a test run of other code (another checkout, or a run started before a
 * migration changed).
 *
 * A lease is an empty file `<root>/leases/<key>.<pid>`, written before the process first looks for
 * that key's template and kept for the process's life (a Jest worker runs many test files). A lease
 * whose process is gone counts for nothing and is removed when leases are read.
 */
function leaseDir(root: string): string {
  return path.join(root, 'leases');
}

/** Records that this process uses the templates of `key`. */
export function claimTemplate(root: string, key: string): void {
  mkdirSync(leaseDir(root), { recursive: true });
  writeFileSync(path.join(leaseDir(root), `${key}.${process.pid}`), '');
}

/** True while the process `pid` runs (on this machine: a lease or a builder's name holds it). */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The keys that a live process holds a lease on; the leases of ended processes are removed. */
export function keysInUse(root: string): Set<string> {
  const keys = new Set<string>();
  let leases: string[];
  try {
    leases = readdirSync(leaseDir(root));
  } catch {
    return keys;
  }
  for (const lease of leases) {
    const [, key, pid] = /^(.+)\.(\d+)$/.exec(lease) ?? [];
    if (key && processAlive(Number(pid))) keys.add(key);
    else rmSync(path.join(leaseDir(root), lease), { force: true });
  }
  return keys;
}
