import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BlockOverrunError } from '@blocksmith/block-sdk';
import { FairQueue } from './fair-queue';
import { overrunMessage, ScriptError, type SandboxRun } from './run-in-sandbox';
import type { SandboxJob, SandboxReply } from './sandbox-messages';
import { statCpuMs } from './thread-cpu';

const STOPPED = 'The code was stopped because the run was stopped.';

/**
 * How long a thread may take to load the engine for a script before it is ended (not the script's
 * time): generous, since a new thread compiles the engine's WebAssembly first, and on a loaded
 * machine that took more than the 5 s this once was.
 */
export const START_GRACE_MS = 30_000;

/**
 * How much of its thread's CPU time past its time limit a script may use before the thread is
 * ended, when the engine's own clock did not stop it (a single long built-in call, such as sorting
 * a huge array, is not interrupted). The pool reads the thread's CPU time from outside
 * (thread-cpu.ts), so a thread that merely waits for a core on a busy machine is never ended,
 * however long it waits.
 */
export const CUT_AFTER_MS = 500;

/**
 * Where the thread's CPU time cannot be read (not Linux), the thread is ended this many times its
 * script's time limit after the script started, on the wall clock: generous, so a script given a
 * tenth of a core still has its whole limit, and a stuck one still frees its thread.
 */
export const WALL_CUT_FACTOR = 10;

/** The compiled worker: beside this file once built; from the package's build when run from source. */
export function workerFile(): string {
  const beside = path.join(__dirname, 'sandbox-worker.js');
  return existsSync(beside) ? beside : path.join(__dirname, '..', 'dist', 'sandbox-worker.js');
}

/** A script to run, and who its run is charged to: the pool shares its threads fairly by account. */
export interface PoolRun extends SandboxRun {
  account: string;
}

export interface SandboxPoolOptions {
  /** Threads at most, each running one script at a time. */
  threads: number;
  /** Threads one account may use at once (default: half of them, at least one). */
  perAccount?: number;
}

interface Pending {
  job: SandboxJob;
  run: PoolRun;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Rejects the script while it waits, when its run is stopped. */
  onWaitAbort(): void;
}

interface Busy extends Pending {
  /** Ends the thread when it has not started in time, then when its script runs past its limit. */
  timer: NodeJS.Timeout;
  onAbort(): void;
}

/**
 * Scripts run in worker threads, `threads` at most at once, each thread one script at a time. The
 * scripts wait per account and the accounts are served in turn (see FairQueue): one account uses
 * at most `perAccount` threads at once, so another account's script never waits behind a queue of
 * someone else's runaways. A thread is ended (and its script failed) when its run is stopped,
 * when its script is still going having used CUT_AFTER_MS of the thread's CPU time past its time
 * limit (BlockOverrunError: the time was used; where the thread's CPU time cannot be read,
 * WALL_CUT_FACTOR times the limit on the wall clock), or when it could not load the engine within
 * START_GRACE_MS; a new thread is started for the next script. A script whose run is stopped while
 * it waits is dropped. Idle threads do not keep the process alive.
 */
export class SandboxPool {
  readonly threads: number;
  readonly perAccount: number;
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Busy>();
  private readonly waiting: FairQueue<Pending>;
  private nextId = 1;
  private endedThreads = 0;
  /** Threads being ended: `close` waits for them too. */
  private readonly ending = new Set<Promise<number>>();

  constructor(
    private readonly file: string,
    options: SandboxPoolOptions,
  ) {
    this.threads = options.threads;
    this.perAccount = options.perAccount ?? Math.max(1, Math.floor(options.threads / 2));
    this.waiting = new FairQueue(this.perAccount);
  }

  /** Scripts waiting or running. */
  get scripts(): number {
    return this.waiting.waiting + this.busy.size;
  }

  /** Scripts received since the pool was made. */
  get received(): number {
    return this.nextId - 1;
  }

  /** Threads ended since the pool was made: their run stopped, their script stuck, or they failed. */
  get ended(): number {
    return this.endedThreads;
  }

  run(run: PoolRun): Promise<unknown> {
    if (run.signal.aborted) return Promise.reject(new ScriptError(STOPPED));
    return new Promise((resolve, reject) => {
      const job: SandboxJob = {
        id: this.nextId++,
        body: run.body,
        input: JSON.stringify(run.input ?? null),
        inputs: JSON.stringify(run.inputs),
        limits: run.limits,
      };
      const pending: Pending = {
        job,
        run,
        resolve,
        reject,
        onWaitAbort: () => {
          this.waiting.remove(run.account, (item) => item === pending);
          reject(new ScriptError(STOPPED));
        },
      };
      run.signal.addEventListener('abort', pending.onWaitAbort, { once: true });
      this.waiting.push(run.account, pending);
      this.pump();
    });
  }

