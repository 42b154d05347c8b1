import { randomUUID } from 'node:crypto';
import type { AiProvider, FileStore } from '@blocksmith/block-sdk';
import {
  isPlainObject,
  linkedInInputProblem,
  type ActionType,
  type App,
  type RunEvent,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AppRecord, RunRecord } from '../../data/entities';
import { InputError, NotFoundError } from '../../errors';
import { executeRun, planRun, type BlockRegistry, type RunOutcome, type RunPlan } from '../../kernel';
import type { AppService } from '../apps/app-service';
import type { CreditLedger } from '../credits';
import type { RunEventHub } from './run-event-hub';
import { isUuid } from '../../ids';

export interface RunServiceDeps {
  dataSource: DataSource;
  registry: BlockRegistry;
  apps: AppService;
  ledger: CreditLedger;
  provider: AiProvider;
  files: FileStore;
  hub: RunEventHub;
  /** Blocks running at once within one run. */
  concurrency?: number;
}

export interface StartedRun {
  runId: string;
  cost: number;
  /** Settles when the run has finished and its record, uses count and any refund are stored. */
  done: Promise<RunOutcome>;
}

export interface StartRunRequest {
  userId: string;
  isAdmin?: boolean;
  appId: string;
  inputs?: unknown;
  /** `test_execution` from the builder (owner only), `published` from the app's public page. */
  actionType: ActionType;
}

const MAX_INPUT_CHARS = 100_000;

/**
 * Runs an app for a signed-in person: checks who may run it, validates the app and the inputs,
 * prices it, creates the run record and debits the ledger in one transaction, executes it with
 * progress on the hub, then stores the outcome, counts the use, or refunds a failed run.
 */
export class RunService {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: RunServiceDeps) {}

  async start(request: StartRunRequest): Promise<StartedRun> {
    const { userId, actionType } = request;
    const app = await this.runnableApp(request);
    const plan = planRun(app.config, this.deps.registry);
    const inputs = this.checkedInputs(app, plan, request.inputs);
    const items = plan.nodes
      .filter((node) => node.definition.category === 'ai' && node.definition.cost > 0)
      .map((node) => ({ blockType: node.definition.historyType, credits: node.definition.cost }));
    const runId = randomUUID();

    await this.deps.dataSource.transaction(async (manager) => {
      const runs = manager.getRepository(RunRecord);
      await runs.save(
        runs.create({
          id: runId,
          appId: app.id!,
          userId,
          actionType,
          status: 'running',
          cost: plan.cost,
          inputs,
          result: null,
          nodes: null,
          error: null,
          finishedAt: null,
        }),
      );
      await this.deps.ledger.debit({ userId, runId, actionType, items }, { manager });
    });

    this.deps.hub.open(runId, userId);
    const done = this.execute(runId, app.id!, plan, inputs);
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
    return { runId, cost: plan.cost, done };
  }

  /** One of the caller's runs; anyone else's (or none) is not found. */
  async get(userId: string, runId: string): Promise<RunRecord> {
    const record = isUuid(runId)
      ? await this.deps.dataSource.getRepository(RunRecord).findOneBy({ id: runId, userId })
      : null;
    if (!record) throw new NotFoundError('Run not found.');
    return record;
  }

  /** Waits for every run this process is executing (graceful shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async runnableApp(request: StartRunRequest): Promise<App> {
    const viewer = { userId: request.userId, isAdmin: request.isAdmin ?? false };
    if (request.actionType === 'test_execution') {
      const app = await this.deps.apps.get(viewer, request.appId);
      if (app.owner_id !== request.userId) throw new NotFoundError('App not found.');
      return app;
    }
    if (request.actionType === 'published') {
      const app = await this.deps.apps.get(viewer, request.appId);
      if (!app.isPublished)
        throw new NotFoundError('The requested app could not be found or is not published.');
      return app;
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
    const variables = new Map(plan.nodes.map((node) => [node.id, node.variable]));
    const keyOf = (plugin: { id: string }) => variables.get(plugin.id) ?? plugin.id;
    const linkedIn = linkedInInputProblem(app.config.plugins, inputs, keyOf);
    if (linkedIn) throw new InputError(linkedIn);
    return inputs;
  }

  private async execute(runId: string, appId: string, plan: RunPlan, inputs: Record<string, unknown>) {
    // run_finished is held back until the outcome is stored, so a client that sees it can read the run.
    let finished: RunEvent | undefined;
    const outcome = await executeRun(plan, {
      runId,
      inputs,
      provider: this.deps.provider,
      files: this.deps.files,
      onEvent: (event) => (event.type === 'run_finished' ? (finished = event) : this.deps.hub.publish(event)),
      maxConcurrency: this.deps.concurrency ?? 8,
    });
    const nodes: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(outcome.nodes)) {
      nodes[id] = {
        status: node.status,
        durationMs: Math.round(node.durationMs),
        ...(node.error ? { error: node.error } : {}),
      };
    }
    try {
      await this.deps.dataSource.transaction(async (manager) => {
        await manager.getRepository(RunRecord).update({ id: runId }, {
          status: outcome.status,
          result: outcome.status === 'succeeded' ? { ...outcome.result, artifacts: outcome.artifacts } : null,
          nodes,
          error: outcome.error ?? null,
          finishedAt: new Date(),
        } as QueryDeepPartialEntity<RunRecord>);
        if (outcome.status === 'succeeded') {
          await manager.getRepository(AppRecord).increment({ id: appId }, 'uses', 1);
        } else {
          await this.deps.ledger.refund(runId, { manager });
        }
      });
    } finally {
      // Watchers always learn the run ended, even if storing its outcome failed.
      if (finished) this.deps.hub.publish(finished);
    }
    return outcome;
  }
}
