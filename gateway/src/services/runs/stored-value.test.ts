import { cutValue, MAX_STORED_CHARS } from './stored-value';

describe('cutValue', () => {
  it('keeps what fits, as it is', () => {
    const table = { columns: ['a'], rows: [{ a: 1 }, { a: 'two' }] };
    expect(cutValue('short')).toEqual({ value: 'short', cut: false });
    expect(cutValue(table)).toEqual({ value: table, cut: false });
    expect(cutValue(42)).toEqual({ value: 42, cut: false });
    expect(cutValue(null)).toEqual({ value: null, cut: false });
  });

  it('cuts a long text at the budget, 20,000 characters unless told', () => {
    expect(cutValue('x'.repeat(MAX_STORED_CHARS + 1))).toEqual({
      value: 'x'.repeat(MAX_STORED_CHARS),
      cut: true,
    });
    expect(cutValue('abcdef', 4)).toEqual({ value: 'abcd', cut: true });
  });

  it('never cuts between the two halves of an emoji', () => {
    expect(cutValue(`${'a'.repeat(MAX_STORED_CHARS - 1)}😀😀`)).toEqual({
      value: 'a'.repeat(MAX_STORED_CHARS - 1),
      cut: true,
    });
    expect(cutValue(['aaa😀', 'b'], 4)).toEqual({ value: ['aaa'], cut: true });
  });

  it('keeps a list’s and an object’s first entries while they fit, keeping the shape', () => {
    expect(cutValue(['aaaa', 'bbbb', 'cccc'], 10)).toEqual({ value: ['aaaa', 'bbbb', 'cc'], cut: true });
    expect(cutValue({ rows: ['aaaa', 'bbbb'], after: 'zz' }, 9)).toEqual({
      value: { rows: ['aaaa', 'b'] },
      cut: true,
    });
  });
});
