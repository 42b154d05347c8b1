import {
  BlockError,
  BlockOverrunError,
  NO_RUN_TOOLS,
  NodeContext,
  type NodeContextInit,
  outputTypeProblem,
  RunPause,
  RunSharedValues,
  type PauseRequest,
} from '@blocksmith/block-sdk';
import {
  type Artifact,
  type LoopPosition,
  type RunEvent,
  type RunNote,
  type RunStatus,
} from '@blocksmith/schema';
import { addUsage, type Used } from './block-usage';
import type { ExecuteOptions } from './execute-options';
import { BlockCharges, type WaitingBlock } from './block-charges';
import { excludeUntaken, skips, upstreamOf } from './flow-rules';
import { goOnAfterFailure } from './handled-failure';
import { LoopRuns, type LoopHost } from './loop-runs';
import { Frame, SKIPPED, type NodeOutcome } from './run-frame';
import { runReport, type BlockOverrun, type LoopStats, type RunOutcome } from './run-outcome';
import { restoreRun, saveRun } from './run-pause';
import type { PlannedNode, RunPlan } from './run-plan';
import { RunSecrets } from './run-secrets';
import { StreamedText } from './streamed-text';
import { ToolRuns, withCall } from './tool-runs';
import { EMPTY_SCOPE, variableScope, type Scope } from './variable-scope';

export type { NodeOutcome } from './run-frame';
export type { BlockCharge } from './block-charges';
export type { ExecuteOptions } from './execute-options';
export type { BlockOverrun, RunOutcome } from './run-outcome';
export type { RunPaused, RunResume, SavedRun } from './run-pause';

/**
 * Runs a planned app: blocks start as soon as what they wait for has settled, up to the
 * concurrency limit. Blocks reached only through routes not taken are skipped; a loop runs its
 * blocks once per item, each item in a frame of its own.
 */
export function executeRun(plan: RunPlan, options: ExecuteOptions): Promise<RunOutcome> {
  return new RunExecution(plan, options).start();
}

/** One run under way. Its non-private members are what its loop runs and handled failures use (`LoopHost`, `FailureHost`). */
class RunExecution implements LoopHost {
  private readonly nodes: readonly PlannedNode[];
  private readonly top: Frame;
  /** Blocks ready to start, with their frames, first in first out. */
  private readyFrames: (Frame | undefined)[] = [];
  private readyNodes: number[] = [];
  private readyHead = 0;
  /** Blocks whose turn has come, to be started or skipped. */
  private readonly decideFrames: (Frame | undefined)[] = [];
  private readonly decideNodes: number[] = [];
  private deciding = false;
  /** Blocks running, or waiting for their charge. */
  private running = 0;
  /** Charges blocks as they start (absent when the run charges nothing). */
  private readonly charges: BlockCharges | undefined;
  private readonly controller = new AbortController();
  private readonly maxConcurrency: number;
  private readonly emit: (event: RunEvent) => void;
  private failure: { nodeId: string; message: string; code: string } | undefined;
  private aborted = false;
  private ended = false;
  private finish!: (outcome: RunOutcome) => void;
  private readonly began = performance.now();
  private readonly stats: LoopStats | undefined;
  private readonly loopRuns = new LoopRuns(this);
  /** Per loop end, the region of the loop it ends. */
  private readonly closes: Int32Array | undefined;
  /** The owner's secrets blocks of this run read, and the cleaning of what they said. */
  private readonly secrets: RunSecrets;
  /** What blocks' `ctx.secret` calls (`RunSecrets.read`), made once per run. */
  private readonly secretReader: ((name: string) => Promise<string | undefined>) | undefined;
  /** The app's tools for blocks that take none of their own, made once per run. */
  private readonly appTools: NodeContextInit<unknown>['tools'];
  /** What the run's blocks share (`ctx.shared`), closed when the run ends. */
  private readonly shared = new RunSharedValues();
  /** The streamed text of blocks inside loops, gathered a moment before it goes out. */
  private readonly streamed = new StreamedText();
  private readonly overruns: BlockOverrun[] = [];
  /** Blocks outside loops that failed while the run went on. */
  readonly notes: RunNote[] = [];
  /** Blocks that stopped the run to wait for a person (`RunPause`), in the order they asked. */
  private readonly paused: { nodeId: string; request: PauseRequest }[] = [];

