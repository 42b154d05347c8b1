import {
  CREATOR_PRICE_TYPE,
  isPlainObject,
  RUN_SOURCES,
  isRunSource,
  type ActionType,
  type App,
  type CostRange,
  type RunSource,
  withCreatorPrice,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppVersion, FileRecord } from '../../data/entities';
import { InputError, NotFoundError, PayloadTooLargeError } from '../../errors';
import { isUuid, timeOrderedUuid } from '../../ids';
import { planRun, type ModelLookup, type PlanOptions, type RunPlan } from '@blocksmith/engine';
import type { BlockRegistry } from '../../kernel';
import type { RunnableApp } from '../apps/app-reader';
import type { AppService } from '../apps/app-service';
import type { ChatTurnContext } from '../chat/chat-turn-run';
import type { CreditLedger } from '../credits';
import { checkBeforePreview } from './run-checklist';
import type { RunEvents } from './run-events';
import type { RunJob, RunQueue } from './run-queue';
import type { RunRecords, StoredRun } from './run-records';
import { filesOf, type RunFiles, type RunLease, type RunWorker } from './run-worker';

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
  /**
   * The month (`YYYY-MM`) of the app's embed cap this run counts against: every charge of the run,
   * at its start and as its blocks start, is counted there (a visitor's run the owner pays for).
   */
  embedPeriod?: string;
  /**
   * Checked once the run is priced (its blocks, over the plan it runs, plus any creator price) and
   * before anything is charged; throws to refuse the run. An embed's price confirmation.
   */
  checkPrice?: (cost: CostRange) => Promise<void>;
  /** A chat turn (source `chat`): the conversation so far, handed to the app's blocks as it runs. */
  chat?: ChatTurnContext;
  /** The run that started this one: an agent block calling the app as a tool (source `agent`). */
  parentRunId?: string;
  /** One of the app's versions to run instead of the draft (its owner's test runs only). */
  versionId?: string;
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

const MAX_INPUT_CHARS = 100_000;

/** No upload is kept above this, whatever a block's settings say. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export interface RunStartDeps {
  dataSource: DataSource;
  registry: BlockRegistry;
  apps: AppService;
  ledger: CreditLedger;
  files: RunFiles;
  hub: RunEvents;
  queue: RunQueue;
  records: RunRecords;
  /** Where the run executes when this process has a free place, and who ends a run not queued. */
  worker: Pick<RunWorker, 'started' | 'start' | 'takeLocal' | 'releaseLocal' | 'endUnfinished'>;
  lease?: RunLease | undefined;
  /** The server's models: runs naming a model it cannot use are refused, and models add their price. */
  models?: ModelLookup & { ready(): Promise<void> };
  earnings?:
    | { priceFor(appId: string, runnerId: string, options: { visitor?: boolean }): Promise<number> }
    | undefined;
}

/**
 * Starts runs: checks who may run the app, validates the app and the inputs (and that file inputs
 * are the runner's own uploads), prices the run (its up-front blocks and any creator price),
 * creates its record and charges it in one statement, and hands it to this process's worker or
 * the queue. Also keeps the files uploaded for a run, after the same checks.
 */
export class RunStart {
  constructor(private readonly deps: RunStartDeps) {}

