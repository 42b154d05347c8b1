import { isPlainObject } from './plain-object';

describe('isPlainObject', () => {
  it('accepts object literals and null-prototype objects', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject({ a: 1 })).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
  });

  it.each([[null], [undefined], [[]], ['text'], [3], [new Date(0)], [new Map()]])('rejects %p', (value) => {
    expect(isPlainObject(value)).toBe(false);
  });
});
