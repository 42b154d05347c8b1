import type { PluginInstance, Position } from './app';
import { BLOCK_SPACING } from './canvas';

/** The x positions of the three columns the built-in templates place blocks on. */
export const TEMPLATE_COLUMNS = [100, 400, 700] as const;

function within(a: Position, b: Position, spacing: number): boolean {
  return Math.abs(a.x - b.x) < spacing && Math.abs(a.y - b.y) < spacing;
}

/**
 * When a template loads, a block closer than `spacing` in both x and y (strictly: exactly
 * `spacing` apart counts as spaced) to the previous block in list order is moved to `spacing`
 * below that block, keeping its x. "Close" is measured against the previous block both where it
 * was placed and where it was moved to, so a stack of blocks on one spot fans out downwards and a
 * moved block cannot land on the next one unnoticed. Returns new plugins; the input is untouched.
 */
export function spaceTemplateBlocks(
  plugins: readonly PluginInstance[],
  spacing: number = BLOCK_SPACING,
): PluginInstance[] {
  const spaced: PluginInstance[] = [];
  plugins.forEach((plugin, index) => {
    const placed = plugins[index - 1]?.position;
    const moved = spaced[index - 1]?.position;
    const tooClose =
      placed !== undefined &&
      moved !== undefined &&
      (within(plugin.position, placed, spacing) || within(plugin.position, moved, spacing));
    const position = tooClose ? { x: plugin.position.x, y: moved.y + spacing } : { ...plugin.position };
    spaced.push({ ...plugin, position });
  });
  return spaced;
}
