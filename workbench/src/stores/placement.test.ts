import { BLOCK_SPACING } from '@blocksmith/schema';
import { COLUMN_STEP, DEFAULT_SIZE, findFreeSpot, freeOffset, isFree } from './placement';

const block = (x: number, y: number) => ({ x, y, ...DEFAULT_SIZE });

describe('placement', () => {
  it('takes the start when it is free, else the next free row, then the next column', () => {
    expect(findFreeSpot({ x: 100, y: 100 }, [])).toEqual({ x: 100, y: 100 });
    expect(findFreeSpot({ x: 100, y: 100 }, [block(100, 100)])).toEqual({ x: 100, y: 100 + BLOCK_SPACING });
    const column = Array.from({ length: 12 }, (_, row) => block(100, 100 + row * BLOCK_SPACING));
    expect(findFreeSpot({ x: 100, y: 100 }, column)).toEqual({ x: 100 + COLUMN_STEP, y: 100 });
  });

  it('keeps a margin around blocks', () => {
    expect(isFree(block(100 + DEFAULT_SIZE.width + 4, 100), [block(100, 100)])).toBe(false);
    expect(isFree(block(100 + DEFAULT_SIZE.width + 40, 100), [block(100, 100)])).toBe(true);
  });

  it('moves a group diagonally until none of it lands on a block', () => {
    expect(freeOffset([block(500, 500)], [block(100, 100)])).toEqual({ x: 0, y: 0 });
    const offset = freeOffset([block(100, 100), block(400, 100)], [block(100, 100), block(400, 100)]);
    expect(offset.x).toBeGreaterThan(0);
    expect(offset.y).toBeGreaterThanOrEqual(DEFAULT_SIZE.height);
  });
});
