import type { BlockFlow } from './flow-structure';
import { formatCredits, runCost, runCostRange } from './run-cost';
import { config, plugin } from './testing/app-builders';

const isAi = (type: string) =>
  ['textGeneration', 'imageGenerator', 'classification', 'mystery'].includes(type);
const app = config([
  plugin('i', 'textInput'),
  plugin('t', 'textGeneration'),
  plugin('g', 'imageGenerator'),
  plugin('c', 'classification'),
  plugin('o', 'textDisplay'),
]);

describe('runCost', () => {
  it('sums the cost of each AI block kind', () => {
    expect(
      runCost(app, { textGeneration: 1, imageGenerator: 5, classification: 2, textInput: 9 }, isAi),
    ).toBe(8);
  });

  it('falls back to the default cost for kinds without a cost', () => {
    expect(runCost(app, { textGeneration: 1, default: 3 }, isAi)).toBe(7);
  });

  it('falls back to 1 when there is no default either', () => {
    expect(runCost(app, {}, isAi)).toBe(3);
    expect(runCost(app, { imageGenerator: 5 }, isAi)).toBe(7);
  });

  it('counts a cost of 0 as free, and ignores non-finite or inherited values', () => {
    expect(runCost(app, { textGeneration: 0, imageGenerator: 0, classification: 0, default: 4 }, isAi)).toBe(
      0,
    );
    expect(runCost(app, { textGeneration: NaN, default: 2 }, isAi)).toBe(6);
    expect(runCost(config([plugin('m', 'constructor')]), {}, () => true)).toBe(1);
  });

  it('is 0 for an app without AI blocks', () => {
    expect(runCost(config([plugin('i', 'textInput')]), { default: 5 }, isAi)).toBe(0);
    expect(runCost(config([]), {}, isAi)).toBe(0);
  });
});

describe('formatCredits', () => {
  it('writes N credit(s)', () => {
    expect(formatCredits(1)).toBe('1 credit(s)');
    expect(formatCredits(0)).toBe('0 credit(s)');
    expect(formatCredits(12)).toBe('12 credit(s)');
  });
});

describe('runCostRange', () => {
  const flows: Record<string, BlockFlow> = {
    condition: { routes: { ports: ['true', 'false'] } },
    forEach: { loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' } },
    collect: { endsLoop: true },
  };
  const flowOf = (type: string) => flows[type];
  const isFlowOrAi = (type: string) => isAi(type) || type in flows;
  const costs = {
    textGeneration: 1,
    imageGenerator: 5,
    classification: 2,
    condition: 0,
    forEach: 0,
    collect: 0,
  };
  const link = (from: string, to: string) => ({
    id: `${from}-${to}`,
    from,
    to,
    fromPort: 'output',
    toPort: 'input',
  });

  it('is runCost at both ends for an app without routes or loops', () => {
    expect(runCostRange(app, costs, isAi, { flowOf })).toEqual({ min: 8, max: 8 });
  });

  it("adds what each AI block's model adds to its price", () => {
    const modelCredits = (plugin: { type: string }) => (plugin.type === 'imageGenerator' ? 3 : 0);
    expect(runCostRange(app, costs, isAi, { flowOf, modelCredits })).toEqual({ min: 11, max: 11 });
  });

  it('charges up front only what every run pays: blocks after a route may be skipped', () => {
    const routed = config(
      [
        plugin('t', 'textGeneration'),
        plugin('if', 'condition'),
        plugin('g', 'imageGenerator'),
        plugin('c', 'classification'),
      ],
      [link('t', 'if'), link('if', 'g'), link('if', 'c')],
    );
    expect(runCostRange(routed, costs, isFlowOrAi, { flowOf })).toEqual({ min: 1, max: 8 });
  });

  it('counts the blocks of a loop once per item, up to the maximum, and nested loops multiply', () => {
    const looped = config(
      [
        plugin('t', 'textGeneration'),
        plugin('each', 'forEach', { settings: { max_items: 10 } }),
        plugin('c', 'classification'),
        plugin('inner', 'forEach'),
        plugin('g', 'imageGenerator'),
        plugin('innerEnd', 'collect'),
        plugin('end', 'collect'),
      ],
      [
        link('t', 'each'),
        link('each', 'c'),
        link('c', 'inner'),
        link('inner', 'g'),
        link('g', 'innerEnd'),
        link('innerEnd', 'end'),
      ],
    );
    const settingDefault = (type: string, key: string) =>
      type === 'forEach' && key === 'max_items' ? 3 : undefined;
    expect(runCostRange(looped, costs, isFlowOrAi, { flowOf, settingDefault })).toEqual({
      min: 1,
      max: 1 + 10 * 2 + 10 * 3 * 5,
    });
    expect(runCostRange(looped, costs, isFlowOrAi, { flowOf })).toEqual({ min: 1, max: 21 });
  });
});
