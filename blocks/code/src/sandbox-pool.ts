import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ScriptError, type SandboxRun } from './run-in-sandbox';
import type { SandboxJob, SandboxReply } from './sandbox-messages';

const STOPPED = 'The code was stopped because the run was stopped.';

/**
 * How much longer than its time limit a script may take before its thread is ended: loading the
 * engine and handing the result back are not counted by the engine's own clock.
 */
export const GRACE_MS = 5_000;

/** The compiled worker: beside this file once built; from the package's build when run from source. */
export function workerFile(): string {
  const beside = path.join(__dirname, 'sandbox-worker.js');
  return existsSync(beside) ? beside : path.join(__dirname, '..', 'dist', 'sandbox-worker.js');
}

interface Pending {
  job: SandboxJob;
  run: SandboxRun;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Busy extends Pending {
  timer: NodeJS.Timeout;
  onAbort(): void;
}

/**
 * Scripts run in worker threads, `size` at most at once, each thread one script at a time; the
 * rest wait their turn. A thread is ended (and the script failed) when its run is stopped or it
 * overruns its time limit by more than GRACE_MS, whatever the script is doing; a new one is
 * started for the next script. Idle threads do not keep the process alive.
 */
export class SandboxPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Busy>();
  private readonly waiting: Pending[] = [];
  private nextId = 1;

  constructor(
    private readonly file: string,
    private readonly size: number,
  ) {}

  run(run: SandboxRun): Promise<unknown> {
    if (run.signal.aborted) return Promise.reject(new ScriptError(STOPPED));
    return new Promise((resolve, reject) => {
      const job: SandboxJob = {
        id: this.nextId++,
        body: run.body,
        input: JSON.stringify(run.input ?? null),
        inputs: JSON.stringify(run.inputs),
        limits: run.limits,
      };
      this.waiting.push({ job, run, resolve, reject });
      this.pump();
    });
  }

  /** Ends every thread (tests, shutdown); scripts still running fail. */
  async close(): Promise<void> {
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
      if (!worker) return;
      this.start(worker, this.waiting.shift()!);
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
    const timer = setTimeout(() => {
      const seconds = run.limits.timeMs / 1000;
      this.end(
        worker,
        new ScriptError(
          `The code ran longer than ${seconds} second${seconds === 1 ? '' : 's'} and was stopped.`,
        ),
      );
    }, run.limits.timeMs + GRACE_MS);
    const onAbort = () => this.end(worker, new ScriptError(STOPPED));
    run.signal.addEventListener('abort', onAbort, { once: true });
    this.busy.set(worker, { ...pending, timer, onAbort });
    worker.postMessage(pending.job);
  }

  private answer(worker: Worker, reply: SandboxReply): void {
    const busy = this.busy.get(worker);
    if (!busy || busy.job.id !== reply.id) return;
    if ('log' in reply) {
      busy.run.onLog(reply.log);
      return;
    }
    this.release(worker, busy);
    this.idle.push(worker);
    worker.unref();
    if ('result' in reply) busy.resolve(JSON.parse(reply.result) as unknown);
    else busy.reject(reply.script ? new ScriptError(reply.error) : new Error(reply.error));
    this.pump();
  }

  /** Fails the thread's script with `error` and ends the thread. */
  private end(worker: Worker, error: Error): void {
    const busy = this.busy.get(worker);
    if (!busy) return;
    this.release(worker, busy);
    busy.reject(error);
    void worker.terminate();
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
  }
}
