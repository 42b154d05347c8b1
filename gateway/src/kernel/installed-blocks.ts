import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  BLOCK_PACKAGE_KEYWORD,
  manifestApiProblem,
  type AnyBlockDefinition,
  type BlockPackageManifest,
} from '@blocksmith/block-sdk';
import type { BlockRegistry } from './block-registry';
import { definitionsOf } from './load-block-packages';

interface Manifest extends BlockPackageManifest {
  keywords?: unknown;
}

function readManifest(dir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Package folders directly under node_modules, scoped ones (`@scope/name`) included. */
function packageFolders(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const folders: string[] = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const dir = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const inner of readdirSync(dir, { withFileTypes: true }))
        if (inner.isDirectory() || inner.isSymbolicLink()) folders.push(path.join(dir, inner.name));
    } else if (entry.isDirectory() || entry.isSymbolicLink()) {
      folders.push(dir);
    }
  }
  return folders;
}

/** An installed block package that was not loaded, and why (a sentence naming it). */
export interface RefusedPackage {
  packageName: string;
  reason: string;
}

export interface InstalledBlocks {
  /** Package names whose blocks were registered. */
  loaded: string[];
  refused: RefusedPackage[];
}

/**
 * Loads block packages installed with npm beside the repository's own `blocks/`: every package in
 * `<root>/node_modules` whose package.json has the keyword `blocksmith-block`, and every package
 * named in `named` (BLOCK_PACKAGES: names, or paths to package folders). Packages that are the
 * repository's own blocks (workspace links into `ownBlocksDir`) are skipped: they are loaded from
 * there. A package built for a block API this server does not serve (declared in its package.json,
 * checked before its code loads, or stamped on its definitions by its block SDK), one that fails to
 * load, exports no block, declares an invalid block or a kind already taken is refused by name,
 * with the reason, and registers nothing; the others load.
 */
export function loadInstalledBlocks(
  registry: BlockRegistry,
  options: { root: string; named: readonly string[]; ownBlocksDir: string },
): InstalledBlocks {
  const result: InstalledBlocks = { loaded: [], refused: [] };
  const own = existsSync(options.ownBlocksDir) ? realpathSync(options.ownBlocksDir) + path.sep : null;
  const candidates = new Map<string, string>();
  for (const dir of packageFolders(path.join(options.root, 'node_modules'))) {
    const manifest = readManifest(dir);
    const keywords = Array.isArray(manifest?.keywords) ? manifest.keywords : [];
    if (!keywords.includes(BLOCK_PACKAGE_KEYWORD)) continue;
    candidates.set(
      realpathSync(dir),
      typeof manifest?.name === 'string' ? manifest.name : path.basename(dir),
    );
  }
  const requireFromRoot = createRequire(path.join(options.root, 'package.json'));
  for (const name of options.named) {
    const dir = namedPackageDir(name, options.root, requireFromRoot);
    if (dir === null) {
      result.refused.push({
        packageName: name,
        reason: `Block package ${name} is named in BLOCK_PACKAGES but is not installed: npm install it first.`,
      });
      continue;
    }
    const manifest = readManifest(dir);
    candidates.set(realpathSync(dir), typeof manifest?.name === 'string' ? manifest.name : name);
  }
  for (const [dir, packageName] of [...candidates].sort(([, a], [, b]) => a.localeCompare(b))) {
    if (own && dir.startsWith(own)) continue;
    const reason = loadOne(registry, dir, packageName);
    if (reason === null) result.loaded.push(packageName);
    else result.refused.push({ packageName, reason });
  }
  return result;
}

/** The folder of a package named in BLOCK_PACKAGES: a path to it, or its name as installed. */
function namedPackageDir(name: string, root: string, requireFromRoot: NodeJS.Require): string | null {
  const asPath = path.resolve(root, name);
  if ((name.startsWith('.') || path.isAbsolute(name)) && existsSync(path.join(asPath, 'package.json'))) {
    return asPath;
  }
  try {
    return path.dirname(requireFromRoot.resolve(`${name}/package.json`));
  } catch {
    const installed = path.join(root, 'node_modules', name);
    return existsSync(path.join(installed, 'package.json')) ? installed : null;
  }
}

/** Registers the blocks of the package in `dir`, all or none; answers why not, or null. */
function loadOne(registry: BlockRegistry, dir: string, packageName: string): string | null {
  const unserved = manifestApiProblem(readManifest(dir) ?? {}, packageName);
  if (unserved) return unserved;
  let moduleExports: unknown;
  try {
    moduleExports = createRequire(path.join(dir, 'package.json'))(dir);
  } catch (error) {
    return `Block package ${packageName} failed to load: ${(error as Error).message}`;
  }
  let definitions: AnyBlockDefinition[];
  try {
    definitions = definitionsOf(moduleExports, packageName);
  } catch (error) {
    return (error as Error).message;
  }
  for (const definition of definitions) {
    const problem = registry.problemOf(definition, packageName);
    if (problem) return problem;
  }
  const kinds = definitions.map((definition) => definition.kind);
  const twice = kinds.find((kind, i) => kinds.indexOf(kind) !== i);
  if (twice !== undefined) return `Block package ${packageName} defines the block kind "${twice}" twice.`;
  for (const definition of definitions) registry.register(definition, packageName);
  return null;
}
