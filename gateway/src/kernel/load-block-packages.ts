import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  exportedBlocks,
  manifestApiProblem,
  type AnyBlockDefinition,
  type BlockPackageManifest,
} from '@blocksmith/block-sdk';
import { BlockRegistrationError, BlockRegistry } from './block-registry';

export interface LoadOptions {
  /** `dist` loads built packages (the server); `src` loads TypeScript sources (tests, dev tools). */
  entry: 'dist' | 'src';
}

export function definitionsOf(moduleExports: unknown, packageName: string): AnyBlockDefinition[] {
  const definitions = exportedBlocks(moduleExports);
  if (definitions) return definitions;
  throw new BlockRegistrationError(
    `Block package ${packageName} exports no block: its index must export \`block\` (or a \`blocks\` list).`,
  );
}

/**
 * Finds every package under `blocksDir` (one folder each, with a package.json), loads it and
 * registers its blocks. Adding a folder and restarting is all it takes for a block to appear. A
 * package built for a block API this server does not serve (its package.json
 * `"blocksmith": { "blockApiVersion": n }`, checked before its code loads, or the version its
 * definitions were made with) fails start-up, as any other broken package here does.
 */
export function loadBlockPackages(blocksDir: string, options: LoadOptions): BlockRegistry {
  const registry = new BlockRegistry();
  const folders = readdirSync(blocksDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(blocksDir, d.name, 'package.json')))
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const dir = path.join(blocksDir, folder);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as BlockPackageManifest;
    const packageName = typeof manifest.name === 'string' ? manifest.name : `blocks/${folder}`;
    const unserved = manifestApiProblem(manifest, packageName);
    if (unserved) throw new BlockRegistrationError(unserved);
    const entryFile =
      options.entry === 'src' ? path.join(dir, 'src', 'index.ts') : path.join(dir, 'dist', 'index.js');
    if (!existsSync(entryFile)) {
      throw new BlockRegistrationError(
        options.entry === 'dist'
          ? `Block package ${packageName} is not built (no dist/index.js): run \`npm run build\`.`
          : `Block package ${packageName} has no src/index.ts.`,
      );
    }
    let moduleExports: unknown;
    try {
      moduleExports = require(entryFile);
    } catch (error) {
      throw new BlockRegistrationError(
        `Block package ${packageName} failed to load: ${(error as Error).message}`,
      );
    }
    for (const definition of definitionsOf(moduleExports, packageName))
      registry.register(definition, packageName);
  }
  return registry;
}

/** The product's root folder: its package.json and node_modules. */
export const PRODUCT_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The repository's own blocks/ folder. */
export const DEFAULT_BLOCKS_DIR = path.join(PRODUCT_ROOT, 'blocks');