  constructor(
    readonly plan: RunPlan,
    private readonly options: ExecuteOptions,
  ) {
    this.nodes = plan.nodes;
    this.top = new Frame(plan, 0, undefined, undefined, -1, undefined, undefined);
    this.maxConcurrency = Math.max(1, options.maxConcurrency ?? 8);
    this.emit = options.onEvent ?? (() => {});
    this.secrets = new RunSecrets(options.secrets);
    this.secretReader = this.secrets.read;
    this.appTools = options.appTools && { ...NO_RUN_TOOLS, ...options.appTools };
    if (options.charge)
      this.charges = new BlockCharges(this.nodes, options.charge, (batch, error) =>
        this.charged(batch, error),
      );
    if (plan.regions.length > 1) {
      const n = this.nodes.length;
      this.stats = { runs: new Int32Array(n), durationMs: new Float64Array(n), errors: [] };
      this.closes = new Int32Array(n).fill(-1);
      plan.regions.forEach((region, r) => {
        if (r > 0) this.closes![region.closer] = r;
      });
    }
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
    const resume = this.options.resume;
    if (resume) {
      // Going on after a pause: the blocks that had settled are not run again.
      const run = { plan: this.plan, top: this.top, stats: this.stats, notes: this.notes };
      for (const event of restoreRun(run, resume.saved, this.options.runId)) this.emit(event);
    }
    this.seed(this.top);
    this.pump();
    return done;
  }

  get stopping(): boolean {
    return this.aborted || this.failure !== undefined;
  }

  private abort(): void {
    if (this.aborted || this.ended) return;
    this.aborted = true;
    this.controller.abort();
    this.pump();
  }

  /** Hands a frame's blocks that wait for nothing to the scheduler. */
  seed(frame: Frame): void {
    const { members } = frame.region;
    const slot = this.plan.slot;
    for (const index of members)
      if (frame.waiting[slot[index]!] === 0 && frame.outcomes[slot[index]!] === undefined)
        this.ready(frame, index);
    this.decide();
  }

  private ready(frame: Frame, index: number): void {
    this.decideFrames.push(frame);
    this.decideNodes.push(index);
  }

  /** Starts or skips every block whose turn has come; skipping may bring more blocks' turn. */
  private decide(): void {
    if (this.deciding) return;
    this.deciding = true;
    for (let head = 0; head < this.decideNodes.length; head++) {
      const frame = this.decideFrames[head]!;
      const index = this.decideNodes[head]!;
      if (this.stopping) continue;
      if (skips(this.plan, this.closes, frame, index)) this.skip(frame, index);
      else {
        this.readyFrames.push(frame);
        this.readyNodes.push(index);
      }
    }
    this.decideFrames.length = 0;
    this.decideNodes.length = 0;
    this.deciding = false;
  }

  private skip(frame: Frame, index: number): void {
    const node = this.nodes[index]!;
    frame.outcomes[this.plan.slot[index]!] = SKIPPED;
    this.emitIn({ type: 'node_skipped', runId: this.options.runId, nodeId: node.id, at: Date.now() }, frame);
    if (node.body >= 0) this.skipLoopBody(node.body, frame);
    this.settle(frame, index);
  }

  /** A loop that does not run skips all its blocks, and those of loops inside it. */
  private skipLoopBody(body: number, frame: Frame): void {
    const { regions } = this.plan;
    const runId = this.options.runId;
    for (let r = body; r < regions.length; r++) {
      let x = r;
      while (x > body) x = regions[x]!.parent;
      if (x !== body) continue;
      for (const index of regions[r]!.members) {
        this.emitIn({ type: 'node_skipped', runId, nodeId: this.nodes[index]!.id, at: Date.now() }, frame);
      }
    }
  }

  /** A block is done (run, skipped, or its whole loop run): what waits for it may get its turn. */
  settle(frame: Frame, index: number): void {
    const slot = this.plan.slot;
    // Exactly one settle sees the frame's last block: skips it brings settle their own blocks first.
    const last = ++frame.settled === frame.size;
    for (const d of this.nodes[index]!.dependents) if (--frame.waiting[slot[d]!]! === 0) this.ready(frame, d);
    this.decide();
    if (last && frame.loop) this.loopRuns.finishItem(frame);
  }

