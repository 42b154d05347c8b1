import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlockRegistry } from './block-registry';
import { loadInstalledBlocks } from './installed-blocks';
import { DEFAULT_BLOCKS_DIR } from './load-block-packages';
import { passThrough } from '../testing/probe-blocks';

const SDK = path.resolve(__dirname, '..', '..', '..', 'block-sdk', 'src');

/** A package in `<root>/node_modules/<name>` with `index.js` as written (`blocksmith`: its package.json field). */
function install(
  root: string,
  name: string,
  index: string,
  keywords: string[] = ['blocksmith-block'],
  blocksmith?: unknown,
): void {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', main: 'index.js', keywords, blocksmith }),
  );
  writeFileSync(path.join(dir, 'index.js'), index);
}

/** A block package's index: one block of `kind` built with the SDK's defineBlock. */
function blockSource(kind: string, extra = ''): string {
  return `const { defineBlock, output } = require(${JSON.stringify(SDK)});
${extra}
exports.block = defineBlock({
  kind: ${JSON.stringify(kind)},
  name: 'Shout',
  description: 'Says the connected text louder.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { shout_result: output.text('The text in capitals') },
  async run(ctx) {
    return { shout_result: ctx.primaryText().toUpperCase() };
  },
});`;
}

describe('loadInstalledBlocks', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'installed-blocks-'));
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('loads packages with the blocksmith-block keyword, scoped ones too, and ignores others', () => {
    install(root, 'blocksmith-block-shout', blockSource('shout'));
    install(root, '@acme/block-whisper', blockSource('whisper'));
    install(root, 'left-pad', 'module.exports = () => "";', []);
    const registry = new BlockRegistry();
    const result = loadInstalledBlocks(registry, { root, named: [], ownBlocksDir: DEFAULT_BLOCKS_DIR });
    expect(result).toEqual({ loaded: ['@acme/block-whisper', 'blocksmith-block-shout'], refused: [] });
    expect(registry.packageOf('shout')).toBe('blocksmith-block-shout');
    expect(
      registry
        .catalogue()
        .map((entry) => entry.id)
        .sort(),
    ).toEqual(['shout', 'whisper']);
  });

  it('refuses a broken package by name, with why, and loads the others', () => {
    install(root, 'block-throws', 'throw new Error("missing dependency: left-pad");');
    install(root, 'block-empty', 'exports.something = 1;');
    install(root, 'block-invalid', blockSource('BadKind'));
    install(root, 'block-twice', blockSource('passThrough'));
    install(root, 'block-good', blockSource('shout'));
    const registry = new BlockRegistry();
    registry.register(passThrough, 'probe');
    const result = loadInstalledBlocks(registry, {
      root,
      named: ['block-not-there'],
      ownBlocksDir: DEFAULT_BLOCKS_DIR,
    });
    expect(result.loaded).toEqual(['block-good']);
    expect(result.refused).toEqual([
      {
        packageName: 'block-not-there',
        reason:
          'Block package block-not-there is named in BLOCK_PACKAGES but is not installed: npm install it first.',
      },
      {
        packageName: 'block-empty',
        reason: expect.stringContaining('Block package block-empty exports no block'),
      },
      {
        packageName: 'block-invalid',
        reason:
          'Block package block-invalid failed to load: Block "BadKind" is invalid: kind "BadKind" must be camelCase letters and digits.',
      },
      {
        packageName: 'block-throws',
        reason: 'Block package block-throws failed to load: missing dependency: left-pad',
      },
      {
        packageName: 'block-twice',
        reason: 'Block kind "passThrough" is defined twice: by probe and by block-twice.',
      },
    ]);
    expect(registry.has('shout')).toBe(true);
  });

  it('refuses by name a package built for a block API it does not serve, without loading its code', () => {
    install(root, 'block-later', 'throw new Error("needs the block API 2 SDK");', undefined, {
      blockApiVersion: 2,
    });
    install(
      root,
      'block-stamped',
      `${blockSource('stamped')}\nexports.block = { ...exports.block, blockApiVersion: 2 };`,
    );
    install(root, 'block-odd', blockSource('odd'), undefined, { blockApiVersion: '2' });
    install(root, 'block-declared', blockSource('declared'), undefined, { blockApiVersion: 1 });
    install(root, 'block-undeclared', blockSource('undeclared'));
    const registry = new BlockRegistry();
    const result = loadInstalledBlocks(registry, { root, named: [], ownBlocksDir: DEFAULT_BLOCKS_DIR });
    expect(result.loaded).toEqual(['block-declared', 'block-undeclared']);
    expect(result.refused).toEqual([
      {
        packageName: 'block-later',
        reason:
          'Block package block-later is built for block API version 2 (package.json "blocksmith": { "blockApiVersion": 2 }), ' +
          'and this Blocksmith serves block API version 1: install a release of the package built for version 1, or upgrade Blocksmith.',
      },
      {
        packageName: 'block-odd',
        reason:
          'Block package block-odd declares "blocksmith": { "blockApiVersion": "2" } in its package.json: it must be a whole number from 1, ' +
          'the block API version the package is built for (this Blocksmith serves block API version 1).',
      },
      {
        packageName: 'block-stamped',
        reason:
          'Block package block-stamped is built for block API version 2 (its block "stamped" was made with a block SDK of that version), ' +
          'and this Blocksmith serves block API version 1: install a release of the package built for version 1, or upgrade Blocksmith.',
      },
    ]);
    expect(registry.has('stamped')).toBe(false);
    expect(registry.has('odd')).toBe(false);
  });

  it('loads a package named in BLOCK_PACKAGES without the keyword, by name or by path', () => {
    install(root, 'internal-block', blockSource('internalThing'), []);
    const elsewhere = path.join(root, 'vendor', 'other-block');
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(
      path.join(elsewhere, 'package.json'),
      JSON.stringify({ name: 'other-block', main: 'index.js' }),
    );
    writeFileSync(path.join(elsewhere, 'index.js'), blockSource('otherThing'));
    const registry = new BlockRegistry();
    const result = loadInstalledBlocks(registry, {
      root,
      named: ['internal-block', './vendor/other-block'],
      ownBlocksDir: DEFAULT_BLOCKS_DIR,
    });
    expect(result).toEqual({ loaded: ['internal-block', 'other-block'], refused: [] });
  });

  it('skips the repository’s own blocks, which workspaces link into node_modules', () => {
    const own = path.join(root, 'blocks', 'shout');
    mkdirSync(own, { recursive: true });
    writeFileSync(
      path.join(own, 'package.json'),
      JSON.stringify({ name: '@blocksmith/block-shout', main: 'index.js', keywords: ['blocksmith-block'] }),
    );
    writeFileSync(path.join(own, 'index.js'), blockSource('shout'));
    mkdirSync(path.join(root, 'node_modules', '@blocksmith'), { recursive: true });
    symlinkSync(own, path.join(root, 'node_modules', '@blocksmith', 'block-shout'));
    const registry = new BlockRegistry();
    const result = loadInstalledBlocks(registry, {
      root,
      named: [],
      ownBlocksDir: path.join(root, 'blocks'),
    });
    expect(result).toEqual({ loaded: [], refused: [] });
  });
});
