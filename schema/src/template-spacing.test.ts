import type { PluginInstance } from './app';
import { TEMPLATE_COLUMNS, spaceTemplateBlocks } from './template-spacing';
import { deepFreeze, plugin } from './testing/app-builders';

const at = (id: string, x: number, y: number): PluginInstance =>
  plugin(id, 'textInput', { position: { x, y } });
const positions = (plugins: PluginInstance[]) => plugins.map((p) => [p.position.x, p.position.y]);

describe('spaceTemplateBlocks', () => {
  it('leaves well-spaced blocks where they are', () => {
    const input = [at('a', 100, 100), at('b', 400, 100), at('c', 100, 220)];
    expect(positions(spaceTemplateBlocks(input))).toEqual([
      [100, 100],
      [400, 100],
      [100, 220],
    ]);
  });

  it('pushes a block close to the previous one to 120 below it', () => {
    expect(positions(spaceTemplateBlocks([at('a', 100, 100), at('b', 150, 130)]))).toEqual([
      [100, 100],
      [150, 220],
    ]);
  });

  it('also pushes a block that sits just above the previous one', () => {
    expect(positions(spaceTemplateBlocks([at('a', 100, 100), at('b', 100, 10)]))).toEqual([
      [100, 100],
      [100, 220],
    ]);
  });

  it('cascades through a stack of overlapping blocks', () => {
    const stack = [at('a', 100, 100), at('b', 100, 100), at('c', 100, 100)];
    expect(positions(spaceTemplateBlocks(stack))).toEqual([
      [100, 100],
      [100, 220],
      [100, 340],
    ]);
  });

  it('checks the moved position of the previous block too', () => {
    expect(positions(spaceTemplateBlocks([at('a', 0, 0), at('b', 0, 0), at('c', 0, 200)]))).toEqual([
      [0, 0],
      [0, 120],
      [0, 240],
    ]);
  });

  it('treats exactly 120 apart as spaced, and only checks the previous block', () => {
    expect(positions(spaceTemplateBlocks([at('a', 0, 0), at('b', 0, 120)]))).toEqual([
      [0, 0],
      [0, 120],
    ]);
    expect(positions(spaceTemplateBlocks([at('a', 0, 0), at('b', 500, 0), at('c', 10, 10)]))).toEqual([
      [0, 0],
      [500, 0],
      [10, 10],
    ]);
  });

  it('honours a custom spacing', () => {
    expect(positions(spaceTemplateBlocks([at('a', 0, 0), at('b', 50, 50)], 40))).toEqual([
      [0, 0],
      [50, 50],
    ]);
    expect(positions(spaceTemplateBlocks([at('a', 0, 0), at('b', 30, 30)], 40))).toEqual([
      [0, 0],
      [30, 40],
    ]);
  });

  it('returns new plugins and never mutates', () => {
    const input = deepFreeze([at('a', 0, 0), at('b', 0, 0)]);
    const output = spaceTemplateBlocks(input);
    expect(output[0]).not.toBe(input[0]);
    expect(output[0]?.position).not.toBe(input[0]?.position);
    expect(output[1]).toEqual({ ...input[1], position: { x: 0, y: 120 } });
    expect(spaceTemplateBlocks([])).toEqual([]);
  });
});

describe('TEMPLATE_COLUMNS', () => {
  it('is the 100/400/700 grid', () => {
    expect(TEMPLATE_COLUMNS).toEqual([100, 400, 700]);
  });
});
