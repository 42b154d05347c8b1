// Plain JavaScript so Jest's global setup (jest-global-setup.js beside it) can run it untransformed.
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..', '..', '..');

/** Set once the worker was built for this test run (by Jest's global setup). */
const WORKER_BUILT = 'BLOCKSMITH_CODE_WORKER_BUILT';

/**
 * Scripts run in a worker thread loaded from this package's build (`dist/sandbox-worker.js`), which
 * needs the schema and block SDK builds: builds what is missing (a fresh checkout runs its unit
 * tests before building), and this package always, so the worker is the code under test. Once the
 * test run's global setup has built it, later calls do nothing.
 */
function buildForWorkers() {
  if (process.env[WORKER_BUILT] === '1') return;
  const build = (workspace) =>
    execFileSync('npm', ['run', '--silent', 'build', '-w', workspace], { cwd: ROOT, stdio: 'pipe' });
  for (const workspace of ['schema', 'block-sdk']) {
    if (!existsSync(path.join(ROOT, workspace, 'dist', 'index.js'))) build(`@blocksmith/${workspace}`);
  }
  build('@blocksmith/block-code');
}

module.exports = { buildForWorkers, WORKER_BUILT };
