import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const MODULE = path.join(__dirname, 'bench-peers.mjs');

/** Calls the script module in a Node process of its own (Jest does not load ES modules). */
function inNode(code: string, dir: string): unknown {
  const script = `import { installPeers, missingPeers } from ${JSON.stringify(MODULE)};
    const dir = ${JSON.stringify(dir)}; const calls = [];
    console.log = () => {};
    process.stdout.write(JSON.stringify(await (async () => { ${code} })()));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

const peersOf = (dir: string) => ({
  get missing() {
    return inNode('return missingPeers(dir);', dir);
  },
  install(run: 'record' | 'fail') {
    return inNode(
      run === 'record'
        ? 'const skipped = installPeers(dir, (command, args) => calls.push([command, ...args])); return { skipped, calls };'
        : "return { skipped: installPeers(dir, () => { throw new Error('Command failed: npm ci\\nnpm error code E404'); }), calls };",
      dir,
    ) as { skipped: string | null; calls: string[][] };
  },
});

describe('The benchmark peers (bench/peers)', () => {
  let dir: string;
  const installed = (name: string, version: string) => {
    mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-peers-'));
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ dependencies: { 'n8n-core': '2.41.1', '@ironclad/rivet-core': '1.23.1' } }),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names the pinned peers missing or at another version, and none once all are there', () => {
    expect(peersOf(dir).missing).toEqual(['n8n-core@2.41.1', '@ironclad/rivet-core@1.23.1']);
    installed('n8n-core', '2.40.0');
    installed('@ironclad/rivet-core', '1.23.1');
    expect(peersOf(dir).missing).toEqual(['n8n-core@2.41.1']);
    installed('n8n-core', '2.41.1');
    expect(peersOf(dir).missing).toEqual([]);
  });

  it('installs them from the lockfile without install scripts, only when one is missing', () => {
    expect(peersOf(dir).install('record')).toEqual({
      skipped: null,
      calls: [
        [
          'npm',
          'ci',
          '--prefix',
          dir,
          '--ignore-scripts',
          '--prefer-offline',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
        ],
      ],
    });
    installed('n8n-core', '2.41.1');
    installed('@ironclad/rivet-core', '1.23.1');
    expect(peersOf(dir).install('record')).toEqual({ skipped: null, calls: [] });
  });

  it('says why the peers are skipped when the install fails', () => {
    expect(peersOf(dir).install('fail').skipped).toBe(
      'npm ci --prefix bench/peers failed (Command failed: npm ci)',
    );
  });
});
