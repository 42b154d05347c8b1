import { formatToolRefs, parseToolRefs, toggleToolRef } from './tool-refs';

describe('tool refs', () => {
  it('reads ids and slugs separated by commas, spaces or lines, without blanks or repeats', () => {
    expect(parseToolRefs(' app_1, city-facts,,\nweather  app_1 ')).toEqual([
      'app_1',
      'city-facts',
      'weather',
    ]);
    expect(parseToolRefs('')).toEqual([]);
    expect(parseToolRefs(undefined)).toEqual([]);
    expect(parseToolRefs(42)).toEqual([]);
  });

  it('adds a ref at the end and takes out one that is there', () => {
    expect(toggleToolRef('', 'a')).toBe('a');
    expect(toggleToolRef('a', 'b')).toBe('a, b');
    expect(toggleToolRef('a, b, c', 'b')).toBe('a, c');
    expect(toggleToolRef('a,,b', 'a')).toBe('b');
    expect(formatToolRefs([])).toBe('');
  });
});
