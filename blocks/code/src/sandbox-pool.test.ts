import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlockOverrunError } from '@blocksmith/block-sdk';
import { ScriptError } from './run-in-sandbox';
import { CUT_AFTER_MS, START_GRACE_MS, SandboxPool, WALL_CUT_FACTOR, type PoolRun } from './sandbox-pool';

/**
 * Workers standing in for the sandbox: one that never answers (its engine never loads), one that
 * starts the script's clock and then never answers (stuck in something the engine's clock does not
 * interrupt), one that dies on its first job, and one that answers every script with its body at
 * once, except `hang`, which holds its thread until the thread is ended. Two more tell the pool
 * where their thread's CPU time is, as the sandbox's worker does on Linux: one then spins without
 * end (one long built-in call), one waits `job.body` ms without using the CPU (a thread left
 * waiting for a core) and then answers.
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
/** As the sandbox's worker tells it: its thread's stat file, and its CPU time (0: counted from the start). */
const CPU = "{ file: '/proc/' + require('node:fs').readlinkSync('/proc/thread-self') + '/stat', ms: 0 }";
const spinning = worker(
  'spinning.js',
  `(job) => {
    port.postMessage({ id: job.id, started: true, cpu: ${CPU} });
    while (true) {}
  }`,
);
const waiting = worker(
  'waiting.js',
  `(job) => {
    port.postMessage({ id: job.id, started: true, cpu: ${CPU} });
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(job.body));
    port.postMessage({ id: job.id, result: JSON.stringify('done') });
  }`,
);
/** Where a thread's CPU time can be read from another thread (Linux). */
const threadCpuReadable = existsSync('/proc/thread-self');
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
      expect((error as Error).message).toBe('the code sandbox did not start within 30 seconds');
    } finally {
      jest.useRealTimers();
      await pool.close();
    }
  });

  (threadCpuReadable ? it : it.skip)(
    'ends a thread whose script keeps its CPU busy past the limit, charging the CPU time used',
    async () => {
      const pool = new SandboxPool(spinning, { threads: 1 });
      try {
        const error: unknown = await pool.run(job(200)).catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(BlockOverrunError);
        expect((error as BlockOverrunError).message).toBe(
          'The code ran longer than 0.2 seconds and was stopped.',
        );
        expect((error as BlockOverrunError).usedMs).toBeGreaterThanOrEqual(200 + CUT_AFTER_MS);
        expect(pool.ended).toBe(1);
      } finally {
        await pool.close();
      }
    },
  );

  (threadCpuReadable ? it : it.skip)(
    'does not end a thread that waits without using the CPU, however long past the limit',
    async () => {
      const pool = new SandboxPool(waiting, { threads: 1 });
      try {
        // 2.5 s on the wall clock: five times the CPU time allowed (0.2 s and 0.3 s past it), and
        // past the wall-clock cut of a pool that cannot read the thread's CPU time (2 s).
        expect(200 * WALL_CUT_FACTOR).toBeLessThan(2_500);
        await expect(pool.run(job(200, 'ann', '2500'))).resolves.toBe('done');
        expect(pool.ended).toBe(0);
      } finally {
        await pool.close();
      }
    },
  );

  it('without the thread’s CPU time, ends a stuck thread a generous multiple of the limit after its start', async () => {
    const pool = new SandboxPool(stuck, { threads: 1 });
    try {
      const error: unknown = await pool.run(job(200)).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(BlockOverrunError);
      expect((error as BlockOverrunError).message).toBe(
        'The code ran longer than 0.2 seconds and was stopped.',
      );
      // Charged the time on the wall clock, the only clock there is.
      expect((error as BlockOverrunError).usedMs).toBeGreaterThanOrEqual(200 * WALL_CUT_FACTOR);
      expect(pool.ended).toBe(1);
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