  pump(): void {
    while (!this.stopping && this.running < this.maxConcurrency && this.readyHead < this.readyNodes.length) {
      const frame = this.readyFrames[this.readyHead]!;
      this.readyFrames[this.readyHead] = undefined;
      this.begin(frame, this.readyNodes[this.readyHead++]!);
    }
    if (this.readyHead === this.readyNodes.length && this.readyHead > 0) {
      this.readyFrames = [];
      this.readyNodes = [];
      this.readyHead = 0;
    }
    if (this.running > 0 || this.ended) return;
    if (this.stopping || this.top.settled === this.top.size || this.paused.length > 0) this.complete();
    else if (this.readyHead === this.readyNodes.length) {
      // Nothing runs and nothing can start, yet blocks have not settled: never leave the run hanging.
      this.failure = {
        nodeId: this.nodes[0]!.id,
        message: 'The run could not go on: its blocks are waiting for each other.',
        code: 'BLOCK_ERROR',
      };
      this.complete();
    }
  }

  private begin(frame: Frame, index: number): void {
    if (this.charges?.due(this.nodes[index]!)) {
      this.running++;
      this.charges.add(frame, index);
      return;
    }
    this.runNode(frame, index);
  }

  /** A batch of blocks was charged (they start), or its charge was refused (the run stops). */
  private charged(batch: WaitingBlock[], refused?: { error: unknown }): void {
    this.running -= batch.length;
    if (!refused) {
      for (const { frame, index } of batch) if (!this.stopping) this.runNode(frame, index);
      this.pump();
      return;
    }
    const { frame, index } = batch[0]!;
    const { error } = refused;
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown })?.code;
    this.failed(frame, index, message, typeof code === 'string' ? code : 'BLOCK_ERROR', 0);
  }

  private stop(nodeId: string, message: string, code: string): void {
    if (this.failure || this.aborted) return;
    this.failure = { nodeId, message, code };
    this.controller.abort();
  }

  private runNode(frame: Frame, index: number): void {
    const node = this.nodes[index]!;
    const runId = this.options.runId;
    this.running++;
    const startedAt = performance.now();
    const artifacts: Artifact[] = [];
    const routes: string[] | undefined = node.routes ? [] : undefined;
    const used: Used = {};
    this.emitIn({ type: 'node_started', runId, nodeId: node.id, at: Date.now() }, frame);
    const inputs = this.options.inputs;
    const closes = node.definition.endsLoop === true;
    const variables =
      node.parents.length === 0 || closes ? EMPTY_SCOPE : variableScope(this.plan, node, frame);
    const tools = node.tools ? this.toolsFor(node, frame, variables) : undefined;
    const partial = (text: string) =>
      this.emitIn(
        { type: 'node_partial', runId, nodeId: node.id, at: Date.now(), text: this.secrets.clean(text) },
        frame,
      );
    // Inside a loop, pieces that come together go out together (`StreamedText`).
    const streamed = frame.position ? this.streamed.of(partial) : undefined;
    // Built by assignment: a spread of each optional part made an object per part, per block run.
    const init: NodeContextInit<typeof node.settings> = {
      nodeId: node.id,
      settings: node.settings,
      upstream: closes ? [] : upstreamOf(this.plan, frame, node),
      variables,
      runInput:
        node.definition.category === 'input' && inputs
          ? ((node.variable !== undefined ? inputs[node.variable] : undefined) ?? inputs[node.id])
          : undefined,
      provider: this.options.provider,
      files: this.options.files,
      signal: this.controller.signal,
      onPartial: streamed ? (piece) => streamed.add(piece) : partial,
      progressGathered: streamed !== undefined,
      onArtifact: (artifact) => artifacts.push(artifact),
      onToolCall: (record) => {
        streamed?.flush();
        const call = this.secrets.clean(record);
        this.emitIn({ type: 'tool_call', runId, nodeId: node.id, at: Date.now(), call }, frame);
      },
      onUsage: (usage) => addUsage(used, usage),
      shared: this.shared,
    };
    if (this.options.account !== undefined) init.account = this.options.account;
    const runTools = tools ?? this.appTools;
    if (runTools) init.tools = runTools;
    if (this.options.knowledge) init.knowledge = this.options.knowledge;
    if (routes && node.definition.routes) init.onRoute = (name: string) => void routes.push(name);
    if (closes) init.gathered = frame.gathered?.get(index) ?? [];
    if (this.secretReader) init.secret = this.secretReader;
    if (this.options.resume?.nodeId === node.id && frame === this.top)
      init.decision = this.options.resume.decision;
    const context = new NodeContext(init);
    // Always continue asynchronously, so a long chain of instant blocks never deepens the stack.
    Promise.resolve()
      .then(() => node.definition.run(context))
      .then(
        (result) => {
          streamed?.flush();
          const outputs = (result ?? {}) as Record<string, unknown>;
          const clean = this.secrets;
          if (tools) used.credits = tools.turnCredits;
          this.succeed(frame, index, clean.clean(outputs), clean.clean(artifacts), routes, startedAt, used);
        },
        (error: unknown) => {
          streamed?.flush();
          if (error instanceof RunPause) this.pause(frame, index, error, startedAt);
          else this.fail(frame, index, error, startedAt);
        },
      );
  }

  /**
   * A block stopped the run to wait for a person: nothing after it starts; the other branches go
   * on, and once nothing runs the run ends its execution as `waiting` with what it needs to go on.
   * Only a block of the run's own pipeline may wait (not inside a loop, not as a tool).
   */
  private pause(frame: Frame, index: number, pause: RunPause, startedAt: number): void {
    const node = this.nodes[index]!;
    if (frame !== this.top || node.toolOf || this.options.resume?.nodeId === node.id) {
      const where = frame !== this.top ? 'inside a loop' : node.toolOf ? 'as a tool' : 'twice';
      return this.fail(frame, index, new Error(`it cannot wait for a decision ${where}.`), startedAt);
    }
    this.running--;
    const request = { ...pause.request, text: this.secrets.clean(pause.request.text) };
    this.paused.push({ nodeId: node.id, request });
    this.pump();
  }

  /** The tools of one run of a block that takes tools: its connected blocks, apps, its credit limit. */
  private toolsFor(node: PlannedNode, frame: Frame, variables: Scope): ToolRuns {
    return new ToolRuns(
      {
        options: this.options,
        secrets: this.secrets,
        signal: this.controller.signal,
        shared: this.shared,
        nodes: this.nodes,
        position: frame.position,
        emit: (event) => this.emitIn(event, frame),
        stop: (nodeId, message, code) => this.stop(nodeId, message, code),
        record: (index, call) => {
          this.top.outcomes[index] = withCall(this.top.outcomes[index], call);
        },
        overrun: (overrun) => void this.overruns.push(overrun),
      },
      node,
      variables,
    );
  }

  private succeed(
    frame: Frame,
    index: number,
    outputs: Record<string, unknown>,
    artifacts: Artifact[],
    routes: string[] | undefined,
    startedAt: number,
    used: Used,
  ): void {
    const node = this.nodes[index]!;
    for (const name in node.definition.outputs) {
      const problem = outputTypeProblem(name, node.definition.outputs[name]!.type, outputs[name]);
      if (problem)
        return this.fail(frame, index, new Error(`it returned a bad result: ${problem}`), startedAt);
    }
    if (routes) {
      const unknown = routes.find((route) => !node.routes!.includes(route));
      if (unknown !== undefined)
        return this.fail(
          frame,
          index,
          new Error(
            `it took the route "${unknown}", which is not one of its routes (${node.routes!.join(', ')})`,
          ),
          startedAt,
        );
    }
    this.running--;
    // A block with an error route and no routes of its own takes its plain output when it succeeds.
    if (routes && !node.definition.routes) routes.push('output');
    if (node.body >= 0) return this.loopRuns.start(frame, index, outputs, artifacts, startedAt);
    const durationMs = performance.now() - startedAt;
    const outcome: NodeOutcome = { status: 'succeeded', outputs, artifacts, durationMs };
    if (routes) outcome.routes = routes;
    this.record(frame, index, outcome);
    const finished: RunEvent = {
      type: 'node_finished',
      runId: this.options.runId,
      nodeId: node.id,
      at: Date.now(),
      durationMs,
      outputs,
      artifacts,
    };
    if (routes) finished.routes = routes;
    if (used.model !== undefined) finished.model = used.model;
    if (used.usage !== undefined) finished.usage = used.usage;
    // Its price, and what its model's further turns cost (a block that takes tools).
    const credits = node.cost + (used.credits ?? 0);
    if (credits > 0) finished.credits = credits;
    this.emitIn(finished, frame);
    if (routes) excludeUntaken(this.plan, frame, node, routes);
    this.settle(frame, index);
    this.pump();
  }

  private fail(frame: Frame, index: number, error: unknown, startedAt: number): void {
    const node = this.nodes[index]!;
    const durationMs = performance.now() - startedAt;
    if (error instanceof BlockOverrunError)
      this.overruns.push({
        nodeId: node.id,
        blockType: node.definition.historyType,
        credits: node.cost,
      });
    const known = error instanceof BlockError;
    const said = error instanceof Error ? error.message : String(error);
    // Whatever the block said, or the engine says of it, is cleaned of the secrets it read.
    const reason = this.secrets.clean(said);
    const item = frame.position?.at(-1);
    const where = item ? ` on item ${item.item} of ${item.items}` : '';
    const message = this.aborted ? `${node.title} was stopped.` : `${node.title} failed${where}: ${reason}`;
    this.running--;
    if (node.onError !== 'stop' && !this.stopping)
      return goOnAfterFailure(this, frame, node, { message, reason, durationMs });
    this.failed(frame, index, message, known ? error.code : 'BLOCK_ERROR', durationMs);
  }

  /** A block failed (or its charge was refused): the run stops with its message and code. */
  private failed(frame: Frame, index: number, message: string, code: string, durationMs: number): void {
    const nodeId = this.nodes[index]!.id;
    this.record(frame, index, { status: 'failed', outputs: {}, artifacts: [], durationMs, error: message });
    this.stop(nodeId, message, code);
    this.emitIn(
      { type: 'node_failed', runId: this.options.runId, nodeId, at: Date.now(), durationMs, error: message },
      frame,
    );
    this.pump();
  }

  /** Keeps a block's outcome in its frame; inside a loop, adds it to the block's totals over all items. */
  record(frame: Frame, index: number, outcome: NodeOutcome): void {
    frame.outcomes[this.plan.slot[index]!] = outcome;
    if (frame.loop === undefined || !this.stats) return;
    this.stats.runs[index]! += outcome.status === 'succeeded' ? 1 : 0;
    this.stats.durationMs[index]! += outcome.durationMs;
    if (outcome.error !== undefined) this.stats.errors[index] ??= outcome.error;
  }

  get runId(): string {
    return this.options.runId;
  }

  emitIn(event: RunEvent, frame: Frame): void {
    this.emit(this.event(event, frame));
  }

  failStarted(frame: Frame, index: number, error: Error, startedAt: number): void {
    this.running++;
    this.fail(frame, index, error, startedAt);
  }

  /** Places an event inside its loops, when the frame is a loop item. */
  private event<E extends RunEvent>(event: E, frame: Frame): E {
    if (frame.position && event.type !== 'run_started' && event.type !== 'run_finished')
      (event as { loop?: LoopPosition[] }).loop = frame.position;
    return event;
  }

  private complete(): void {
    if (this.ended) return;
    this.ended = true;
    this.streamed.flush();
    const { nodes, results } = runReport({
      plan: this.plan,
      top: this.top,
      stats: this.stats,
      loops: this.loopRuns.loops,
      notes: this.notes,
    });
    const waiting = this.paused[0];
    const status: RunStatus = this.failure
      ? 'failed'
      : this.aborted
        ? 'aborted'
        : waiting
          ? 'waiting'
          : 'succeeded';
    const outcome: RunOutcome = {
      runId: this.options.runId,
      status,
      nodes,
      results,
      durationMs: performance.now() - this.began,
      ...(this.overruns.length > 0 && { overruns: this.overruns }),
    };
    if (this.failure) {
      outcome.error = this.failure.message;
      outcome.errorCode = this.failure.code;
      outcome.failedNodeId = this.failure.nodeId;
    } else if (this.aborted) {
      outcome.error = 'The run was stopped.';
    } else if (waiting) {
      const run = { plan: this.plan, top: this.top, stats: this.stats, notes: this.notes };
      outcome.paused = { ...waiting, saved: saveRun(run) };
    }
    this.emit({
      type: 'run_finished',
      runId: this.options.runId,
      at: Date.now(),
      status,
      ...(outcome.error ? { error: outcome.error } : {}),
    });
    // Nothing runs any more: what the blocks shared is closed before the run is said to be over.
    if (this.shared.empty) this.finish(outcome);
    else void this.shared.close().then(() => this.finish(outcome));
  }
}
