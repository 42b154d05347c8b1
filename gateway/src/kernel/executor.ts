import {
  BlockError,
  NodeContext,
  outputTypeProblem,
  type AiProvider,
  type FileStore,
  type UpstreamValue,
} from '@blocksmith/block-sdk';
import type { Artifact, NodeStatus, RunEvent, RunStatus } from '@blocksmith/schema';
import { isUpstream, type PlannedNode, type RunPlan } from './run-plan';

export interface ExecuteOptions {
  runId: string;
  /** What the person entered, keyed by each input block's variable name or id. */
  inputs?: Readonly<Record<string, unknown>>;
  provider: AiProvider;
  files: FileStore;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** Blocks running at once on independent branches (default 8). */
  maxConcurrency?: number;
}

export interface NodeOutcome {
  status: NodeStatus;
  outputs: Record<string, unknown>;
  artifacts: Artifact[];
  durationMs: number;
  error?: string;
}

export interface RunOutcome {
  runId: string;
  status: RunStatus;
  /** What went wrong, naming the block, when the run did not succeed. */
  error?: string;
  errorCode?: string;
  failedNodeId?: string;
  nodes: Record<string, NodeOutcome>;
  /** Every block's outputs merged by name (variables keep their unique names): the result display reads this. */
  result: Record<string, unknown>;
  artifacts: { nodeId: string; artifact: Artifact }[];
  durationMs: number;
}

type Scope = Readonly<Record<string, unknown>>;
const EMPTY_SCOPE: Scope = Object.freeze(Object.create(null) as Scope);

/** Runs a planned app: blocks start as soon as their upstream blocks finish, up to the concurrency limit. */
export function executeRun(plan: RunPlan, options: ExecuteOptions): Promise<RunOutcome> {
  return new RunExecution(plan, options).start();
}

class RunExecution {
  private readonly nodes: readonly PlannedNode[];
  private readonly waiting: number[];
  private readonly outcomes: NodeOutcome[];
  private readonly startedAt: number[];
  private readonly ready: number[] = [];
  private readyHead = 0;
  private running = 0;
  private settled = 0;
  private readonly controller = new AbortController();
  private readonly maxConcurrency: number;
  private readonly emit: (event: RunEvent) => void;
  private failure: { nodeId: string; message: string; code: string } | undefined;
  private aborted = false;
  private finish!: (outcome: RunOutcome) => void;
  private readonly began = performance.now();

  constructor(
    private readonly plan: RunPlan,
    private readonly options: ExecuteOptions,
  ) {
    this.nodes = plan.nodes;
    const n = this.nodes.length;
    this.waiting = this.nodes.map((node) => node.parents.length);
    this.outcomes = new Array<NodeOutcome>(n);
    this.startedAt = new Array<number>(n).fill(0);
    this.maxConcurrency = Math.max(1, options.maxConcurrency ?? 8);
    this.emit = options.onEvent ?? (() => {});
  }

  start(): Promise<RunOutcome> {
    const done = new Promise<RunOutcome>((resolve) => (this.finish = resolve));
    const external = this.options.signal;
    if (external) {
      if (external.aborted) this.abort();
      else external.addEventListener('abort', () => this.abort(), { once: true });
    }
    this.emit({
      type: 'run_started',
      runId: this.options.runId,
      at: Date.now(),
      nodeIds: this.nodes.map((n) => n.id),
    });
    for (const index of this.plan.order) if (this.waiting[index] === 0) this.ready.push(index);
    this.pump();
    return done;
  }

  private abort(): void {
    if (this.aborted || this.settled === this.nodes.length) return;
    this.aborted = true;
    this.controller.abort();
    this.pump();
  }

  private pump(): void {
    const stopping = this.aborted || this.failure !== undefined;
    while (!stopping && this.running < this.maxConcurrency && this.readyHead < this.ready.length) {
      this.runNode(this.ready[this.readyHead++]!);
    }
    if (this.running === 0 && (stopping || this.readyHead === this.ready.length)) this.complete();
  }

