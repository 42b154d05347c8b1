import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BLOCK_API_VERSION } from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { BlockRegistry, loadBlockPackages, loadInstalledBlocks } from '../gateway/src/kernel';

const run = promisify(execFile);
const repo = path.resolve(__dirname, '..');

/** The workspace folders the root package.json names, `blocks/*` expanded. */
function workspaces(): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(repo, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.posix.join(pattern.slice(0, -2), entry.name))
      : [pattern],
  );
}

/**
 * A copy of the repository holding what scaffolding, building and testing a block needs: the root
 * manifests, settings and scripts, the schema, block SDK and engine with their builds, the other
 * workspaces' package.json files (no other block, so the copy's blocks/ holds only the new one), and
 * node_modules as a folder of links to this checkout's packages. Being a folder rather than one
 * link, it keeps what the command adds there (the new package's link, npm's own record) in the copy.
 */
function copyRepository(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'new-block-'));
  const take = (file: string) => cpSync(path.join(repo, file), path.join(copy, file), { recursive: true });
  for (const file of [
    'package.json',
    'package-lock.json',
    'tsconfig.base.json',
    'jest.config.js',
    'eslint.config.mjs',
    '.prettierrc.json',
    '.prettierignore',
  ])
    take(file);
  cpSync(path.join(repo, 'scripts'), path.join(copy, 'scripts'), {
    recursive: true,
    filter: (file) => !file.endsWith('.test.ts'),
  });
  mkdirSync(path.join(copy, 'blocks'));
  mkdirSync(path.join(copy, 'node_modules', '@blocksmith'), { recursive: true });
  for (const workspace of workspaces().filter((dir) => !dir.startsWith('blocks/'))) {
    take(path.join(workspace, 'package.json'));
    if (['schema', 'block-sdk', 'engine'].includes(workspace)) {
      take(path.join(workspace, 'src'));
      take(path.join(workspace, 'dist'));
    }
    if (existsSync(path.join(repo, workspace, 'node_modules')))
      symlinkSync(path.join(repo, workspace, 'node_modules'), path.join(copy, workspace, 'node_modules'));
    const { name } = JSON.parse(readFileSync(path.join(repo, workspace, 'package.json'), 'utf8')) as {
      name: string;
    };
    symlinkSync(path.join('..', '..', workspace), path.join(copy, 'node_modules', name));
  }
  for (const entry of readdirSync(path.join(repo, 'node_modules'))) {
    if (entry === '@blocksmith' || entry === '.package-lock.json') continue;
    symlinkSync(path.join(repo, 'node_modules', entry), path.join(copy, 'node_modules', entry));
  }
  return copy;
}

