import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScriptError, type SandboxRun } from './run-in-sandbox';
import { GRACE_MS, SandboxPool } from './sandbox-pool';

/** A worker that never answers (its thread is stuck), and one that dies on its first job. */
const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-pool-'));
const silent = path.join(dir, 'silent.js');
writeFileSync(silent, "require('node:worker_threads').parentPort.on('message', () => {});");
const dying = path.join(dir, 'dying.js');
writeFileSync(dying, "require('node:worker_threads').parentPort.on('message', () => process.exit(3));");

function job(timeMs: number): SandboxRun {
  return {
    body: 'return 1;',
    input: null,
    inputs: {},
    limits: {
      timeMs,
      memoryBytes: 16 * 1024 * 1024,
      stackBytes: 256 * 1024,
      resultChars: 100,
      logChars: 100,
    },
    signal: new AbortController().signal,
    onLog: () => undefined,
  };
}

describe('SandboxPool', () => {
  it('ends a thread that does not answer within the time limit and the grace period', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const pool = new SandboxPool(silent, 1);
    try {
      const answer = pool.run(job(1000)).catch((error: unknown) => error);
      jest.advanceTimersByTime(1000 + GRACE_MS);
      const error = await answer;
      expect(error).toBeInstanceOf(ScriptError);
      expect((error as Error).message).toBe('The code ran longer than 1 second and was stopped.');
    } finally {
      jest.useRealTimers();
      await pool.close();
    }
  });

  it('fails the script of a thread that dies, and starts another thread for the next', async () => {
    const pool = new SandboxPool(dying, 1);
    try {
      await expect(pool.run(job(1000))).rejects.toThrow('the code sandbox stopped unexpectedly');
      await expect(pool.run(job(1000))).rejects.toThrow('the code sandbox stopped unexpectedly');
    } finally {
      await pool.close();
    }
  });
});
