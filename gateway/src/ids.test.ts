import { isUuid, timeOrderedUuid } from './ids';

describe('ids', () => {
  it('makes version 7 UUIDs that sort by the millisecond they were made', () => {
    const at = Date.UTC(2026, 10, 29, 4, 30);
    const id = timeOrderedUuid(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    const ids = Array.from({ length: 50 }, (_, i) => timeOrderedUuid(at + i * 1000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedUuid(at))).size).toBe(1000);
  });

  it('takes only what can name a row', () => {
    expect(isUuid('0195fd2e-8a3b-7c1d-9e2f-0a1b2c3d4e5f')).toBe(true);
    expect(isUuid('not an id')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
