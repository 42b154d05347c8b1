import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BLOCK_API_VERSION,
  manifestApiVersion,
  type AnyBlockDefinition,
  type BlockPackageManifest,
} from '@blocksmith/block-sdk';
import { BlockRegistrationError, BlockRegistry } from './block-registry';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from './load-block-packages';
import { collectDisplay, echoInput, templateBlock } from '../testing/probe-blocks';

describe('BlockRegistry', () => {
  it('refuses a second block of the same kind, naming both packages', () => {
    const registry = new BlockRegistry();
    registry.register(templateBlock, '@acme/block-template');
    expect(() => registry.register(templateBlock, '@other/block-template')).toThrow(
      'Block kind "template" is defined twice: by @acme/block-template and by @other/block-template.',
    );
  });

  it('refuses a definition that was not made with defineBlock and is broken', () => {
    const registry = new BlockRegistry();
    const broken = { ...templateBlock, kind: 'Bad kind', cost: -1 } as unknown as AnyBlockDefinition;
    expect(() => registry.register(broken, '@acme/broken')).toThrow(
      /^Block package @acme\/broken has an invalid definition: kind "Bad kind" must be camelCase/,
    );
  });

  it('refuses a definition made with a block SDK of an API it does not serve, naming the package', () => {
    const registry = new BlockRegistry();
    const later = { ...templateBlock, blockApiVersion: 2 };
    expect(() => registry.register(later, '@acme/block-template')).toThrow(
      'Block package @acme/block-template is built for block API version 2 (its block "template" was made with a block SDK of that version), ' +
        'and this Blocksmith serves block API version 1: install a release of the package built for version 1, or upgrade Blocksmith.',
    );
    expect(registry.has('template')).toBe(false);
  });

  it('describes its blocks for the workbench and prices the AI ones', () => {
    const registry = new BlockRegistry();
    for (const block of [echoInput, templateBlock, collectDisplay])
      registry.register(block, `p/${block.kind}`);
    expect(registry.catalogue().map((e) => [e.id, e.category, e.cost])).toEqual([
      ['echoInput', 'input', 0],
      ['template', 'ai', 2],
      ['collectDisplay', 'output', 0],
    ]);
    expect(registry.catalogue()[1]!.outputs).toEqual([
      { name: 'generated_text', type: 'text' },
      { name: 'length', type: 'number' },
    ]);
    expect(JSON.parse(JSON.stringify(registry.catalogue()))).toEqual(registry.catalogue());
    expect(registry.costs()).toEqual({ template: 2, default: 1 });
    expect(registry.firstOutputOf('template')).toBe('generated_text');
    expect(registry.packageOf('echoInput')).toBe('p/echoInput');
  });

  it('finds one kind’s catalogue entry, kinds registered later too', () => {
    const registry = new BlockRegistry();
    registry.register(echoInput, 'p/echoInput');
    expect(registry.catalogueEntryOf('echoInput')).toBe(registry.catalogue()[0]);
    expect(registry.catalogueEntryOf('template')).toBeUndefined();
    registry.register(templateBlock, 'p/template');
    expect(registry.catalogueEntryOf('template')).toMatchObject({ id: 'template', category: 'ai', cost: 2 });
  });
});

describe('loadBlockPackages', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'blocks-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function writePackage(folder: string, name: string, index: string | null, blocksmith?: unknown): void {
    mkdirSync(path.join(dir, folder, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, folder, 'package.json'), JSON.stringify({ name, blocksmith }));
    if (index !== null) writeFileSync(path.join(dir, folder, 'dist', 'index.js'), index);
  }

  const sdk = JSON.stringify(path.resolve(__dirname, '../../../block-sdk/src/index.ts'));
  const blockSource = (kind: string) => `
    const { defineBlock, output } = require(${sdk});
    exports.block = defineBlock({ kind: '${kind}', name: 'N', description: '', category: 'ai', cost: 1,
      settings: {}, outputs: { out: output.text() }, run: () => ({ out: 'x' }) });`;

  it('registers every built package in the folder', () => {
    writePackage('a', '@t/a', blockSource('alpha'));
    writePackage('b', '@t/b', blockSource('beta'));
    const registry = loadBlockPackages(dir, { entry: 'dist' });
    expect(registry.list().map((b) => b.kind)).toEqual(['alpha', 'beta']);
    expect(registry.packageOf('beta')).toBe('@t/b');
  });

  it('names the package that is not built, exports nothing, or fails to load', () => {
    writePackage('a', '@t/unbuilt', null);
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(
      'Block package @t/unbuilt is not built (no dist/index.js): run `npm run build`.',
    );
    rmSync(path.join(dir, 'a'), { recursive: true });
    writePackage('b', '@t/empty', 'exports.other = 1;');
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(
      'Block package @t/empty exports no block: its index must export `block` (or a `blocks` list).',
    );
    rmSync(path.join(dir, 'b'), { recursive: true });
    writePackage('c', '@t/throws', 'throw new Error("boom");');
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(BlockRegistrationError);
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(
      'Block package @t/throws failed to load: boom',
    );
  });

  it('fails start-up on a package built for a block API it does not serve, before loading its code', () => {
    writePackage('a', '@t/a', blockSource('alpha'), { blockApiVersion: 1 });
    writePackage('b', '@t/later', 'throw new Error("needs the block API 2 SDK");', { blockApiVersion: 2 });
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(BlockRegistrationError);
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(
      'Block package @t/later is built for block API version 2 (package.json "blocksmith": { "blockApiVersion": 2 }), ' +
        'and this Blocksmith serves block API version 1: install a release of the package built for version 1, or upgrade Blocksmith.',
    );
    writePackage('b', '@t/later', blockSource('beta'), { blockApiVersion: 'one' });
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(
      /^Block package @t\/later declares "blocksmith": \{ "blockApiVersion": "one" \} in its package\.json/,
    );
  });

  it('fails start-up on a block made with a block SDK of an API it does not serve', () => {
    writePackage(
      'a',
      '@t/stamped',
      `${blockSource('alpha')}\nexports.block = { ...exports.block, blockApiVersion: 2 };`,
    );
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(
      'Block package @t/stamped is built for block API version 2 (its block "alpha" was made with a block SDK of that version)',
    );
  });

  it('every repository block package declares the block API version it is built for', () => {
    const folders = readdirSync(DEFAULT_BLOCKS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const manifest = JSON.parse(
        readFileSync(path.join(DEFAULT_BLOCKS_DIR, folder.name, 'package.json'), 'utf8'),
      ) as BlockPackageManifest;
      expect([folder.name, manifestApiVersion(manifest)]).toEqual([folder.name, BLOCK_API_VERSION]);
    }
  });

  it('refuses two packages declaring the same kind', () => {
    writePackage('a', '@t/one', blockSource('same'));
    writePackage('b', '@t/two', blockSource('same'));
    expect(() => loadBlockPackages(dir, { entry: 'dist' })).toThrow(
      'Block kind "same" is defined twice: by @t/one and by @t/two.',
    );
  });
});
