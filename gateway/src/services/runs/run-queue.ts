import type { RunDecision } from '@blocksmith/block-sdk';
import type { RunPlan } from '@blocksmith/engine';
import type { AppConfig } from '@blocksmith/schema';
import type PgBoss from 'pg-boss';
import type { ChatTurnContext } from '../chat/chat-turn-run';
import { stopGraceMs } from './run-timeout';

/** A charged run, as handed to whichever process executes it. */
export interface RunJob {
  runId: string;
  appId: string;
  appName: string;
  userId: string;
  /** The app as it was when the run was started (later edits do not change a queued run). */
  config: AppConfig;
  inputs: Record<string, unknown>;
  /** Started by a visitor who was not signed in, on the account of `userId` (an embed's owner). */
  visitor?: boolean;
  /** Whether the run was charged a creator price (its success pays the app's owner); absent: not known. */
  paysCreator?: boolean;
  /** The creator price the run was charged with its blocks, in credits (absent: none, or not known). */
  creatorPrice?: number;
  /**
   * The plan made as the run started, when the run executes in the process that started it: it is
   * not planned again. It holds the blocks' code, so it never crosses to another process (a job
   * from the shared queue has none, and its process plans it).
   */
  plan?: RunPlan;
  /** A chat turn: the conversation so far its Chat Input and AI blocks are given (`services/chat`). */
  chat?: ChatTurnContext;
  /**
   * A run that waited goes on (`services/approvals`): the block it waited at and what was decided
   * there. What it had done is read from its wait (`run_approvals.saved`) by the process that takes it.
   */
  resume?: { nodeId: string; decision: RunDecision };
}

/** `retry`: an earlier attempt was cut off (its process died or the run outlived its time limit). */
export type ExecuteRun = (job: RunJob, attempt: { retry: boolean }) => Promise<void>;

/** Where started runs wait for a process to execute them. */
export interface RunQueue {
  readonly kind: 'in-process' | 'pg-boss';
  start(execute: ExecuteRun): Promise<void>;
  /**
   * Takes a place to execute one run in this process straight away, if one is free. The run is
   * then charged naming this process, and enqueued with `{ local: true }` (or the place is given
   * back with `releaseLocal` when the charge fails).
   */
  takeLocal(): boolean;
  releaseLocal(): void;
  /** Hands the run over: executed here at once when `local`, otherwise queued for any process. */
  enqueue(job: RunJob, options?: { local: boolean }): Promise<void>;
  /** Takes no more runs and waits for the ones under way; with pg-boss, runs not done in time go back to the queue. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Why a queued run's job failed into its retry: its process stopped before the run ended. */
export const HANDED_BACK =
  'The process executing the run stopped before it ended; the run goes back to the queue.';

/** The embedded database: every run executes in the process that started it. */
export class InProcessRunQueue implements RunQueue {
  readonly kind = 'in-process';
  private execute: ExecuteRun | null = null;
  private readonly running = new Set<Promise<void>>();

  async start(execute: ExecuteRun): Promise<void> {
    this.execute = execute;
  }

  takeLocal(): boolean {
    return true;
  }

  releaseLocal(): void {}

  async enqueue(job: RunJob): Promise<void> {
    if (!this.execute) throw new Error('The run queue has not been started.');
    const run = this.execute(job, { retry: false }).catch(() => undefined);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}

export const RUN_QUEUE = 'run';

export interface PgBossRunQueueOptions {
  /** Runs this process executes at once (RUN_CONCURRENCY). */
  concurrency: number;
  /** A run still active after this long is taken to be lost and is retried once (RUN_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
}

/**
 * Runs on a shared PostgreSQL server. A process with a free place executes the runs it receives
 * itself, at once (their records name it, so if it dies another process ends them, refunded: see
 * ProcessLease). The rest are pg-boss jobs that any process with a free worker executes: a process
 * that is full, or serves only (RUN_CONCURRENCY=0), queues them. A job whose process died stays
 * active until its time limit, then pg-boss hands it out once more (retryLimit 1) and the executor
 * finishes it.
 */
export class PgBossRunQueue implements RunQueue {
  readonly kind = 'pg-boss';
  private workers: string[] = [];
  private next = 0;
  private readonly running = new Set<Promise<void>>();
  /** Places taken by runs executed straight from this process's own requests. */
  private localTaken = 0;
  private stopping = false;
  private execute: ExecuteRun | null = null;
  /** Ends the handlers of queued runs still under way when `stop` gives up waiting for them. */
  private handBack: (reason: Error) => void = () => undefined;
  private readonly handedBack = new Promise<never>((_, reject) => (this.handBack = reject));

  constructor(
    private readonly boss: PgBoss,
    private readonly options: PgBossRunQueueOptions,
  ) {
    this.handedBack.catch(() => undefined);
  }

  async start(execute: ExecuteRun): Promise<void> {
    this.execute = execute;
    await this.boss.createQueue(RUN_QUEUE, {
      name: RUN_QUEUE,
      retryLimit: 1,
      retryDelay: 0,
      // After the run's own limit and its grace (RunService stops it first), so an expiry means
      // the process is gone rather than the run being slow.
      expireInSeconds:
        this.options.timeoutSeconds + 2 * Math.ceil(stopGraceMs(this.options.timeoutSeconds * 1000) / 1000),
      retentionDays: 1,
    });
    for (let i = 0; i < this.options.concurrency; i += 1) {
      let id = '';
      id = await this.boss.work<RunJob>(
        RUN_QUEUE,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (!job) return;
          const run = execute(job.data, { retry: job.retryCount > 0 });
          this.running.add(run);
          try {
            // Past stop's grace the handler ends, failing the job into its retry while the queue's
            // database is still open: a handler left running would keep pg-boss's worker loop (and
            // its timers) alive after the process closed everything.
            await Promise.race([run, this.handedBack]);
          } finally {
            this.running.delete(run);
            // More may be waiting: look again at once rather than after the polling pause.
            if (id) this.boss.notifyWorker(id);
          }
        },
      );
      this.workers.push(id);
    }
  }

  takeLocal(): boolean {
    if (this.stopping || !this.execute || this.localTaken >= this.options.concurrency) return false;
    this.localTaken += 1;
    return true;
  }

  releaseLocal(): void {
    this.localTaken = Math.max(0, this.localTaken - 1);
  }

  async enqueue(job: RunJob, options: { local: boolean } = { local: false }): Promise<void> {
    if (options.local) {
      const run = this.execute!(job, { retry: false }).catch(() => undefined);
      this.running.add(run);
      void run.finally(() => {
        this.running.delete(run);
        this.releaseLocal();
      });
      return;
    }
    // The plan stays here: another process plans the app again from its config.
    const { plan: _plan, ...data } = job;
    await this.boss.send(RUN_QUEUE, data);
    // A worker of this process looks at once instead of at its next poll; others poll.
    const worker = this.workers[this.next++ % Math.max(1, this.workers.length)];
    if (worker) this.boss.notifyWorker(worker);
  }

  async stop(timeoutMs = 30_000): Promise<void> {
    this.stopping = true;
    await Promise.all(this.workers.map((id) => this.boss.offWork({ id })));
    this.workers = [];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    // Queued runs still under way go back to the queue now (their jobs fail into a retry); runs
    // taken straight from requests are ended by the process sweep (ProcessLease).
    this.handBack(new Error(HANDED_BACK));
  }
}
