import { columnNames, looksLikeHeader } from './column-names';

describe('looksLikeHeader', () => {
  it('takes filled, distinct names for a header', () => {
    expect(looksLikeHeader(['name', 'email', 'Signed up'])).toBe(true);
  });

  it('takes a row with a number, a date, an amount, a blank or a repeat for data', () => {
    expect(looksLikeHeader(['Ada', '36'])).toBe(false);
    expect(looksLikeHeader(['Ada', '2024-01-15'])).toBe(false);
    expect(looksLikeHeader(['Ada', '$1,200.50'])).toBe(false);
    expect(looksLikeHeader(['Ada', 12])).toBe(false);
    expect(looksLikeHeader(['Ada', ''])).toBe(false);
    expect(looksLikeHeader(['Name', 'name'])).toBe(false);
    expect(looksLikeHeader([])).toBe(false);
  });
});

describe('columnNames', () => {
  it('names blank and repeated columns uniquely, and numbers them without a header', () => {
    expect(columnNames(['id', '', 'id', 'id'], 5)).toEqual([
      'id',
      'Column 2',
      'id (2)',
      'id (3)',
      'Column 5',
    ]);
    expect(columnNames(null, 2)).toEqual(['Column 1', 'Column 2']);
  });
});
