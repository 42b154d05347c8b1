import {
  flatResult,
  isRunResult,
  type NodeStatus,
  type RunResult,
  type RunSource,
  type TokenUsage,
} from '@blocksmith/schema';
import type { RunRecordStatus } from '../../data/entities';
import type { StoredStep, StoredSteps } from '../runs/run-steps';
import { runResults } from './run-results';

/** Who started a run, as its views name them. */
export interface RunRunner {
  id: string;
  name: string;
}

/** The runner a visitor's run (an embed run on its owner's credits) shows. */
export const VISITOR_RUNNER: RunRunner = { id: 'visitor', name: 'A visitor who was not signed in' };

/** A run's list row: everything a list shows, without its inputs, result and steps. */
export interface RunSummary {
  id: string;
  appId: string;
  userId: string;
  actionType: string;
  source: RunSource;
  status: RunRecordStatus;
  cost: number;
  error: string | null;
  errorCode: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  detailsShared: boolean;
  visitor: boolean;
  /** The run that started this one (an agent calling the app as a tool); null otherwise. */
  parentRunId: string | null;
}

/** What a run's inputs and result are read from (one query per page, only when asked for). */
export interface RunDetails {
  inputs: Record<string, unknown>;
  result: Record<string, unknown> | null;
}

/** A run's steps as stored (`runs.nodes`; one query per page, only when asked for). */

/** The names a run's views show (one query, only when asked for). */
export interface RunNames {
  appName: string;
  runnerName: string;
}

/** One block of a run as the API answers it (the contract's RunStep). */
export interface RunStepView {
  nodeId: string;
  kind: string;
  title: string;
  status: NodeStatus;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
  inputs: Record<string, unknown> | null;
  outputs: Record<string, unknown> | null;
  outputFiles: Record<string, string> | null;
  truncated: boolean;
  error: string | null;
  model: string | null;
  usage: TokenUsage | null;
  /** An AI block: the credits charged for it (over all its items); null for other blocks. */
  credits: number | null;
  items: number | null;
}

/** The app's version a run ran, as the caller may see it. */
export interface RunVersionView {
  id: string;
  number: number;
  /** Its blocks and connections (AI blocks without their settings for people other than the owner). */
  config: Record<string, unknown>;
}

/** How the caller stands to the run. */
export interface RunAccess {
  /** The caller started it (or is the one answered a run they just made). */
  mine: boolean;
}

/** Where a view gets what it shows only when asked: loaded once, shared by a page's views. */
export interface RunLoaders {
  details(id: string): Promise<RunDetails>;
  steps(id: string): Promise<StoredSteps>;
  names(id: string): Promise<RunNames>;
  /** The version it ran; null for runs kept before versions were recorded. */
  version(id: string): Promise<RunVersionView | null>;
  /** Credits it kept of its charge though it did not succeed (`keptCredits`). */
  keptCredits(id: string): Promise<number>;
  /** Kept files in a value (at any depth) as signed links. */
  sign<T>(value: T): Promise<T>;
  /** A block's title and kind from the app as it is now, for runs kept before steps had them. */
  blockOf(runId: string, nodeId: string): Promise<{ kind: string; title: string }>;
}

/**
 * One run as one caller may see it. The privacy rule: a person sees everything about the runs they
 * started; the app's owner sees every run's status, source, timing, cost and errors, and another
 * person's inputs and outputs only when that run was started while the app shared run details
 * (`detailsShared`); otherwise those are null and `detailsHidden` is true. Fields the caller does
 * not ask for are never loaded (the GraphQL default resolver reads these getters only when asked).
 */
export class RunView {
  readonly id: string;
  readonly appId: string;
  readonly status: RunRecordStatus;
  readonly actionType: string;
  readonly source: RunSource;
  readonly cost: number;
  readonly error: string | null;
  readonly errorCode: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
  readonly mine: boolean;
  readonly detailsHidden: boolean;
  readonly durationMs: number | null;
  readonly parentRunId: string | null;

  constructor(
    private readonly summary: RunSummary,
    access: RunAccess,
    private readonly loaders: RunLoaders,
  ) {
    this.id = summary.id;
    this.appId = summary.appId;
    this.status = summary.status;
    this.actionType = summary.actionType;
    this.source = summary.source;
    this.cost = summary.cost;
    this.error = summary.error;
    this.errorCode = summary.errorCode;
    this.createdAt = summary.createdAt;
    this.finishedAt = summary.finishedAt;
    this.mine = access.mine;
    this.parentRunId = summary.parentRunId;
    this.detailsHidden = !access.mine && !summary.detailsShared;
    this.durationMs =
      summary.finishedAt === null
        ? null
        : Math.max(0, summary.finishedAt.getTime() - summary.createdAt.getTime());
  }