  /**
   * What a node may substitute: a read-only view of the variables of its upstream blocks. Lookups
   * go through the plan's ancestor sets, so they cost the same however long the app is, and
   * nothing is copied per block.
   */
  private scopeOf(node: PlannedNode): Scope {
    const plan = this.plan;
    const visible = (name: string | symbol): number | undefined => {
      if (typeof name !== 'string') return undefined;
      const owner = plan.variableOwners.get(name);
      return owner !== undefined && isUpstream(plan, node.index, owner) ? owner : undefined;
    };
    const view: Scope = new Proxy(Object.create(null) as Scope, {
      has: (_target, name) => visible(name) !== undefined,
      get: (_target, name) => {
        const owner = visible(name);
        return owner === undefined ? undefined : this.firstOutput(owner);
      },
      ownKeys: () => {
        const keys: string[] = [];
        for (const [name, owner] of plan.variableOwners)
          if (isUpstream(plan, node.index, owner)) keys.push(name);
        return keys;
      },
      getOwnPropertyDescriptor: (_target, name) => {
        const owner = visible(name);
        return owner === undefined
          ? undefined
          : { value: this.firstOutput(owner), enumerable: true, configurable: true, writable: false };
      },
      // Writes to the view itself are refused; objects that merely inherit from it keep their own properties.
      set: (_target, name, value, receiver) =>
        receiver !== view &&
        Reflect.defineProperty(receiver as object, name, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        }),
      defineProperty: () => false,
      deleteProperty: () => false,
    });
    return view;
  }

  private firstOutput(index: number): unknown {
    const first = this.nodes[index]!.firstOutput;
    return first === undefined ? undefined : this.outcomes[index]!.outputs[first];
  }

  private upstreamOf(node: PlannedNode): UpstreamValue[] {
    const upstream: UpstreamValue[] = [];
    for (const p of node.parents) {
      const parent = this.nodes[p]!;
      if (parent.variable === undefined) continue;
      upstream.push({
        nodeId: parent.id,
        kind: parent.definition.kind,
        name: parent.variable,
        value: this.firstOutput(p),
      });
    }
    return upstream;
  }

  private runNode(index: number): void {
    const node = this.nodes[index]!;
    const runId = this.options.runId;
    this.running++;
    this.startedAt[index] = performance.now();
    const artifacts: Artifact[] = [];
    this.emit({ type: 'node_started', runId, nodeId: node.id, at: Date.now() });
    const inputs = this.options.inputs;
    const context = new NodeContext({
      nodeId: node.id,
      settings: node.settings,
      upstream: this.upstreamOf(node),
      variables: node.parents.length === 0 ? EMPTY_SCOPE : this.scopeOf(node),
      runInput:
        node.definition.category === 'input' && inputs
          ? ((node.variable !== undefined ? inputs[node.variable] : undefined) ?? inputs[node.id])
          : undefined,
      provider: this.options.provider,
      files: this.options.files,
      signal: this.controller.signal,
      onPartial: (text) => this.emit({ type: 'node_partial', runId, nodeId: node.id, at: Date.now(), text }),
      onArtifact: (artifact) => artifacts.push(artifact),
    });
    // Always continue asynchronously, so a long chain of instant blocks never deepens the stack.
    Promise.resolve()
      .then(() => node.definition.run(context))
      .then(
        (result) => this.succeed(index, (result ?? {}) as Record<string, unknown>, artifacts),
        (error: unknown) => this.fail(index, error),
      );
  }

  private succeed(index: number, outputs: Record<string, unknown>, artifacts: Artifact[]): void {
    const node = this.nodes[index]!;
    for (const name in node.definition.outputs) {
      const problem = outputTypeProblem(name, node.definition.outputs[name]!.type, outputs[name]);
      if (problem) return this.fail(index, new Error(`it returned a bad result: ${problem}`));
    }
    const durationMs = performance.now() - this.startedAt[index]!;
    this.outcomes[index] = { status: 'succeeded', outputs, artifacts, durationMs };
    this.running--;
    this.settled++;
    this.emit({
      type: 'node_finished',
      runId: this.options.runId,
      nodeId: node.id,
      at: Date.now(),
      durationMs,
      outputs,
      artifacts,
    });
    for (const child of node.children) if (--this.waiting[child]! === 0) this.ready.push(child);
    this.pump();
  }

  private fail(index: number, error: unknown): void {
    const node = this.nodes[index]!;
    const durationMs = performance.now() - this.startedAt[index]!;
    const known = error instanceof BlockError;
    const reason = error instanceof Error ? error.message : String(error);
    const message = this.aborted ? `${node.label} was stopped.` : `${node.label} failed: ${reason}`;
    this.outcomes[index] = { status: 'failed', outputs: {}, artifacts: [], durationMs, error: message };
    this.running--;
    this.settled++;
    if (!this.failure && !this.aborted) {
      this.failure = { nodeId: node.id, message, code: known ? error.code : 'BLOCK_ERROR' };
      this.controller.abort();
    }
    this.emit({
      type: 'node_failed',
      runId: this.options.runId,
      nodeId: node.id,
      at: Date.now(),
      durationMs,
      error: message,
    });
    this.pump();
  }

  private complete(): void {
    const nodes: Record<string, NodeOutcome> = {};
    const result: Record<string, unknown> = {};
    const artifacts: RunOutcome['artifacts'] = [];
    for (const index of this.plan.order) {
      const node = this.nodes[index]!;
      const outcome = this.outcomes[index] ?? {
        status: 'skipped',
        outputs: {},
        artifacts: [],
        durationMs: 0,
      };
      nodes[node.id] = outcome;
      if (outcome.status !== 'succeeded') continue;
      for (const artifact of outcome.artifacts) artifacts.push({ nodeId: node.id, artifact });
      if (node.definition.category === 'input') continue;
      let first = true;
      for (const name in outcome.outputs) {
        result[first && node.variable !== undefined ? node.variable : name] = outcome.outputs[name];
        first = false;
      }
    }
    const status: RunStatus = this.failure ? 'failed' : this.aborted ? 'aborted' : 'succeeded';
    const outcome: RunOutcome = {
      runId: this.options.runId,
      status,
      nodes,
      result,
      artifacts,
      durationMs: performance.now() - this.began,
    };
    if (this.failure) {
      outcome.error = this.failure.message;
      outcome.errorCode = this.failure.code;
      outcome.failedNodeId = this.failure.nodeId;
    } else if (this.aborted) {
      outcome.error = 'The run was stopped.';
    }
    this.emit({
      type: 'run_finished',
      runId: this.options.runId,
      at: Date.now(),
      status,
      ...(outcome.error ? { error: outcome.error } : {}),
    });
    this.finish(outcome);
  }
}
