import { parseCategories } from './parse-categories';

describe('parseCategories', () => {
  it('splits at commas, trims, and drops blanks and repeats ignoring case', () => {
    expect(parseCategories(' Sales,support ,, SALES , Other,')).toEqual(['Sales', 'support', 'Other']);
  });

  it('returns nothing for a blank setting', () => {
    expect(parseCategories(' , ')).toEqual([]);
  });
});