  get appName(): Promise<string> {
    return this.loaders.names(this.id).then((names) => names.appName);
  }

  get runner(): Promise<RunRunner> | RunRunner {
    if (this.summary.visitor) return VISITOR_RUNNER;
    return this.loaders.names(this.id).then((names) => ({ id: this.summary.userId, name: names.runnerName }));
  }

  /** The app's version the run ran (null for runs kept before versions were recorded). */
  get version(): Promise<RunVersionView | null> {
    return this.loaders.version(this.id);
  }

  /**
   * Credits a run that did not succeed kept of its charge; 0 when all was given back. Only a failed
   * or stopped run is refunded, so only one of those is looked up (every REST execute asks).
   */
  get keptCredits(): Promise<number> | number {
    if (this.status !== 'failed' && this.status !== 'aborted') return 0;
    return this.loaders.keptCredits(this.id);
  }

  /** What the run was started with (file inputs by reference, as signed links); null when hidden. */
  get inputs(): Promise<Record<string, unknown> | null> {
    if (this.detailsHidden) return Promise.resolve(null);
    return this.loaders.details(this.id).then((details) => this.loaders.sign(details.inputs));
  }

  /**
   * The result fields and artifacts of a successful run, flat (`flatResult`: every block's outputs
   * under one key each, as REST execute answers them); null when hidden.
   */
  get result(): Promise<Record<string, unknown> | null> {
    if (this.detailsHidden) return Promise.resolve(null);
    return this.loaders
      .details(this.id)
      .then((details) => this.loaders.sign(details.result && flatResult(details.result)));
  }

  /** Each block's kind and outputs by block id, and the artifacts, of a successful run; null when hidden. */
  get results(): Promise<RunResult | null> {
    if (this.detailsHidden) return Promise.resolve(null);
    return this.loaders.details(this.id).then(async (details) => {
      if (details.result === null) return null;
      const steps = isRunResult(details.result) ? null : await this.loaders.steps(this.id);
      return this.loaders.sign(runResults(details.result, steps));
    });
  }

  /** Per block: status, duration, error, items of a loop, and routes taken when details show. */
  get nodes(): Promise<Record<string, unknown> | null> {
    return this.loaders.steps(this.id).then((stored) => {
      if (!stored) return null;
      const nodes: Record<string, unknown> = {};
      for (const [id, node] of Object.entries(stored)) {
        nodes[id] = {
          status: node.status,
          ...(node.durationMs !== undefined && { durationMs: node.durationMs }),
          ...(node.error !== undefined && { error: node.error }),
          ...(node.runs !== undefined && { runs: node.runs }),
          ...(node.routes !== undefined && !this.detailsHidden && { routes: node.routes }),
        };
      }
      return nodes;
    });
  }

  /** Each block's step, in the run's order. */
  get steps(): Promise<RunStepView[]> {
    return this.loaders.steps(this.id).then(async (stored) => {
      const entries = Object.entries(stored ?? {}).sort(
        ([, a], [, b]) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER),
      );
      const steps = await Promise.all(
        entries.map(async ([nodeId, node]) => {
          const named =
            node.title !== undefined && node.kind !== undefined
              ? { kind: node.kind, title: node.title }
              : await this.loaders.blockOf(this.id, nodeId);
          return this.step(nodeId, node, named);
        }),
      );
      return this.detailsHidden ? steps : this.loaders.sign(steps);
    });
  }

  private step(
    nodeId: string,
    node: Partial<StoredStep>,
    named: { kind: string; title: string },
  ): RunStepView {
    const hidden = this.detailsHidden;
    const startedAt = node.startedAt === undefined ? null : new Date(node.startedAt);
    const finishedAt = node.finishedAt === undefined ? null : new Date(node.finishedAt);
    const durationMs =
      node.durationMs ??
      (startedAt && finishedAt ? Math.max(0, finishedAt.getTime() - startedAt.getTime()) : null);
    const outputs =
      node.outputs === undefined && node.artifacts === undefined
        ? null
        : { ...node.outputs, ...(node.artifacts !== undefined && { artifacts: node.artifacts }) };
    return {
      nodeId,
      kind: named.kind,
      title: named.title,
      status: node.status ?? 'pending',
      startedAt,
      finishedAt,
      durationMs,
      inputs: hidden ? null : (node.inputs ?? null),
      outputs: hidden ? null : outputs,
      outputFiles: hidden ? null : (node.files ?? null),
      truncated: node.truncated === true,
      error: node.error ?? null,
      model: node.model ?? null,
      usage: node.usage ?? null,
      credits: node.credits ?? null,
      items: node.runs ?? null,
    };
  }
}
