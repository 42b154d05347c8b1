import type { AiProvider, FileStore, RunKnowledge, RunTools } from '@blocksmith/block-sdk';
import type { RunEvent } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import {
  executeRun,
  planRun,
  type ModelLookup,
  type RunOutcome,
  type RunPlan,
  type RunResume,
} from '@blocksmith/engine';
import type { BlockRegistry } from '../../kernel';
import type { AnalyticsService } from '../analytics/analytics-service';
import { chatTurnRun } from '../chat/chat-turn-run';
import { keptCredits } from './kept-credits';
import { RunCredits } from './loop-credits';
import type { RunEvents } from './run-events';
import type { RunJob, RunQueue } from './run-queue';
import { UNFINISHED_STEP, type RunRecords } from './run-records';
import { StepRecorder, type StoredStep } from './run-steps';
import { runTimedOutMessage, stopGraceMs } from './run-timeout';
import { StepCheckpoints } from './step-checkpoints';
import { RunStops } from './run-stops';
import { CANNOT_WAIT_MESSAGE, chargesBeforeWait, type RunApprovals } from './run-waits';

/** Where blocks keep files; uploads are recorded as their uploader's when it can say so. */
export type RunFiles = FileStore & { forOwner?(ownerId: string | null): FileStore };

/** The files of `ownerId` (nobody's when null), where the store can say whose a file is. */
export function filesOf(files: RunFiles, ownerId: string | null): FileStore {
  return files.forOwner ? files.forOwner(ownerId) : files;
}

/** What a run says when the process executing it stopped before it ended. */
export const INTERRUPTED_RUN_MESSAGE =
  'This run was interrupted because the server running it stopped. Your credits were refunded; please run it again.';

/** This process's heartbeat (see `RunServiceDeps.lease`). */
export interface RunLease {
  readonly id: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RunWorkerDeps {
  dataSource: DataSource;
  records: RunRecords;
  registry: BlockRegistry;
  provider: AiProvider;
  files: RunFiles;
  hub: RunEvents;
  queue: RunQueue;
  analytics?: Pick<AnalyticsService, 'record'> | undefined;
  /** Blocks running at once within one run. */
  concurrency?: number | undefined;
  /** A run still going after this long is stopped, failed and refunded. */
  timeoutMs?: number | undefined;
  log: (message: string) => void;
  lease?: RunLease | undefined;
  recordSteps: boolean;
  secrets?: { forApp(appId: string): (name: string) => Promise<string | undefined> } | undefined;
  /** The app owner's knowledge bases, searched by a run's Knowledge Search blocks. */
  knowledge?: { forApp(appId: string): RunKnowledge } | undefined;
  /** Prices the models of a run planned again here (one taken from the queue of another process). */
  models?: ModelLookup | undefined;
  /** Apps as tools for a run's agent blocks, paid by whoever pays for the run (`runAppTools`). */
  appTools?: RunAppTools | undefined;
  /** Where a run that stops to wait for approval is kept (without it such a run fails). */
  approvals?: RunApprovals | undefined;
}

/** The apps a run's blocks may call as tools (`ExecuteOptions.appTools`). */
export interface RunAppTools {
  forRun(run: { runId: string; appId: string; payerId: string }): Pick<RunTools, 'apps' | 'callApp'>;
}

/**
 * Executes runs on this process: takes them from the queue (or at once, as they start here),
 * charges the blocks that start along the way, stops a run at its time limit, keeps the steps of
 * long runs stored as they go, and stores each ending (through RunRecords) before its
 * `run_finished` is published. Ends runs whose process stopped (`endLapsed`), and drains.
 */
export class RunWorker {
  private running = false;
  /** Runs this process has charged to execute itself, or is executing. */
  private readonly executingHere = new Set<string>();
  /** The steps of runs going on for a while, stored as they go. */
  private readonly checkpoints: StepCheckpoints;
  /** Keep each block's step with the run; may be switched while runs go on. */
  recordSteps: boolean;
  /** How to stop each run, here or on the process executing it (`stop`). */
  private readonly stops: RunStops;

  constructor(private readonly deps: RunWorkerDeps) {
    this.checkpoints = new StepCheckpoints(deps.records, deps.log);
    this.recordSteps = deps.recordSteps;
    this.stops = new RunStops({ dataSource: deps.dataSource, hub: deps.hub });
  }

  /** Whether it takes runs from the queue (`start`). */
  get started(): boolean {
    return this.running;
  }

  /** Begins taking runs from the queue (with pg-boss: this process's share of everyone's runs). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.deps.queue.start((job, attempt) => this.executeJob(job, attempt));
    await this.deps.lease?.start();
  }

  /**
   * Takes a place to execute `runId` here at once, if one is free: the run is named as executing
   * here before its record exists, so this process's sweep never takes it. False: it is queued.
   */
  takeLocal(runId: string): boolean {
    const local = this.deps.queue.takeLocal();
    if (local) this.executingHere.add(runId);
    return local;
  }