/** Runs a command in the copy, as a person would in a terminal (no settings from a calling npm or Jest). */
async function inCopy(copy: string, command: string, args: string[]): Promise<string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|JEST_)/i.test(name)),
  );
  try {
    const { stdout, stderr } = await run(command, args, { cwd: copy, env, maxBuffer: 16 * 1024 * 1024 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`, {
      cause: error,
    });
  }
}

/**
 * The schema and block SDK builds the new package compiles against: built here first when this
 * checkout has none yet (a fresh clone runs the unit tests before anything is built).
 */
async function builtSdk(): Promise<void> {
  for (const workspace of ['schema', 'block-sdk']) {
    if (existsSync(path.join(repo, workspace, 'dist', 'index.js'))) continue;
    await inCopy(repo, 'npm', ['run', '--silent', 'build', '-w', `@blocksmith/${workspace}`]);
  }
}

// Each test runs npm (and the first the TypeScript compiler, Jest and npm pack) in a copy of the
// repository: the first took more than 180 s at load 16 on two cores, so the limits are generous.
describe('npm run new-block -- <kind>', () => {
  let copy: string;
  beforeAll(builtSdk, 120_000);
  beforeEach(() => (copy = copyRepository()));
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('scaffolds a linked package that builds, passes its test and loads as a block', async () => {
    const said = await inCopy(copy, 'npm', [
      'run',
      'new-block',
      '--',
      'sentimentScore',
      '--description',
      "Says whether a text's tone is positive, negative or neutral",
    ]);
    expect(said).toContain('Created blocks/sentiment-score/.');
    expect(said).toContain('Linked @blocksmith/block-sentiment-score into the workspace.');
    const dir = path.join(copy, 'blocks', 'sentiment-score');
    expect(readdirSync(path.join(dir, 'src')).sort()).toEqual([
      'index.ts',
      'sentiment-score.test.ts',
      'sentiment-score.ts',
    ]);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      description: string;
      blocksmith: unknown;
    };
    expect(manifest.name).toBe('@blocksmith/block-sentiment-score');
    expect(manifest.description).toBe("Says whether a text's tone is positive, negative or neutral.");
    // The block API version it is built for: the SDK's, which the server checks when it loads it.
    expect(manifest.blocksmith).toEqual({ blockApiVersion: BLOCK_API_VERSION });

    // Linked as npm install links a workspace: the lockfile knows it, node_modules points at it.
    const lock = JSON.parse(readFileSync(path.join(copy, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { name?: string; resolved?: string; link?: boolean }>;
    };
    expect(lock.packages['blocks/sentiment-score']).toMatchObject({
      name: '@blocksmith/block-sentiment-score',
    });
    expect(lock.packages['node_modules/@blocksmith/block-sentiment-score']).toEqual({
      resolved: 'blocks/sentiment-score',
      link: true,
    });
    const link = path.join(copy, 'node_modules', '@blocksmith', 'block-sentiment-score');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(path.join('..', '..', 'blocks', 'sentiment-score'));
    expect(existsSync(path.join(repo, 'node_modules', '@blocksmith', 'block-sentiment-score'))).toBe(false);

    // What `npm run lint` checks holds for the new files.
    await inCopy(copy, 'node_modules/.bin/prettier', ['--check', 'blocks/sentiment-score']);
    await inCopy(copy, 'node_modules/.bin/eslint', ['blocks/sentiment-score']);

    await inCopy(copy, 'npm', ['run', 'build', '-w', '@blocksmith/block-sentiment-score']);
    expect(existsSync(path.join(dir, 'dist', 'index.js'))).toBe(true);
    const tested = await inCopy(copy, 'npm', ['test', '-w', '@blocksmith/block-sentiment-score']);
    expect(tested).toMatch(/Tests:\s+2 passed, 2 total/);

    // The server loads built packages: the new one registers and runs through the harness.
    const registry = loadBlockPackages(path.join(copy, 'blocks'), { entry: 'dist' });
    expect(registry.catalogue()).toEqual([
      expect.objectContaining({
        id: 'sentimentScore',
        name: 'Sentiment Score',
        description: "Says whether a text's tone is positive, negative or neutral.",
        category: 'ai',
        cost: 1,
      }),
    ]);
    const provider = new ScriptedProvider({ text: ['Positive.'] });
    const outcome = await runBlock(registry.get('sentimentScore')!, {
      upstream: { input_text: 'I love it' },
      provider,
    });
    expect(outcome.outputs).toEqual({ sentiment_score_result: 'Positive.' });

    // Packed as for npm and installed into another checkout, it is found by its keyword.
    const packed = mkdtempSync(path.join(tmpdir(), 'packed-block-'));
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'other-checkout-'));
    try {
      await inCopy(copy, 'npm', [
        'pack',
        '-w',
        '@blocksmith/block-sentiment-score',
        '--pack-destination',
        packed,
      ]);
      const [tarball] = readdirSync(packed);
      expect(tarball).toBe('blocksmith-block-sentiment-score-0.1.0.tgz');
      writeFileSync(
        path.join(elsewhere, 'package.json'),
        JSON.stringify({ name: 'checkout', private: true }),
      );
      // The checkout's own block SDK, which the block names as its peer.
      mkdirSync(path.join(elsewhere, 'node_modules', '@blocksmith'), { recursive: true });
      symlinkSync(
        path.join(repo, 'block-sdk'),
        path.join(elsewhere, 'node_modules', '@blocksmith', 'block-sdk'),
      );
      symlinkSync(path.join(repo, 'schema'), path.join(elsewhere, 'node_modules', '@blocksmith', 'schema'));
      await inCopy(elsewhere, 'npm', [
        'install',
        path.join(packed, tarball!),
        '--offline',
        '--legacy-peer-deps',
        '--no-audit',
        '--no-fund',
      ]);
      const installed = new BlockRegistry();
      expect(
        loadInstalledBlocks(installed, {
          root: elsewhere,
          named: [],
          ownBlocksDir: path.join(elsewhere, 'blocks'),
        }),
      ).toEqual({ loaded: ['@blocksmith/block-sentiment-score'], refused: [] });
      expect(installed.catalogue()).toEqual([expect.objectContaining({ id: 'sentimentScore', cost: 1 })]);
    } finally {
      rmSync(packed, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 420_000);

  it('asks for what the block does, and takes the palette name given', async () => {
    await expect(inCopy(copy, 'npm', ['run', 'new-block', '--', 'wordCloud'])).rejects.toThrow(
      'Say what the block does: --description "One sentence for the palette." (asked for when run in a terminal).',
    );
    expect(existsSync(path.join(copy, 'blocks', 'word-cloud'))).toBe(false);

    await inCopy(copy, 'node', [
      'scripts/new-block.mjs',
      'wordCloud',
      '--name',
      "Word Cloud 'Lite'",
      '--description',
      'Lists the words a text uses most.',
    ]);
    const source = readFileSync(path.join(copy, 'blocks', 'word-cloud', 'src', 'word-cloud.ts'), 'utf8');
    // Quoted as TypeScript needs (Prettier then picks the quotes that need no escape).
    expect(source).toMatch(/name: ("Word Cloud 'Lite'"|'Word Cloud \\'Lite\\''),/);
    expect(source).toContain("description: 'Lists the words a text uses most.',");
    expect(readFileSync(path.join(copy, 'blocks', 'word-cloud', 'README.md'), 'utf8')).toContain(
      "Word Cloud 'Lite': Lists the words a text uses most.",
    );
  }, 180_000);

  it('refuses a kind that is not camelCase and a folder that exists', async () => {
    await expect(inCopy(copy, 'npm', ['run', 'new-block', '--', 'Bad-Kind'])).rejects.toThrow(
      '"Bad-Kind" is not a block kind: use camelCase letters and digits, e.g. sentimentScore.',
    );
    mkdirSync(path.join(copy, 'blocks', 'twice'));
    writeFileSync(path.join(copy, 'blocks', 'twice', 'keep.txt'), 'mine');
    await expect(inCopy(copy, 'npm', ['run', 'new-block', '--', 'twice'])).rejects.toThrow(
      'blocks/twice already exists.',
    );
    expect(readdirSync(path.join(copy, 'blocks', 'twice'))).toEqual(['keep.txt']);
  }, 180_000);
});
