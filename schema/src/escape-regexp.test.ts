import { escapeRegExp } from './escape-regexp';

describe('escapeRegExp', () => {
  it('matches every character literally', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p';
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
    expect(new RegExp(`^${escapeRegExp('a.b')}$`).test('axb')).toBe(false);
  });
});
