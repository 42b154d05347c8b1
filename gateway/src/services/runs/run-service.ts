import { randomUUID } from 'node:crypto';
import type { AiProvider, FileStore } from '@blocksmith/block-sdk';
import {
  CREATOR_PRICE_TYPE,
  isPlainObject,
  isRunSource,
  type ActionType,
  type App,
  type RunEvent,
  type RunSource,
  withCreatorPrice,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { FileRecord } from '../../data/entities';
import { InputError, NotFoundError, PayloadTooLargeError } from '../../errors';
import { executeRun, planRun, type BlockRegistry, type RunOutcome, type RunPlan } from '../../kernel';
import type { AppService } from '../apps/app-service';
import type { CreditLedger } from '../credits';
import type { AnalyticsService } from '../analytics/analytics-service';
import { chargeStartedBlocks } from './run-charges';
import type { RunEvents } from './run-events';
import { InProcessRunQueue, type RunJob, type RunQueue } from './run-queue';
import { RunRecords, UNFINISHED_STEP, type StoredRun } from './run-records';
import { StepRecorder, type StoredStep } from './run-steps';
import { StepCheckpoints } from './step-checkpoints';
import { runTimedOutMessage, stopGraceMs } from './run-timeout';
import { isUuid } from '../../ids';

export interface RunServiceDeps {
  dataSource: DataSource;
  registry: BlockRegistry;
  apps: AppService;
  ledger: CreditLedger;
  provider: AiProvider;
  /** Where blocks keep files; uploads are recorded as their uploader's when it can say so. */
  files: FileStore & { forOwner?(ownerId: string | null): FileStore };
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
  lease?: { readonly id: string; start(): Promise<void>; stop(): Promise<void> };
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
  /** The app owner's secrets, read for a run's blocks as they ask (`ctx.secret`). */
  secrets?: { forApp(appId: string): (name: string) => Promise<string | undefined> };
}

export interface StartedRun {
  runId: string;
  /** Credits charged as the run started: the AI blocks every run of the app pays for. */
  cost: number;
  /**
   * The fewest and the most credits the run can cost in all: blocks after a route and inside
   * loops are charged as they start (a loop at most its maximum item count).
   */
  costRange: { min: number; max: number };
  /**
   * Settles with the stored run once it has finished (on whichever process executed it) and its
   * record, uses count and any refund are stored.
   */
  done: Promise<StoredRun>;
}

export interface StartRunRequest {
  userId: string;
  isAdmin?: boolean;
  appId: string;
  inputs?: unknown;
  /**
   * `test_execution` from the builder (owner only), `published` from the app's public page. When
   * omitted: test_execution for the app's owner, published for anyone else.
   */
  actionType?: ActionType;
  /** Run the app's live (approved) version even for its owner: runs through an API key. */
  live?: boolean;
  /**
   * Where it is started from: builder, store, embed or api. When omitted: builder for a test run,
   * store for a published one.
   */
  source?: RunSource;
  /**
   * Started by a visitor who is not signed in, on the account of `userId` (an embed's owner pays):
   * the run is not theirs, so its details are shown to them only when the app shares them.
   */
  visitor?: boolean;
}

export interface InputFileRequest {
  userId: string;
  isAdmin?: boolean;
  appId: string;
  /** The file upload block it is for; the app's first one when omitted. */
  blockId?: string;
  actionType?: ActionType;
  name: string;
  mime: string;
  data: Uint8Array;
}

export interface StoredInputFile {
  /** The run input for the block: send it keyed by the block's variable name. */
  id: string;
  /** The block it was checked against. */
  blockId: string;
  /** The key to send it under in a run's inputs. */
  inputKey: string;
  name: string;
  mime: string;
  size: number;
  url: string;
}

/** An action type sent by a client: test_execution or published, or a clear error. */
export function parseActionType(actionType: string): ActionType {
  if (actionType !== 'test_execution' && actionType !== 'published') {
    throw new InputError('actionType must be test_execution or published.');
  }
  return actionType;
}

export { UNFINISHED_STEP, type StoredRun } from './run-records';

const MAX_INPUT_CHARS = 100_000;

/** No upload is kept above this, whatever a block's settings say. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** What a run says when the process executing it stopped before it ended. */
export const INTERRUPTED_RUN_MESSAGE =
  'This run was interrupted because the server running it stopped. Your credits were refunded; please run it again.';

/**
 * Runs an app for a signed-in person: checks who may run it, validates the app and the inputs,
 * prices it, creates the run record and debits the ledger in one statement, executes it with
 * progress on the hub (here, or on whichever process takes it from the queue), then stores the
 * outcome and counts the use, or refunds a failed run.
 */
export class RunService {
  private readonly queue: RunQueue;
  private started = false;
  /** Runs this process has charged to execute itself, or is executing. */
  private readonly executingHere = new Set<string>();
  private readonly log: (message: string) => void;
  /** Every statement about the runs this service starts and executes. */
  private readonly records: RunRecords;
  /** The steps of runs going on for a while, stored as they go. */
  private readonly checkpoints: StepCheckpoints;
  /**
   * Keep each block's step with the run (see `RunServiceDeps.recordSteps`); may be switched while
   * runs go on (the benchmark compares both).
   */
  recordSteps: boolean;

  constructor(private readonly deps: RunServiceDeps) {
    this.records = new RunRecords({ dataSource: deps.dataSource, ledger: deps.ledger });
    this.queue = deps.queue ?? new InProcessRunQueue();
    this.log = deps.log ?? ((message) => console.error(message));
    this.checkpoints = new StepCheckpoints(this.records, this.log);
    this.recordSteps = deps.recordSteps ?? true;
  }

  /** Begins taking runs from the queue (with pg-boss: this process's share of everyone's runs). */
  async startWorkers(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.queue.start((job, attempt) => this.executeJob(job, attempt));
    await this.deps.lease?.start();
  }

  async start(request: StartRunRequest): Promise<StartedRun> {
    const { userId } = request;
    if (request.source !== undefined && !isRunSource(request.source)) {
      throw new InputError('source must be builder, store, embed or api.');
    }
    const runnable = await this.runnableApp(request);
    const { actionType } = runnable;
    const source = request.source ?? (actionType === 'test_execution' ? 'builder' : 'store');
    const visitor = request.visitor === true;
    // The app may be a read shared with other callers: the run gets a copy of its own.
    const app = { ...runnable.app, config: JSON.parse(JSON.stringify(runnable.app.config)) as App['config'] };
    const plan = planRun(app.config, this.deps.registry);
    const inputs = this.checkedInputs(app, plan, request.inputs);
    await this.checkInputFiles(plan, inputs, userId);
    // Charged now: the AI blocks every run pays for. The others (after a route, inside a loop) are
    // charged as they start, and never when they are skipped.
    const items = plan.nodes
      .filter((node) => node.prepaid)
      .map((node) => ({ blockType: node.definition.historyType, credits: node.definition.cost }));
    // Another person's run of a priced app pays its creator, at the price of this moment: charged
    // with the run, refunded with it, earned by the owner only when it succeeds (success-writer).
    const creatorPrice =
      actionType === 'published' && this.deps.earnings
        ? await this.deps.earnings.priceFor(app.id!, userId, { visitor })
        : 0;
    if (creatorPrice > 0) items.push({ blockType: CREATOR_PRICE_TYPE, credits: creatorPrice });
    const runId = randomUUID();
    if (!this.started) await this.startWorkers();

    // Executed here at once when this process has a free place (the record names this process),
    // otherwise queued for whichever process has one.
    const local = this.queue.takeLocal();
    const executor = local ? (this.deps.lease?.id ?? null) : null;
    // Named as executing here before the record exists, so this process's sweep never takes it.
    if (local) this.executingHere.add(runId);
    try {
      // The run record and its charge are one statement: both are written, or neither.
      await this.deps.ledger.chargeNewRun(
        {
          id: runId,
          appId: app.id!,
          userId,
          actionType,
          inputs,
          executor,
          source,
          // The notice as the person saw it when they started the run decides what its owner sees.
          detailsShared: runnable.app.shareRunDetails === true,
          visitor,
        },
        items,
      );
    } catch (error) {
      if (local) {
        this.executingHere.delete(runId);
        this.queue.releaseLocal();
      }
      throw error;
    }

    this.deps.hub.open(runId, userId);
    if (local) this.deps.hub.executing(runId, userId, { startedHere: true });
    const done = this.records.whenEnded(runId, this.deps.hub.finished(runId));
    done.catch(() => undefined); // callers that do not wait for the end must not see it as unhandled
    const job: RunJob = {
      runId,
      appId: app.id!,
      appName: app.name,
      userId,
      config: app.config,
      inputs,
      ...(visitor && { visitor }),
    };
    try {
      await this.queue.enqueue(job, { local });
    } catch (error) {
      // Charged but never queued: end it now, refunded, so nothing is left charged and unfinished.
      await this.endUnfinished(
        runId,
        'The run could not be queued. Your credits were refunded; please try again.',
        'UNAVAILABLE',
      );
      throw error;
    }
    return {
      runId,
      cost: plan.cost + creatorPrice,
      costRange: withCreatorPrice(plan.costRange, creatorPrice),
      done,
    };
  }

  /**
   * Keeps a file for one of an app's file upload blocks, after the same checks as a run (who may
   * run the app) and the block's own rules (types, size). Its id is the run input for that block.
   */
  async storeInputFile(request: InputFileRequest): Promise<StoredInputFile> {
    const { app } = await this.runnableApp(request);
    const plan = planRun(app.config, this.deps.registry);
    const fileNodes = plan.nodes.filter((node) => node.definition.inputKind === 'file');
    const node =
      request.blockId === undefined ? fileNodes[0] : fileNodes.find((n) => n.id === request.blockId);
    if (!node) {
      throw new InputError(
        request.blockId === undefined
          ? 'This app has no file upload block, so it takes no file.'
          : `The app has no file upload block ${request.blockId}.`,
      );
    }
    const candidate = { name: request.name, mime: request.mime, size: request.data.byteLength };
    if (candidate.size > MAX_UPLOAD_BYTES) {
      throw new PayloadTooLargeError(`"${candidate.name}" is larger than the 50 MB upload limit.`);
    }
    const refusal = node.definition.acceptsFile?.(node.settings, candidate) ?? null;
    if (refusal) {
      throw refusal.tooLarge ? new PayloadTooLargeError(refusal.message) : new InputError(refusal.message);
    }
    const ref = await this.fileStore(request.userId).put(request.data, {
      name: request.name,
      mime: request.mime,
    });
    return { ...ref, blockId: node.id, inputKey: node.variable ?? node.id };
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
  async drain(timeoutMs?: number): Promise<void> {
    await this.queue.stop(timeoutMs);
    await this.checkpoints.stop();
    await this.deps.lease?.stop();
  }

  /** Ends runs whose executing process stopped: failed and refunded, once each. */
  async endLapsed(runIds: readonly string[]): Promise<void> {
    for (const runId of runIds) {
      await this.endUnfinished(runId, INTERRUPTED_RUN_MESSAGE, 'UNAVAILABLE');
    }
  }

  private async runnableApp(request: {
    userId: string;
    isAdmin?: boolean;
    appId: string;
    actionType?: ActionType | undefined;
    live?: boolean | undefined;
  }): Promise<{ app: App; actionType: ActionType }> {
    // A live run reads the app as the store shows it, whoever asks.
    const viewer = request.live
      ? { userId: null, isAdmin: false }
      : { userId: request.userId, isAdmin: request.isAdmin ?? false };
    // Someone else's app may be the shared public read (up to a second old, like its page); the
    // owner's own runs always use the current app.
    // Other people run the live version, whole; the owner runs the draft.
    const app = await this.deps.apps.forRun(viewer, request.appId);
    const actionType =
      request.actionType ?? (app.owner_id === request.userId ? 'test_execution' : 'published');
    if (actionType === 'test_execution') {
      if (app.owner_id !== request.userId) throw new NotFoundError('App not found.');
      return { app, actionType };
    }
    if (actionType === 'published') {
      if (!app.isPublished)
        throw new NotFoundError('The requested app could not be found or is not published.');
      return { app, actionType };
    }
    throw new InputError('actionType must be test_execution or published.');
  }

  private checkedInputs(app: App, plan: RunPlan, raw: unknown): Record<string, unknown> {
    if (raw === undefined || raw === null) raw = {};
    if (!isPlainObject(raw)) throw new InputError('Send the inputs as an object keyed by input name.');
    const inputs = raw as Record<string, unknown>;
    let size = 0;
    for (const value of Object.values(inputs)) {
      if (typeof value === 'string') size += value.length;
      else if (value !== null && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new InputError('Each input must be text, a number or a yes/no value.');
      }
    }
    if (size > MAX_INPUT_CHARS)
      throw new InputError(`The inputs are too long: ${MAX_INPUT_CHARS} characters at most.`);
    // Each input block's own rule for what was entered (the text input's LinkedIn rule, say).
    for (const node of plan.nodes) {
      const check = node.definition.checkInput;
      if (!check) continue;
      const value = (node.variable !== undefined ? inputs[node.variable] : undefined) ?? inputs[node.id];
      const problem = check(node.settings, value);
      if (problem) throw new InputError(problem);
    }
    return inputs;
  }

  /** A file input must name a file this person uploaded: nobody runs an app on someone else's file. */
  private async checkInputFiles(plan: RunPlan, inputs: Record<string, unknown>, userId: string) {
    for (const node of plan.nodes) {
      if (node.definition.inputKind !== 'file') continue;
      const key = node.variable !== undefined && node.variable in inputs ? node.variable : node.id;
      const value = inputs[key];
      if (value === undefined || value === null || value === '') continue;
      const id = typeof value === 'string' ? value.replace(/^\/files\//, '') : '';
      const owned =
        isUuid(id) &&
        (await this.deps.dataSource.getRepository(FileRecord).existsBy({ id, ownerId: userId }));
      if (!owned) {
        throw new InputError(`The file for ${node.title} was not found. Please upload it again.`);
      }
    }
  }

  private fileStore(userId: string | null): FileStore {
    const { files } = this.deps;
    return files.forOwner ? files.forOwner(userId) : files;
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
      const row = await this.records.retried(job.runId);
      if (!row || row.status !== 'running') return; // it did finish, or is gone
      if (row.begun) {
        await this.endUnfinished(job.runId, INTERRUPTED_RUN_MESSAGE, 'UNAVAILABLE');
        return;
      }
    }
    let plan: RunPlan;
    try {
      plan = planRun(job.config, this.deps.registry);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.endUnfinished(job.runId, message, 'BAD_USER_INPUT');
      return;
    }
    this.deps.hub.executing(job.runId, job.userId);
    let ended: { succeeded: boolean; charged: number };
    try {
      ended = await this.execute(job, plan);
    } catch (error) {
      // Its ending could not be stored (the database went away, say): end it as interrupted, so
      // it is not left charged and unfinished; failing that, the lease sweep ends it later.
      this.log(`Run ${job.runId}: its outcome could not be stored: ${String(error)}`);
      await this.endUnfinished(job.runId, INTERRUPTED_RUN_MESSAGE, 'UNAVAILABLE').catch(() => undefined);
      throw error;
    }
    this.deps.analytics?.record(
      'app_executed',
      {
        app_id: job.appId,
        app_name: job.appName,
        plugin_types: plan.nodes.map((node) => node.definition.kind),
        credits_used: ended.succeeded ? ended.charged : 0,
        success: ended.succeeded,
      },
      job.userId,
    );
  }

  /** The runs this process is executing now: the lease sweep leaves them alone. */
  executing(): string[] {
    return [...this.executingHere];
  }

  /**
   * Ends a run that is still running as failed, refunds it, and tells its watchers. Its steps
   * stay as they were last stored; a block they show running did not finish.
   */
  private async endUnfinished(runId: string, error: string, errorCode: string): Promise<void> {
    const ended = await this.records.storeFailure(runId, { status: 'failed', nodes: null, error, errorCode });
    if (ended)
      this.deps.hub.publish({ type: 'run_finished', runId, at: Date.now(), status: 'failed', error });
  }

  /**
   * Executes the run and stores its ending; answers whether it succeeded as stored, and the
   * credits charged in all. The run's `run_finished` is published once its ending is stored (or,
   * if another process ended it first, that stored ending). Throws only when the ending could not
   * be stored. Blocks not paid for at the start are charged as they start (`chargeStartedBlocks`).
   */
  private async execute(job: RunJob, plan: RunPlan): Promise<{ succeeded: boolean; charged: number }> {
    const { runId, userId, inputs } = job;
    let charged = plan.cost;
    // run_finished is held back until the outcome is stored, so a client that sees it can read the run.
    let finished: RunEvent | undefined;
    let abandoned = false;
    const timeoutMs = this.deps.timeoutMs;
    const limit = new AbortController();
    const timers: NodeJS.Timeout[] = [];
    // Each block's step, built from the progress events; stored as it goes once the run is long.
    const steps = this.recordSteps ? new StepRecorder(plan) : null;
    if (steps) this.checkpoints.track(runId, steps, inputs);
    const engine = executeRun(plan, {
      runId,
      inputs,
      provider: this.deps.provider,
      files: this.deps.files,
      onEvent: (event) => {
        if (abandoned) return;
        steps?.observe(event);
        if (event.type === 'run_finished') finished = event;
        else this.deps.hub.publish(event);
      },
      maxConcurrency: Math.max(1, this.deps.concurrency ?? 8),
      signal: limit.signal,
      charge: async (charges) => {
        charged += await chargeStartedBlocks(this.deps.dataSource, { runId, userId, charges });
      },
      ...(this.deps.secrets && { secrets: this.deps.secrets.forApp(job.appId) }),
    });
    let outcome: RunOutcome | null;
    let timedOut = false;
    try {
      if (timeoutMs === undefined) outcome = await engine;
      else {
        // Past the limit the run is asked to stop; a block that ignores that is left behind after a
        // grace period, and the run ends without it.
        const givenUp = new Promise<null>((resolve) => {
          timers.push(setTimeout(() => limit.abort(), timeoutMs));
          timers.push(setTimeout(() => resolve(null), timeoutMs + stopGraceMs(timeoutMs)));
        });
        outcome = await Promise.race([engine, givenUp]).finally(() => timers.forEach(clearTimeout));
      }
    } finally {
      this.checkpoints.forget(runId);
    }
    const engineOutcome = outcome;
    if (outcome === null || (outcome.status === 'aborted' && limit.signal.aborted)) {
      abandoned = outcome === null;
      timedOut = true;
      const error = runTimedOutMessage(timeoutMs!);
      outcome = {
        ...(outcome ?? { runId, nodes: {}, result: {}, artifacts: [], durationMs: timeoutMs! }),
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
        // Cut outputs are kept whole as the runner's files; a visitor's belong to nobody (they
        // open only through the signed links a permitted read of the run hands out).
        files: () => this.fileStore(job.visitor ? null : userId),
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
    let stored: boolean;
    if (outcome.status === 'succeeded') {
      // One statement, shared with the other runs ending at the same moment: outcome and use count.
      stored = await this.records.storeSuccess({
        runId,
        result: { ...outcome.result, artifacts: outcome.artifacts },
        nodes,
        finishedAt: new Date(),
      });
    } else {
      stored = await this.records.storeFailure(runId, {
        status: outcome.status,
        nodes,
        error: outcome.error ?? null,
        errorCode: outcome.errorCode ?? null,
      });
    }
    if (stored) {
      if (finished) this.deps.hub.publish(finished);
      return { succeeded: outcome.status === 'succeeded', charged };
    }
    // Another process ended it first (this one was taken to have stopped): its ending stands.
    const ending: RunEvent = (await this.records.ending(runId)) ?? {
      type: 'run_finished',
      runId,
      at: Date.now(),
      status: 'failed',
    };
    this.deps.hub.publish(ending);
    return { succeeded: ending.type === 'run_finished' && ending.status === 'succeeded', charged };
  }
}
