// Where a test run keeps its temporary files: a RAM-backed file system (/dev/shm) when the machine
// has one with room, else the system's temporary directory.
//
// Test databases are PGlite directories of about 1,200 files, one copied (from a migrated template)
// for each test file and each journey's server. Creating those files on this machine's ext4 disk
// took 0.9 s of kernel CPU a copy, against 0.04 s on tmpfs; a Jest run spent 200 s of its 920 s of
// CPU in the kernel. Nothing in a test depends on where the directory is.
const { mkdtempSync, readdirSync, rmSync, statfsSync } = require('node:fs');
const path = require('node:path');
const { processAlive } = require('./process-alive');

/** The RAM-backed file system Linux mounts for shared memory. */
const SHM = '/dev/shm';
/** Less free than this on it and a run keeps to the disk: test databases are tens of MB each. */
const MIN_FREE_BYTES = 4 * 1024 ** 3;
/** Each run's directory: `blocksmith-test-<pid>-XXXXXX`, so one a killed run left is known. */
const RUN_PREFIX = 'blocksmith-test-';
/** Migrated database templates kept from one run to the next (a few tens of MB). */
const TEMPLATES = 'blocksmith-test-templates';

function hasRoom(dir) {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= MIN_FREE_BYTES;
  } catch {
    return false;
  }
}

/** Removes what runs that were killed left behind (their memory is otherwise kept until a reboot). */
function removeAbandoned() {
  for (const entry of readdirSync(SHM)) {
    const owner = new RegExp(`^${RUN_PREFIX}(\\d+)-`).exec(entry);
    if (owner && !processAlive(Number(owner[1])))
      rmSync(path.join(SHM, entry), { recursive: true, force: true });
  }
}

/**
 * The environment for a test run's processes with its temporary files on tmpfs: `TMPDIR` a
 * directory of this run, `TEST_TEMPLATE_DIR` the templates shared by runs. Null when the machine has
 * no tmpfs with room, with `BLOCKSMITH_TEST_TMPFS=0`, or when the run is already on one (a step of
 * `npm test` keeps the directory `npm test` made). Call `remove()` when the run ends.
 */
function testTmpfs(env = process.env) {
  if (env.BLOCKSMITH_TEST_TMPFS === '0') return null;
  if (env.TMPDIR && path.resolve(env.TMPDIR).startsWith(`${SHM}/`)) return null;
  if (process.platform !== 'linux' || !hasRoom(SHM)) return null;
  try {
    removeAbandoned();
    const dir = mkdtempSync(path.join(SHM, `${RUN_PREFIX}${process.pid}-`));
    return {
      env: { TMPDIR: dir, TEST_TEMPLATE_DIR: env.TEST_TEMPLATE_DIR ?? path.join(SHM, TEMPLATES) },
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch {
    return null;
  }
}

module.exports = { testTmpfs };
