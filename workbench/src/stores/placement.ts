import { BLOCK_SPACING, NODE_HEIGHT, NODE_WIDTH, type Position } from '@blocksmith/schema';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Space kept free around a block, so two blocks never touch. */
export const PLACEMENT_MARGIN = 24;
/** How far to the right of the selected block a block added by click goes (the templates' column step). */
export const COLUMN_STEP = 300;

export const DEFAULT_SIZE = { width: NODE_WIDTH, height: NODE_HEIGHT } as const;

function overlaps(a: Rect, b: Rect, margin: number): boolean {
  return (
    a.x < b.x + b.width + margin &&
    b.x < a.x + a.width + margin &&
    a.y < b.y + b.height + margin &&
    b.y < a.y + a.height + margin
  );
}

/** Whether `rect` keeps clear of every one of `taken`. */
export function isFree(rect: Rect, taken: readonly Rect[], margin: number = PLACEMENT_MARGIN): boolean {
  return taken.every((other) => !overlaps(rect, other, margin));
}

/**
 * The first place at or near `start` where a block of `size` keeps clear of `taken`: straight
 * down from `start` a block spacing at a time, then the same in the next columns to the right.
 * Gives `start` back when nothing in the search area is free.
 */
export function findFreeSpot(
  start: Position,
  taken: readonly Rect[],
  size: { width: number; height: number } = DEFAULT_SIZE,
  options: { rows?: number; columns?: number } = {},
): Position {
  const rows = options.rows ?? 12;
  const columns = options.columns ?? 4;
  for (let column = 0; column < columns; column += 1) {
    for (let row = 0; row < rows; row += 1) {
      const spot = { x: start.x + column * COLUMN_STEP, y: start.y + row * BLOCK_SPACING };
      if (isFree({ ...spot, ...size }, taken)) return spot;
    }
  }
  return start;
}

/**
 * How far to move a group of blocks (`group`, e.g. pasted ones) so that none of them lands on
 * `taken`: nothing when they are clear already, else diagonal steps of `step` until they are.
 */
export function freeOffset(
  group: readonly Rect[],
  taken: readonly Rect[],
  step: number = 40,
  tries: number = 60,
): Position {
  for (let i = 0; i < tries; i += 1) {
    const d = i * step;
    if (group.every((rect) => isFree({ ...rect, x: rect.x + d, y: rect.y + d }, taken, 0)))
      return { x: d, y: d };
  }
  return { x: tries * step, y: tries * step };
}