  /**
   * Hands over a run that goes on after its wait (approved): executed here at once when this
   * process has a free place (its record names this process), else queued for any process.
   */
  async resume(job: RunJob): Promise<void> {
    if (!this.takeLocal(job.runId)) return this.deps.queue.enqueue(job);
    try {
      if (this.deps.lease)
        await this.deps.dataSource.query(
          `UPDATE runs SET executor = $2 WHERE id = $1 AND status = 'running'`,
          [job.runId, this.deps.lease.id],
        );
      await this.deps.queue.enqueue(job, { local: true });
    } catch (error) {
      this.releaseLocal(job.runId);
      throw error;
    }
  }

  /** Gives back the place taken for `runId` (its charge failed). */
  releaseLocal(runId: string): void {
    this.executingHere.delete(runId);
    this.deps.queue.releaseLocal();
  }

  /** The runs this process is executing now: the lease sweep leaves them alone. */
  executing(): string[] {
    return [...this.executingHere];
  }

  /**
   * Stops a run (its caller went away, or a person stopped a chat answer) wherever it executes
   * (`RunStops`); it ends aborted and refunded like any run that did not succeed. False when it
   * had ended, or did not stop within `waitMs` on the process executing it.
   */
  stop(runId: string, waitMs?: number): Promise<boolean> {
    return this.stops.stop(runId, waitMs);
  }

  /**
   * Graceful shutdown: takes no more runs and waits for those this process executes; with
   * pg-boss, runs not done within `timeoutMs` go back to the queue for another process.
   */
  async drain(timeoutMs?: number): Promise<void> {
    await this.deps.queue.stop(timeoutMs);
    await this.checkpoints.stop();
    await this.deps.lease?.stop();
  }

  /** Ends runs whose executing process stopped: failed and refunded, once each. */
  async endLapsed(runIds: readonly string[]): Promise<void> {
    for (const runId of runIds) {
      await this.endUnfinished(runId, INTERRUPTED_RUN_MESSAGE, 'UNAVAILABLE');
    }
  }

  /**
   * Ends a run that is still running as failed, refunds it, and tells its watchers. Its steps
   * stay as they were last stored; a block they show running did not finish.
   */
  async endUnfinished(runId: string, error: string, errorCode: string): Promise<void> {
    const ended = await this.deps.records.storeFailure(runId, {
      status: 'failed',
      nodes: null,
      error,
      errorCode,
    });
    if (ended)
      this.deps.hub.publish({
        type: 'run_finished',
        runId,
        at: Date.now(),
        status: 'failed',
        ...(ended.error !== null && { error: ended.error }),
      });
  }

  /**
   * Executes one queued run on this process. A retried job (its first process died or it outlived
   * its time limit) that had already begun is not run twice: it ends failed and refunded.
   */
  private async executeJob(job: RunJob, attempt: { retry: boolean }): Promise<void> {
    this.executingHere.add(job.runId);
    try {
      await this.runJob(job, attempt);
    } finally {
      this.executingHere.delete(job.runId);
    }
  }

  private async runJob(job: RunJob, attempt: { retry: boolean }): Promise<void> {
    if (attempt.retry) {
      const row = await this.deps.records.retried(job.runId);
      if (!row || row.status !== 'running') return; // it did finish, or is gone
      if (row.begun) {
        await this.endUnfinished(job.runId, INTERRUPTED_RUN_MESSAGE, 'UNAVAILABLE');
        return;
      }
    }
    let plan: RunPlan;
    try {
      // Started here, the run brings its plan; from the shared queue, it is planned here.
      plan =
        job.plan ??
        planRun(job.config, this.deps.registry, this.deps.models ? { models: this.deps.models } : {});
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.endUnfinished(job.runId, message, 'BAD_USER_INPUT');
      return;
    }
    let resume: RunResume | undefined;
    if (job.resume) {
      // A run that waited goes on: what it had done is read from its wait, and a new stream of
      // its events begins.
      const saved = await this.deps.approvals?.saved(job.runId);
      if (!saved) {
        await this.endUnfinished(
          job.runId,
          'This run could not go on: what it had done before its approval is gone.',
          'UNAVAILABLE',
        );
        return;
      }
      resume = { saved, ...job.resume };
      await this.deps.hub.resumed(job.runId);
    }
    this.deps.hub.executing(job.runId, job.userId);
    let ended: { succeeded: boolean; cost: number; waiting?: boolean };
    try {
      ended = await this.execute(job, plan, resume);
    } catch (error) {
      // Its ending could not be stored (the database went away, say): end it as interrupted, so
      // it is not left charged and unfinished; failing that, the lease sweep ends it later.
      this.deps.log(`Run ${job.runId}: its outcome could not be stored: ${String(error)}`);
      await this.endUnfinished(job.runId, INTERRUPTED_RUN_MESSAGE, 'UNAVAILABLE').catch(() => undefined);
      throw error;
    }
    // A run waiting for approval is counted once it ends.
    if (ended.waiting) return;
    this.deps.analytics?.record(
      'app_executed',
      {
        app_id: job.appId,
        app_name: job.appName,
        plugin_types: plan.nodes.map((node) => node.definition.kind),
        credits_used: ended.cost,
        success: ended.succeeded,
      },
      job.userId,
    );
  }

