// The engines `npm run bench -- engine` measures beside the run engine (bench/peers): which are
// missing, and installing them as CI installs the product (exact lockfile, no install scripts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The peers `<peers>/package.json` pins that its node_modules lacks, or holds at another version. */
export function missingPeers(peers) {
  const { dependencies } = JSON.parse(readFileSync(path.join(peers, 'package.json'), 'utf8'));
  return Object.entries(dependencies)
    .filter(([name, version]) => {
      const manifest = path.join(peers, 'node_modules', name, 'package.json');
      return !existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).version !== version;
    })
    .map(([name, version]) => `${name}@${version}`);
}

/**
 * Installs the peers when any is missing, with `run(command, args)`: exactly their lockfile's
 * versions, from npm's cache when it has them, and no install scripts (n8n-core's isolated-vm
 * compiles itself and fails on Node 20; the chains measured never use it). Answers why they are
 * skipped when the install fails, else null.
 */
export function installPeers(peers, run) {
  const missing = missingPeers(peers);
  if (missing.length === 0) return null;
  console.log(`Installing the engines measured beside the run engine (bench/peers: ${missing.join(', ')})`);
  try {
    run('npm', [
      'ci',
      '--prefix',
      peers,
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ]);
    return null;
  } catch (error) {
    return `npm ci --prefix bench/peers failed (${String(error?.message ?? error).split('\n')[0]})`;
  }
}
