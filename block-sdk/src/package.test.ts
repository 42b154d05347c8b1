import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = path.resolve(__dirname, '..', '..');

interface Manifest {
  name: string;
  private?: boolean;
  bin?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  publishConfig?: { access?: string };
}

const manifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(path.join(repo, dir, 'package.json'), 'utf8')) as Manifest;

/** The files `npm pack` would put in the package's tarball. */
async function packed(name: string): Promise<string[]> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '-w', name], {
    cwd: repo,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [report] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return report!.files.map((file) => file.path);
}

describe('the block SDK as an npm package', () => {
  it('is public, with the packages it needs, and its command is a file of its own', () => {
    for (const dir of ['schema', 'engine', 'block-sdk']) {
      expect(manifest(dir)).not.toHaveProperty('private');
      expect(manifest(dir).publishConfig).toEqual({ access: 'public' });
    }
    const sdk = manifest('block-sdk');
    // Present from the first install, before anything is built, so npm links it.
    expect(sdk.bin).toEqual({ 'block-sdk': 'bin/block-sdk.js' });
    readFileSync(path.join(repo, 'block-sdk', 'bin', 'block-sdk.js'));
    // Its test harness runs blocks through the engine.
    expect(sdk.peerDependencies).toEqual({ '@blocksmith/engine': '0.1.0' });
  });

  it.each(['@blocksmith/schema', '@blocksmith/engine', '@blocksmith/block-sdk'])(
    '%s packs what runs, without TypeScript build records',
    async (name) => {
      const files = await packed(name);
      expect(files).toContain('package.json');
      expect(files.filter((file) => file.endsWith('.tsbuildinfo'))).toEqual([]);
      expect(files.filter((file) => file.startsWith('src/'))).toEqual([]);
      if (name === '@blocksmith/block-sdk') expect(files).toContain('bin/block-sdk.js');
    },
    60_000,
  );

  it('says how to build it when its command runs before the build', async () => {
    // The command as a person runs it, from a folder where dist/ is absent: a copy of bin/ alone.
    const copy = mkdtempSync(path.join(tmpdir(), 'block-sdk-bin-'));
    try {
      mkdirSync(path.join(copy, 'bin'));
      copyFileSync(
        path.join(repo, 'block-sdk', 'bin', 'block-sdk.js'),
        path.join(copy, 'bin', 'block-sdk.js'),
      );
      await expect(
        run(process.execPath, [path.join(copy, 'bin', 'block-sdk.js'), 'test']),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          'The block SDK is not built here: run `npm run build -w @blocksmith/block-sdk`',
        ),
      });
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
