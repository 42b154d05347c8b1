import type { AnyBlockDefinition } from './block-definition';

/** The keyword Blocksmith looks for among installed npm packages. */
export const BLOCK_PACKAGE_KEYWORD = 'blocksmith-block';

/**
 * The blocks a block package's entry exports: `block`, or a `blocks` list; null when it exports
 * neither. The server loads packages by the same rule.
 */
export function exportedBlocks(moduleExports: unknown): AnyBlockDefinition[] | null {
  const exports = (moduleExports ?? {}) as { block?: unknown; blocks?: unknown };
  if (exports.block !== undefined) return [exports.block as AnyBlockDefinition];
  if (Array.isArray(exports.blocks)) return exports.blocks as AnyBlockDefinition[];
  return null;
}
