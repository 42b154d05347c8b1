import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlockOverrunError } from '@blocksmith/block-sdk';
import { ScriptError } from './run-in-sandbox';
import { CUT_AFTER_MS, START_GRACE_MS, SandboxPool, type PoolRun } from './sandbox-pool';

/**
 * Workers standing in for the sandbox: one that never answers (its engine never loads), one that
 * starts the script's clock and then never answers (stuck in something the engine's clock does not
 * interrupt), one that dies on its first job, and one that answers every script with its body at
 * once, except `hang`, which holds its thread until the thread is ended.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-pool-'));
const worker = (name: string, onMessage: string) => {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `const port = require('node:worker_threads').parentPort;\nport.on('message', ${onMessage});`,
  );
  return file;
};
const silent = worker('silent.js', '() => {}');
const stuck = worker('stuck.js', '(job) => port.postMessage({ id: job.id, started: true })');
const dying = worker('dying.js', '() => process.exit(3)');
const scripted = worker(
  'scripted.js',
  `(job) => {
    port.postMessage({ id: job.id, started: true });
    if (job.body !== 'hang') port.postMessage({ id: job.id, result: JSON.stringify(job.body) });
  }`,
);

function job(
  timeMs: number,
  account = 'ann',
  body = 'return 1;',
  signal = new AbortController().signal,
): PoolRun {
  return {
    account,
    body,
    input: null,
    inputs: {},
    limits: {
      timeMs,
      memoryBytes: 16 * 1024 * 1024,
      stackBytes: 256 * 1024,
      resultChars: 100,
      logChars: 100,
      logLines: 10,
    },
    signal,
    onLog: () => undefined,
  };
}

describe('SandboxPool', () => {
  it('ends a thread whose engine does not load within the grace period, without blaming the script', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const pool = new SandboxPool(silent, { threads: 1 });
    try {
      const answer = pool.run(job(1000)).catch((error: unknown) => error);
      jest.advanceTimersByTime(START_GRACE_MS);
      const error = await answer;
      expect(error).not.toBeInstanceOf(ScriptError);
      expect((error as Error).message).toBe('the code sandbox did not start within 5 seconds');
    } finally {
      jest.useRealTimers();
      await pool.close();
    }
  });

  it('ends a thread soon after its script passes the time limit, charging the time used', async () => {
    const pool = new SandboxPool(stuck, { threads: 1 });
    try {
      const error: unknown = await pool.run(job(200)).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(BlockOverrunError);
      expect((error as BlockOverrunError).message).toBe(
        'The code ran longer than 0.2 seconds and was stopped.',
      );
      expect((error as BlockOverrunError).usedMs).toBeGreaterThanOrEqual(200 + CUT_AFTER_MS);
      // Well before the limit plus the grace the engine's loading is allowed.
      expect((error as BlockOverrunError).usedMs).toBeLessThan(200 + START_GRACE_MS);
    } finally {
      await pool.close();
    }
  });

  it('fails the script of a thread that dies, and starts another thread for the next', async () => {
    const pool = new SandboxPool(dying, { threads: 1 });
    try {
      await expect(pool.run(job(1000))).rejects.toThrow('the code sandbox stopped unexpectedly');
      await expect(pool.run(job(1000))).rejects.toThrow('the code sandbox stopped unexpectedly');
    } finally {
      await pool.close();
    }
  });

  it('serves another account at once while one account has every script of its share stuck', async () => {
    const pool = new SandboxPool(scripted, { threads: 2 });
    let timer: NodeJS.Timeout | undefined;
    try {
      expect(pool.perAccount).toBe(1);
      const runaways = Array.from({ length: 30 }, () =>
        pool.run(job(60_000, 'ann', 'hang')).catch((error: unknown) => error),
      );
      // Not a time measure: a guard so a quiet account left waiting fails here rather than at Jest's limit.
      const guard = new Promise((resolve) => {
        timer = setTimeout(resolve, 20_000, 'still waiting');
      });
      for (let i = 0; i < 5; i += 1) {
        const answer = await Promise.race([pool.run(job(60_000, 'bob', `return ${i};`)), guard]);
        expect(answer).toBe(`return ${i};`);
      }
      await pool.close();
      expect((await Promise.all(runaways)).length).toBe(30);
    } finally {
      clearTimeout(timer);
      await pool.close();
    }
  });

  it('takes turns between accounts: a freed thread goes to the account served least recently', async () => {
    const pool = new SandboxPool(scripted, { threads: 1 });
    const order: string[] = [];
    try {
      const blocker = pool.run(job(60_000, 'cy', 'first'));
      const runs = [
        ...['a1', 'a2', 'a3'].map((body) => pool.run(job(60_000, 'ann', body))),
        ...['b1', 'b2'].map((body) => pool.run(job(60_000, 'bob', body))),
      ].map((answer) => answer.then((body) => order.push(String(body))));
      await blocker;
      await Promise.all(runs);
      expect(order).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
    } finally {
      await pool.close();
    }
  });

  it('drops a script whose run is stopped while it waits for a thread, without ever starting it', async () => {
    const pool = new SandboxPool(scripted, { threads: 2 });
    try {
      const holding = [pool.run(job(60_000, 'ann', 'hang')), pool.run(job(60_000, 'bob', 'hang'))].map(
        (answer) => answer.catch((error: unknown) => error),
      );
      const controller = new AbortController();
      const waiting = pool.run(job(60_000, 'cy', 'return 1;', controller.signal));
      controller.abort();
      await expect(waiting).rejects.toThrow('The code was stopped because the run was stopped.');
      await pool.close();
      await Promise.all(holding);
    } finally {
      await pool.close();
    }
  });

  it('sizes its share from its threads: half of them, at least one', () => {
    expect(new SandboxPool(scripted, { threads: 2 }).perAccount).toBe(1);
    expect(new SandboxPool(scripted, { threads: 5 }).perAccount).toBe(2);
    expect(new SandboxPool(scripted, { threads: 8 }).perAccount).toBe(4);
  });
});
