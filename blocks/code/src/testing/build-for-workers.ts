import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

/**
 * Scripts run in a worker thread loaded from this package's build (`dist/sandbox-worker.js`), which
 * needs the schema and block SDK builds: tests build what is missing (a fresh checkout runs its
 * unit tests before building), and this package always, so the worker is the code under test.
 */
export function buildForWorkers(): void {
  const build = (workspace: string) =>
    execFileSync('npm', ['run', '--silent', 'build', '-w', workspace], { cwd: ROOT, stdio: 'pipe' });
  for (const workspace of ['schema', 'block-sdk']) {
    if (!existsSync(path.join(ROOT, workspace, 'dist', 'index.js'))) build(`@blocksmith/${workspace}`);
  }
  build('@blocksmith/block-code');
}
