import { sandboxThreads } from './sandbox-threads';

const GB = 1024 * 1024 * 1024;

describe('sandboxThreads', () => {
  it('runs one thread per core while a quarter of the memory holds them', () => {
    expect(sandboxThreads({}, { cores: 8, memoryBytes: 16 * GB })).toBe(8);
    expect(sandboxThreads({}, { cores: 64, memoryBytes: 16 * GB })).toBe(32);
  });

  it('runs fewer threads than cores when memory is short, but never fewer than two', () => {
    expect(sandboxThreads({}, { cores: 16, memoryBytes: 2 * GB })).toBe(4);
    expect(sandboxThreads({}, { cores: 1, memoryBytes: 512 * 1024 * 1024 })).toBe(2);
  });

  it('takes CODE_SANDBOX_THREADS when set, and refuses a value that is not a count', () => {
    expect(sandboxThreads({ CODE_SANDBOX_THREADS: '6' }, { cores: 2, memoryBytes: GB })).toBe(6);
    expect(() => sandboxThreads({ CODE_SANDBOX_THREADS: 'many' })).toThrow(
      'CODE_SANDBOX_THREADS must be a whole number from 1 to 256 (got "many").',
    );
    expect(() => sandboxThreads({ CODE_SANDBOX_THREADS: '0' })).toThrow(/from 1 to 256/);
  });
});
