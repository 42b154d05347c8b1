import { BlockOverrunError } from '@blocksmith/block-sdk';
import { CODE_LIMITS } from './code';
import { idleInstances } from './engine-instances';
import { runInSandbox, type SandboxLimits } from './run-in-sandbox';

function script(body: string, limits: Partial<SandboxLimits> = {}): Promise<unknown> {
  return runInSandbox({
    body,
    input: null,
    inputs: {},
    limits: { ...CODE_LIMITS, ...limits },
    signal: new AbortController().signal,
    onLog: () => undefined,
  });
}

describe('engine instances', () => {
  it('keeps the instance of a script that ended cleanly for the next script', async () => {
    await script('return 1;');
    expect(idleInstances()).toBe(1);
    await script('throw new Error("its own failure");').catch(() => undefined);
    expect(idleInstances()).toBe(1);
  });

  it('gives each script on a kept instance fresh globals, prototypes and symbols', async () => {
    await script(`
      globalThis.left = 'secret';
      Array.prototype.push = () => 'changed';
      JSON.stringify = () => '"changed"';
      globalThis.kept = Symbol.for('kept');
      return 1;`);
    expect(idleInstances()).toBe(1);
    await expect(
      script(`
        const list = [];
        list.push(1);
        return [typeof left, list.length, Symbol.keyFor(Symbol.for('other')), typeof kept];`),
    ).resolves.toEqual(['undefined', 1, 'other', 'undefined']);
  });

  it('drops the instance of a script stopped at its time limit', async () => {
    await script('return 1;');
    expect(idleInstances()).toBe(1);
    const error = await script('while (true) {}', { timeMs: 200 }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BlockOverrunError);
    expect(idleInstances()).toBe(0);
  });

  it('drops the instance of a script that filled the memory, and the next script has all of it', async () => {
    const fill = 'const parts = []; for (;;) parts.push("x".repeat(1024) + parts.length);';
    await expect(script(fill, { timeMs: 30_000 })).rejects.toThrow(
      'The code needed more than 64 MB of memory',
    );
    expect(idleInstances()).toBe(0);
    // A script needing about 40 MB runs on a new instance.
    await expect(
      script('const big = "y".repeat(20 * 1024 * 1024); return big.length;', { timeMs: 30_000 }),
    ).resolves.toBe(20 * 1024 * 1024);
  }, 60_000);

  it('drops an instance a script left mostly full, even when it succeeded', async () => {
    await script('return 1;');
    expect(idleInstances()).toBe(1);
    // A 40 MB string grows the memory past half the 64 MB cap.
    await expect(script('return "y".repeat(40 * 1024 * 1024).length;', { timeMs: 30_000 })).resolves.toBe(
      40 * 1024 * 1024,
    );
    expect(idleInstances()).toBe(0);
  }, 60_000);
});
