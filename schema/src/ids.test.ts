import { newConnectionId, newPluginId, randomIdPart } from './ids';

describe('randomIdPart', () => {
  it('maps each random draw to one base-36 character', () => {
    expect(randomIdPart(() => 0)).toBe('000000000');
    expect(randomIdPart(() => 0.9999)).toBe('zzzzzzzzz');
    const draws = [0, 10 / 36, 35 / 36, 0.5, 0, 0, 0, 0, 0];
    let i = 0;
    expect(randomIdPart(() => draws[i++] ?? 0)).toBe('0azi00000');
  });

  it('stays within the alphabet when a random source misbehaves', () => {
    expect(randomIdPart(() => 1)).toBe('zzzzzzzzz');
    expect(randomIdPart(() => -0.5)).toBe('000000000');
  });

  it('uses Math.random by default', () => {
    expect(randomIdPart()).toMatch(/^[0-9a-z]{9}$/);
  });
});

describe('newPluginId', () => {
  it('is plugin_{time}_{random}', () => {
    expect(newPluginId(1700000000000, () => 0)).toBe('plugin_1700000000000_000000000');
  });

  it('defaults to the current time and Math.random', () => {
    const before = Date.now();
    const id = newPluginId();
    const match = /^plugin_(\d+)_([0-9a-z]{9})$/.exec(id);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(before);
  });
});

describe('newConnectionId', () => {
  it('is conn_{time}_{random}', () => {
    expect(newConnectionId(42, () => 0.9999)).toBe('conn_42_zzzzzzzzz');
  });

  it('defaults to the current time and Math.random', () => {
    expect(newConnectionId()).toMatch(/^conn_\d+_[0-9a-z]{9}$/);
  });
});
