import { parseDropdownOptions } from './dropdown';

describe('parseDropdownOptions', () => {
  it('splits at commas and trims', () => {
    expect(parseDropdownOptions(' Red, Green ,Blue')).toEqual(['Red', 'Green', 'Blue']);
  });

  it('drops empty and blank options', () => {
    expect(parseDropdownOptions('a,, ,b,')).toEqual(['a', 'b']);
  });

  it('gives no options for an empty or blank string', () => {
    expect(parseDropdownOptions('')).toEqual([]);
    expect(parseDropdownOptions('  ,  ')).toEqual([]);
  });

  it('keeps a single option without commas and keeps duplicates', () => {
    expect(parseDropdownOptions('Only')).toEqual(['Only']);
    expect(parseDropdownOptions('x, x')).toEqual(['x', 'x']);
  });
});
