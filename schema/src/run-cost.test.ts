import { formatCredits, runCost } from './run-cost';
import { config, plugin } from './test-fixtures';

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
