import type { ModelLookup } from '@blocksmith/engine';
import type { AiProvider, RunKnowledge } from '@blocksmith/block-sdk';
import type { DataSource } from 'typeorm';
import type { BlockRegistry } from '../../kernel';
import type { AnalyticsService } from '../analytics/analytics-service';
import type { AppService } from '../apps/app-service';
import type { CreditLedger } from '../credits';
import type { RunEvents } from './run-events';
import { InProcessRunQueue, type RunJob, type RunQueue } from './run-queue';
import type { RunApprovals } from './run-waits';
import { RunRecords, type StoredRun } from './run-records';
import {
  RunStart,
  type InputFileRequest,
  type StartedRun,
  type StartRunRequest,
  type StoredInputFile,
} from './run-start';
import { RunWorker, type RunAppTools, type RunFiles, type RunLease } from './run-worker';

export { UNFINISHED_STEP, type StoredRun } from './run-records';
export {
  MAX_UPLOAD_BYTES,
  parseActionType,
  type InputFileRequest,
  type StartedRun,
  type StartRunRequest,
  type StoredInputFile,
} from './run-start';
export { INTERRUPTED_RUN_MESSAGE } from './run-worker';

export interface RunServiceDeps {
  dataSource: DataSource;
  registry: BlockRegistry;
  apps: AppService;
  ledger: CreditLedger;
  provider: AiProvider;
  /** Where blocks keep files; uploads are recorded as their uploader's when it can say so. */
  files: RunFiles;
  hub: RunEvents;
  /** Where started runs wait for a process to execute them; default: this process, at once. */
  queue?: RunQueue;
  /** Where app_executed events go. */
  analytics?: Pick<AnalyticsService, 'record'>;
  /** Blocks running at once within one run. */
  concurrency?: number;
  /** A run still going after this long is stopped, failed and refunded (RUN_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** Where problems that fail no request are reported; default stderr. */
  log?: (message: string) => void;
  /**
   * This process's heartbeat: runs it executes name it, and runs of processes that stopped beating
   * are ended and refunded. Without it runs name no process (tests of the service alone).
   */
  lease?: RunLease;
  /**
   * Keep each block's step (times, inputs, outputs, model, usage) with the run (default true);
   * off, only statuses, durations and errors are kept, as before run history (benchmarks compare).
   */
  recordSteps?: boolean;
  /**
   * What a run by someone other than the app's owner pays the owner (the creator price), read as
   * the run starts; without it no price is charged.
   */
  earnings?: { priceFor(appId: string, runnerId: string, options: { visitor?: boolean }): Promise<number> };
  /** The server's models (see `RunStartDeps.models`). */
  models?: (ModelLookup & { ready(): Promise<void> }) | undefined;
  /** The app owner's secrets, read for a run's blocks as they ask (`ctx.secret`). */
  secrets?: { forApp(appId: string): (name: string) => Promise<string | undefined> };
  /** The app owner's knowledge bases, for a run's blocks that search them (`ctx.knowledge`). */
  knowledge?: { forApp(appId: string): RunKnowledge };
  /** Apps as tools for the runs' agent blocks (see `RunWorkerDeps.appTools`). */
  appTools?: RunAppTools;
  /** Where runs that stop to wait for approval are kept (`services/approvals`); without it they fail. */
  approvals?: RunApprovals;
}

/**
 * Runs an app for a signed-in person, along the run's life: `RunStart` checks who may run it,
 * validates the app and the inputs, prices it, creates the run record and debits the ledger in one
 * statement and hands it over; `RunWorker` executes it with progress on the hub (here, or on
 * whichever process takes it from the queue) and stores the outcome, counting the use, or refunds
 * a failed run; `RunRecords` is every statement about the run record on the way.
 */
export class RunService {
  private readonly starts: RunStart;
  private readonly worker: RunWorker;

  constructor(deps: RunServiceDeps) {
    const queue = deps.queue ?? new InProcessRunQueue();
    const log = deps.log ?? ((message: string) => console.error(message));
    const records = new RunRecords({ dataSource: deps.dataSource, ledger: deps.ledger });
    this.worker = new RunWorker({
      dataSource: deps.dataSource,
      records,
      registry: deps.registry,
      provider: deps.provider,
      files: deps.files,
      hub: deps.hub,
      queue,
      analytics: deps.analytics,
      concurrency: deps.concurrency,
      timeoutMs: deps.timeoutMs,
      log,
      lease: deps.lease,
      recordSteps: deps.recordSteps ?? true,
      secrets: deps.secrets,
      knowledge: deps.knowledge,
      models: deps.models,
      appTools: deps.appTools,
      approvals: deps.approvals,
    });
    this.starts = new RunStart({
      dataSource: deps.dataSource,
      registry: deps.registry,
      apps: deps.apps,
      ledger: deps.ledger,
      files: deps.files,
      hub: deps.hub,
      queue,
      records,
      worker: this.worker,
      lease: deps.lease,
      earnings: deps.earnings,
      models: deps.models,
    });
  }

  /**
   * Keep each block's step with the run (see `RunServiceDeps.recordSteps`); may be switched while
   * runs go on (the benchmark compares both).
   */
  get recordSteps(): boolean {
    return this.worker.recordSteps;
  }

  set recordSteps(on: boolean) {
    this.worker.recordSteps = on;
  }

  /** Begins taking runs from the queue (with pg-boss: this process's share of everyone's runs). */
  startWorkers(): Promise<void> {
    return this.worker.start();
  }

  /** Starts a run and answers at once; `done` settles with the stored run once it has ended. */
  start(request: StartRunRequest): Promise<StartedRun> {
    return this.starts.start(request);
  }

  /**
   * Keeps a file for one of an app's file upload blocks, after the same checks as a run (who may
   * run the app) and the block's own rules (types, size). Its id is the run input for that block.
   */
  storeInputFile(request: InputFileRequest): Promise<StoredInputFile> {
    return this.starts.storeInputFile(request);
  }

  /** Starts a run and waits for it to end; the stored run (read it later with RunHistoryService.run). */
  async runToEnd(request: StartRunRequest): Promise<StoredRun> {
    const started = await this.start(request);
    return started.done;
  }

  /**
   * Graceful shutdown: takes no more runs and waits for those this process executes; with
   * pg-boss, runs not done within `timeoutMs` go back to the queue for another process.
   */
  drain(timeoutMs?: number): Promise<void> {
    return this.worker.drain(timeoutMs);
  }

  /** Ends runs whose executing process stopped: failed and refunded, once each. */
  endLapsed(runIds: readonly string[]): Promise<void> {
    return this.worker.endLapsed(runIds);
  }

  /** The runs this process is executing now: the lease sweep leaves them alone. */
  executing(): string[] {
    return this.worker.executing();
  }

  /**
   * Hands an approved run that waited to a process (this one when it has room, else the shared
   * queue): it goes on from where it stopped (`RunJob.resume`).
   */
  resume(job: RunJob): Promise<void> {
    return this.worker.resume(job);
  }

  /**
   * Stops a run wherever it executes (here, or asked of its process: `run-stops.ts`): it ends
   * aborted and refunded. False when it had ended, or did not stop within `waitMs` (15 s).
   */
  stop(runId: string, waitMs?: number): Promise<boolean> {
    return this.worker.stop(runId, waitMs);
  }
}