  /** Ends every thread (tests, shutdown); scripts running or waiting fail. */
  async close(): Promise<void> {
    for (const pending of this.waiting.drain()) {
      pending.run.signal.removeEventListener('abort', pending.onWaitAbort);
      pending.reject(new Error('the code sandbox was shut down'));
    }
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all([...workers.map((worker) => worker.terminate()), ...this.ending]);
  }

  private pump(): void {
    while (this.idle.length > 0 || this.busy.size < this.threads) {
      const next = this.waiting.take();
      if (!next) return;
      this.start(this.idle.pop() ?? this.spawn(), next.item);
    }
  }

  private spawn(): Worker {
    // The engine's memory is capped by its own WebAssembly memory; this bounds the thread's heap.
    const worker = new Worker(this.file, { resourceLimits: { maxOldGenerationSizeMb: 128 } });
    worker.on('message', (reply: SandboxReply) => this.answer(worker, reply));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', () => this.lost(worker, new Error('the code sandbox stopped unexpectedly')));
    return worker;
  }

  private start(worker: Worker, pending: Pending): void {
    worker.ref();
    const { run } = pending;
    run.signal.removeEventListener('abort', pending.onWaitAbort);
    const timer = setTimeout(
      () =>
        this.end(worker, new Error(`the code sandbox did not start within ${START_GRACE_MS / 1000} seconds`)),
      START_GRACE_MS,
    );
    const onAbort = () => this.end(worker, new ScriptError(STOPPED));
    run.signal.addEventListener('abort', onAbort, { once: true });
    this.busy.set(worker, { ...pending, timer, onAbort });
    worker.postMessage(pending.job);
  }

  private answer(worker: Worker, reply: SandboxReply): void {
    const busy = this.busy.get(worker);
    if (!busy || busy.job.id !== reply.id) return;
    if ('started' in reply) {
      clearTimeout(busy.timer);
      this.watch(worker, busy, reply.cpu);
      return;
    }
    if ('log' in reply) {
      busy.run.onLog(reply.log);
      return;
    }
    this.release(worker, busy);
    this.idle.push(worker);
    worker.unref();
    if ('result' in reply) busy.resolve(JSON.parse(reply.result) as unknown);
    else if (reply.usedMs !== undefined) busy.reject(new BlockOverrunError(reply.error, reply.usedMs));
    else busy.reject(reply.script ? new ScriptError(reply.error) : new Error(reply.error));
    this.pump();
  }

  /**
   * Ends the thread once its script has used CUT_AFTER_MS of the thread's CPU time past its limit,
   * read from `cpu.file` (from `cpu.ms` at the start). A thread cannot use more CPU time than passes
   * on the wall clock, so the timer looks again only when the rest could have been used: a thread
   * left waiting for a core is looked at now and then and never ended. Without `cpu` (or once the
   * file cannot be read), the thread is ended WALL_CUT_FACTOR times the limit after the start, on
   * the wall clock.
   */
  private watch(worker: Worker, busy: Busy, cpu: { file: string; ms: number } | undefined): void {
    const { timeMs } = busy.run.limits;
    const budget = timeMs + CUT_AFTER_MS;
    const wallStart = performance.now();
    const overrun = (usedMs: number) =>
      this.end(worker, new BlockOverrunError(overrunMessage(timeMs), usedMs));
    const look = () => {
      const cpuNow = cpu === undefined ? undefined : statCpuMs(cpu.file);
      if (cpuNow !== undefined) {
        const used = cpuNow - cpu!.ms;
        if (used >= budget) overrun(used);
        else busy.timer = setTimeout(look, budget - used);
        return;
      }
      const wall = performance.now() - wallStart;
      if (wall >= timeMs * WALL_CUT_FACTOR) overrun(wall);
      else busy.timer = setTimeout(look, timeMs * WALL_CUT_FACTOR - wall);
    };
    busy.timer = setTimeout(look, budget);
  }

  /** Fails the thread's script with `error` and ends the thread. */
  private end(worker: Worker, error: Error): void {
    const busy = this.busy.get(worker);
    if (!busy) return;
    this.release(worker, busy);
    this.endedThreads += 1;
    busy.reject(error);
    const exit = worker.terminate();
    this.ending.add(exit);
    const forget = () => this.ending.delete(exit);
    exit.then(forget, forget);
    this.pump();
  }

  private lost(worker: Worker, error: Error): void {
    const idle = this.idle.indexOf(worker);
    if (idle !== -1) this.idle.splice(idle, 1);
    this.end(worker, error);
  }

  private release(worker: Worker, busy: Busy): void {
    clearTimeout(busy.timer);
    busy.run.signal.removeEventListener('abort', busy.onAbort);
    this.busy.delete(worker);
    this.waiting.done(busy.run.account);
  }
}