  /**
   * Executes the run and stores its ending; answers whether it succeeded as stored, and what it
   * cost: the credits charged in all when it succeeded, what it kept of them when it did not. The run's `run_finished` is published once its ending is stored (or,
   * if another process ended it first, that stored ending). Throws only when the ending could not
   * be stored. Blocks not paid for at the start are charged as they start (`RunCredits`).
   */
  private async execute(
    job: RunJob,
    plan: RunPlan,
    resume?: RunResume,
  ): Promise<{ succeeded: boolean; cost: number; waiting?: boolean }> {
    const { runId, userId, inputs } = job;
    const { records, hub } = this.deps;
    // What the runner paid: the blocks charged at the start, the creator price, then the blocks
    // charged as they start.
    let charged = plan.cost + (job.creatorPrice ?? 0);
    // run_finished is held back until the outcome is stored, so a client that sees it can read the run.
    let finished: RunEvent | undefined;
    let abandoned = false;
    const timeoutMs = this.deps.timeoutMs;
    // One signal asks the run to stop, at its time limit or when it is stopped (`stop`); which of
    // them it was is `overTime`. (AbortSignal.any over one controller each cost about 23 us a run.)
    const stopped = new AbortController();
    let overTime = false;
    this.stops.track(runId, stopped);
    const timers: NodeJS.Timeout[] = [];
    // Each block's step, built from the progress events; stored as it goes once the run is long.
    const steps = this.recordSteps ? new StepRecorder(plan) : null;
    if (steps) this.checkpoints.track(runId, steps, inputs);
    // A chat turn: its Chat Input and AI blocks are given the conversation so far.
    const chat = job.chat ? chatTurnRun(plan, inputs, this.deps.provider, job.chat) : null;
    // A loop's blocks are drawn from the most it can cost, set aside once and settled at the end.
    const credits = new RunCredits(this.deps.dataSource, plan, { runId, userId });
    const engine = executeRun(plan, {
      runId,
      inputs: chat?.inputs ?? inputs,
      provider: chat?.provider ?? this.deps.provider,
      files: this.deps.files,
      onEvent: (event) => {
        if (abandoned) return;
        steps?.observe(event);
        if (event.type === 'run_finished') finished = event;
        else hub.publish(event);
      },
      maxConcurrency: Math.max(1, this.deps.concurrency ?? 8),
      signal: stopped.signal,
      charge: (charges) => {
        // A loop's items draw from its hold at once; the rest waits for the database.
        const drawn = credits.drawAtOnce(charges);
        if (drawn !== undefined) {
          charged += drawn;
          return;
        }
        return credits.charge(charges).then((taken) => {
          charged += taken;
        });
      },
      ...(this.deps.secrets && { secrets: this.deps.secrets.forApp(job.appId) }),
      ...(this.deps.knowledge && { knowledge: this.deps.knowledge.forApp(job.appId) }),
      ...(this.deps.appTools && {
        appTools: this.deps.appTools.forRun({ runId, appId: job.appId, payerId: userId }),
      }),
      account: userId,
      ...(resume && { resume }),
    });
    let outcome: RunOutcome | null;
    let timedOut = false;
    try {
      if (timeoutMs === undefined) outcome = await engine;
      else {
        // Past the limit the run is asked to stop; a block that ignores that is left behind after a
        // grace period, and the run ends without it.
        const givenUp = new Promise<null>((resolve) => {
          timers.push(
            setTimeout(() => {
              overTime = true;
              stopped.abort();
            }, timeoutMs),
          );
          timers.push(setTimeout(() => resolve(null), timeoutMs + stopGraceMs(timeoutMs)));
        });
        outcome = await Promise.race([engine, givenUp]).finally(() => timers.forEach(clearTimeout));
      }
    } finally {
      this.checkpoints.forget(runId);
      this.stops.forget(runId);
    }
    await credits.settle();
    const engineOutcome = outcome;
    if (outcome === null || (outcome.status === 'aborted' && overTime)) {
      abandoned = outcome === null;
      timedOut = true;
      const error = runTimedOutMessage(timeoutMs!);
      outcome = {
        ...(outcome ?? {
          runId,
          nodes: {},
          results: { blocks: {}, artifacts: [], layout: [] },
          durationMs: timeoutMs!,
        }),
        status: 'failed',
        error,
        errorCode: 'RUN_TIMEOUT',
      };
      finished = { type: 'run_finished', runId, at: Date.now(), status: 'failed', error };
    }
    let nodes: Record<string, unknown>;
    if (steps) {
      const stepNodes: Record<string, StoredStep> = await steps.final({
        outcome: engineOutcome,
        inputs,
        unfinished: timedOut ? UNFINISHED_STEP.timedOut : UNFINISHED_STEP.stopped,
        waitingAt: engineOutcome?.paused?.nodeId,
        // Cut outputs are kept whole as the runner's files; a visitor's belong to nobody (they
        // open only through the signed links a permitted read of the run hands out).
        files: () => filesOf(this.deps.files, job.visitor ? null : userId),
      });
      nodes = stepNodes;
    } else {
      nodes = {};
      for (const [id, node] of Object.entries(outcome.nodes)) {
        nodes[id] = {
          status: node.status,
          durationMs: Math.round(node.durationMs),
          ...(node.error ? { error: node.error } : {}),
          ...(node.runs !== undefined ? { runs: node.runs } : {}),
          ...(node.routes ? { routes: node.routes } : {}),
        };
      }
    }
    if (outcome.status === 'waiting') {
      // Stopped to wait for approval: kept in the database, no process holds it any more.
      if (await this.wait(job, plan, outcome, nodes, finished))
        return { succeeded: false, cost: charged, waiting: true };
      outcome = { ...outcome, status: 'failed', error: CANNOT_WAIT_MESSAGE, errorCode: 'BLOCK_ERROR' };
      finished = {
        type: 'run_finished',
        runId,
        at: Date.now(),
        status: 'failed',
        error: CANNOT_WAIT_MESSAGE,
      };
    }
    let stored: boolean;
    // What the run cost: all it was charged when it succeeded, what it kept of that when it did not.
    let cost = charged;
    if (outcome.status === 'succeeded') {
      // One statement, shared with the other runs ending at the same moment: outcome and use count.
      stored = await records.storeSuccess(
        {
          runId,
          result: outcome.results,
          nodes,
          finishedAt: new Date(),
          ...(job.paysCreator !== undefined && { paysCreator: job.paysCreator }),
        },
        inputs,
      );
    } else {
      const failure = await records.storeFailure(runId, {
        status: outcome.status === 'aborted' ? 'aborted' : 'failed',
        nodes,
        error: outcome.error ?? null,
        errorCode: outcome.errorCode ?? null,
        // Blocks that overran their time used it: their charges stand.
        keep: engineOutcome?.overruns,
      });
      stored = failure !== null;
      cost = failure?.keptCredits ?? 0;
      // Watchers read the error as stored: it says what the run kept of its charge.
      if (failure?.error && finished?.type === 'run_finished')
        finished = { ...finished, error: failure.error };
    }
    if (stored) {
      if (finished) hub.publish(finished);
      return { succeeded: outcome.status === 'succeeded', cost };
    }
    // Another process ended it first (this one was taken to have stopped): its ending stands.
    const ending: RunEvent = (await records.ending(runId)) ?? {
      type: 'run_finished',
      runId,
      at: Date.now(),
      status: 'failed',
    };
    hub.publish(ending);
    const succeeded = ending.type === 'run_finished' && ending.status === 'succeeded';
    const kept = succeeded ? 0 : ((await keptCredits(this.deps.dataSource, [runId])).get(runId) ?? 0);
    return { succeeded, cost: succeeded ? charged : kept };
  }

  /**
   * Hands a run that stopped to wait to the approvals (stored as waiting, its approver mailed),
   * then tells its watchers it waits and what for. False when it cannot wait here or had ended.
   */
  private async wait(
    job: RunJob,
    plan: RunPlan,
    outcome: RunOutcome,
    nodes: Record<string, unknown>,
    finished: RunEvent | undefined,
  ): Promise<boolean> {
    const { approvals } = this.deps;
    if (!approvals || !outcome.paused) return false;
    const { paused } = outcome;
    const approval = await approvals.wait({
      job,
      paused,
      nodes,
      keep: chargesBeforeWait(plan, paused.saved),
    });
    if (!approval) return false;
    const at = finished?.at ?? Date.now();
    this.deps.hub.publish({ type: 'run_finished', runId: job.runId, at, status: 'waiting', approval });
    return true;
  }
}