  async start(request: StartRunRequest): Promise<StartedRun> {
    const { userId } = request;
    const { hub, worker } = this.deps;
    if (request.source !== undefined && !isRunSource(request.source)) {
      throw new InputError(`source must be one of ${RUN_SOURCES.join(', ')}.`);
    }
    const runnable = await this.runnableApp(request);
    const { actionType } = runnable;
    const source = request.source ?? (actionType === 'test_execution' ? 'builder' : 'store');
    const visitor = request.visitor === true;
    // The app may be a read shared with other callers: the run gets a copy of its own.
    const app = { ...runnable.app, config: JSON.parse(JSON.stringify(runnable.app.config)) as App['config'] };
    const plan = planRun(app.config, this.deps.registry, await this.planOptions());
    // A full block the owner's plan does not allow and the app never held legitimately: refused
    // as on save (a config written around the save check runs no more than it saves).
    await this.deps.apps.checkFullBlocksForRun(app.id!, app.config, runnable.tiers);
    // Another person's run of a priced app pays its creator, at the price of this moment: charged
    // with the run, refunded with it, earned by the owner only when it succeeds (success-writer).
    const creatorPrice =
      actionType === 'published' && this.deps.earnings
        ? await this.deps.earnings.priceFor(app.id!, userId, { visitor })
        : 0;
    const costRange = withCreatorPrice(plan.costRange, creatorPrice);
    await request.checkPrice?.(costRange);
    const inputs = this.checkedInputs(app, plan, request.inputs);
    // A preview refuses what the builder's checklist lists, before anything is kept or charged.
    if (actionType === 'test_execution') checkBeforePreview(app.config, this.deps.registry, inputs);
    await this.checkInputFiles(plan, inputs, userId);
    // Charged now: the AI blocks every run pays for. The others (after a route, inside a loop) are
    // charged as they start, and never when they are skipped.
    const items = plan.nodes
      .filter((node) => node.prepaid)
      .map((node) => ({ blockType: node.definition.historyType, credits: node.cost }));
    if (creatorPrice > 0) items.push({ blockType: CREATOR_PRICE_TYPE, credits: creatorPrice });
    // Time-ordered: each run's row is added at the end of the runs' primary key (ids.ts).
    const runId = timeOrderedUuid();
    if (!worker.started) await worker.start();

    // Executed here at once when this process has a free place (the record names this process),
    // otherwise queued for whichever process has one.
    const local = worker.takeLocal(runId);
    const executor = local ? (this.deps.lease?.id ?? null) : null;
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
          versionId: runnable.versionId,
          embedCap: request.embedPeriod ? { appId: app.id!, period: request.embedPeriod } : null,
          parentRunId: request.parentRunId ?? null,
        },
        items,
      );
    } catch (error) {
      if (local) worker.releaseLocal(runId);
      throw error;
    }

    hub.open(runId, userId);
    if (local) hub.executing(runId, userId, { startedHere: true });
    const done = this.deps.records.whenEnded(runId, hub.finished(runId));
    done.catch(() => undefined); // callers that do not wait for the end must not see it as unhandled
    const job: RunJob = {
      runId,
      appId: app.id!,
      appName: app.name,
      userId,
      config: app.config,
      inputs,
      ...(visitor && { visitor }),
      paysCreator: creatorPrice > 0,
      ...(creatorPrice > 0 && { creatorPrice }),
      // Executed here: the worker runs this plan instead of planning the app again.
      ...(local && { plan }),
      ...(request.chat && { chat: request.chat }),
    };
    try {
      await this.deps.queue.enqueue(job, { local });
    } catch (error) {
      // Charged but never queued: end it now, refunded, so nothing is left charged and unfinished.
      await worker.endUnfinished(
        runId,
        'The run could not be queued. Your credits were refunded; please try again.',
        'UNAVAILABLE',
      );
      throw error;
    }
    return {
      runId,
      cost: plan.cost + creatorPrice,
      costRange,
      done,
    };
  }

  /** Planning with the server's models, once they have been listed. */
  private async planOptions(): Promise<PlanOptions> {
    const { models } = this.deps;
    if (!models) return {};
    await models.ready();
    return { models };
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
    const ref = await filesOf(this.deps.files, request.userId).put(request.data, {
      name: request.name,
      mime: request.mime,
    });
    return { ...ref, blockId: node.id, inputKey: node.variable ?? node.id };
  }

  private async runnableApp(request: {
    userId: string;
    isAdmin?: boolean;
    appId: string;
    actionType?: ActionType | undefined;
    live?: boolean | undefined;
    versionId?: string | undefined;
  }): Promise<RunnableApp & { actionType: ActionType }> {
    // A live run reads the app as the store shows it, whoever asks.
    const viewer = request.live
      ? { userId: null, isAdmin: false }
      : { userId: request.userId, isAdmin: request.isAdmin ?? false };
    // Someone else's app may be the shared public read (up to a second old, like its page); the
    // owner's own runs always use the current app.
    // Other people run the live version, whole; the owner runs the draft.
    const read = await this.deps.apps.forRun(viewer, request.appId);
    const { app, versionId } = read;
    const actionType =
      request.actionType ?? (app.owner_id === request.userId ? 'test_execution' : 'published');
    if (actionType === 'test_execution') {
      if (app.owner_id !== request.userId) throw new NotFoundError('App not found.');
      if (request.versionId !== undefined && request.versionId !== versionId) {
        const version = isUuid(request.versionId)
          ? await this.deps.dataSource
              .getRepository(AppVersion)
              .findOneBy({ id: request.versionId, appId: app.id! })
          : null;
        if (!version) throw new NotFoundError('This app has no such version.');
        const chosen = { ...app, name: version.name, config: version.config };
        return { ...read, app: chosen, versionId: version.id, actionType };
      }
      return { ...read, actionType };
    }
    if (actionType === 'published') {
      if (!app.isPublished)
        throw new NotFoundError('The requested app could not be found or is not published.');
      return { ...read, actionType };
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
}
