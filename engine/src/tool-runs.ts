import {
  BlockError,
  BlockInputError,
  BlockOverrunError,
  CreditLimitError,
  NO_RUN_TOOLS,
  NodeContext,
  checkJsonAnswer,
  outputTypeProblem,
  type AppToolSpec,
  type RunShared,
  type RunTools,
  type ToolAnswer,
  type ToolCallOptions,
  type ToolSpec,
} from '@blocksmith/block-sdk';
import type { Artifact, LoopPosition, RunEvent, ToolCallPlace } from '@blocksmith/schema';
import { addUsage, type Used } from './block-usage';
import type { BlockCharge } from './block-charges';
import type { ExecuteOptions } from './execute-options';
import type { NodeOutcome } from './run-frame';
import type { BlockOverrun } from './run-outcome';
import type { PlannedNode } from './run-plan';
import type { RunSecrets } from './run-secrets';
import type { Scope } from './variable-scope';

/** What running tools for one block needs of its run. */
export interface ToolHost {
  readonly options: ExecuteOptions;
  readonly secrets: RunSecrets;
  /** Aborted when the run stops. */
  readonly signal: AbortSignal;
  /** What the run's blocks share (`ctx.shared`); tool blocks share it too. */
  readonly shared: RunShared;
  readonly nodes: readonly PlannedNode[];
  /** Inside a loop: the item the calling block runs for (charges name it). */
  readonly position?: LoopPosition[] | undefined;
  /** Emits an event where the calling block runs (inside its loop item, if any). */
  emit(event: RunEvent): void;
  /** A charge was refused: the run stops with its message and code. */
  stop(nodeId: string, message: string, code: string): void;
  /** Keeps one call's outcome with the tool block's others. */
  record(index: number, call: NodeOutcome): void;
  /** A call stopped at the block's time limit: its charge stands even if the run is refunded. */
  overrun(overrun: BlockOverrun): void;
}

/** A tool block's outcome over the run so far, with one more call added. */
export function withCall(previous: NodeOutcome | undefined, call: NodeOutcome): NodeOutcome {
  if (!previous) return { ...call, runs: call.status === 'succeeded' ? 1 : 0 };
  const failed = previous.status === 'failed' || call.status === 'failed';
  const keepOutputs = previous.status === 'succeeded' || call.status !== 'succeeded';
  return {
    status: failed ? 'failed' : 'succeeded',
    outputs: keepOutputs ? previous.outputs : call.outputs,
    artifacts: keepOutputs ? previous.artifacts : call.artifacts,
    durationMs: previous.durationMs + call.durationMs,
    runs: (previous.runs ?? 0) + (call.status === 'succeeded' ? 1 : 0),
    ...((previous.error ?? call.error) !== undefined && { error: previous.error ?? call.error }),
  };
}

/** What a tool block receives as its input: its one declared argument, or every argument as an object. */
function toolInput(tool: PlannedNode, args: Record<string, unknown>): unknown {
  const properties = tool.definition.tool?.parameters.properties;
  const names = properties ? Object.keys(properties) : [];
  return names.length === 1 ? (args[names[0]!] ?? null) : args;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The tools of one run of a block that takes tools (`RunContext.tools`): the blocks connected to
 * its tools handle, run by the engine when the model calls them, and the server's apps. It keeps
 * the block's credit limit: paid calls and model turns after the first come out of it, charged
 * through the run's `charge` as they happen, and one that could pass it is refused before it
 * starts.
 */
export class ToolRuns implements RunTools {
  readonly connected: readonly ToolSpec[];
  private spent = 0;
  private calls = 0;
  private readonly limit: number;

  constructor(
    private readonly host: ToolHost,
    private readonly caller: PlannedNode,
    /** The variables the caller sees: tool blocks see them too, under their arguments. */
    private readonly scope: Scope,
  ) {
    this.limit = caller.maxCredits ?? Infinity;
    this.connected = (caller.tools ?? []).map(({ index, name }) => {
      const tool = host.nodes[index]!;
      const { description, parameters, describe } = tool.definition.tool!;
      const own = describe?.(tool.settings as never).trim();
      return { name, description: own ? `${description} ${own}` : description, parameters };
    });
  }

  /** Credits paid so far for the model's turns after the first (part of the caller's own step). */
  turnCredits = 0;

  get creditsLeft(): number {
    return this.limit - this.spent;
  }

  async payTurn(): Promise<void> {
    // The block's price covers its model's first turn; each further one costs what the model adds.
    const credits = Math.max(0, this.caller.cost - this.caller.definition.cost);
    if (credits === 0) return;
    this.reserve(credits, Infinity, () => `Another turn of the model costs ${credits} credits`);
    await this.charge(this.caller, credits);
    this.turnCredits += credits;
  }

  apps(refs: readonly string[]): Promise<AppToolSpec[]> {
    return (this.host.options.appTools ?? NO_RUN_TOOLS).apps(refs);
  }

  async callApp(ref: string, args: Readonly<Record<string, unknown>>, options: ToolCallOptions) {
    const left = Math.min(options.maxCredits ?? Infinity, this.creditsLeft);
    const answer = await (this.host.options.appTools ?? NO_RUN_TOOLS).callApp(ref, args, {
      ...options,
      ...(Number.isFinite(left) && { maxCredits: left }),
    });
    this.spent += answer.credits ?? 0;
    return answer;
  }

  async callConnected(
    name: string,
    args: Readonly<Record<string, unknown>>,
    options: ToolCallOptions,
  ): Promise<ToolAnswer> {
    const entry = this.caller.tools?.find((t) => t.name === name);
    if (!entry) throw new BlockInputError(`No block named "${name}" is connected as a tool.`);
    const tool = this.host.nodes[entry.index]!;
    const checked = checkJsonAnswer(JSON.stringify(args), tool.definition.tool!.parameters);
    if (!checked.ok)
      throw new BlockInputError(`The arguments do not fit ${name}'s parameters: ${checked.error}`);
    this.reserve(tool.cost, options.maxCredits ?? Infinity, () => `${name} costs ${tool.cost} credits`);
    await this.charge(tool, tool.cost);
    const place: ToolCallPlace = { calledBy: this.caller.id, call: ++this.calls, arguments: { ...args } };
    return this.run(tool, place, options.signal);
  }

  /** Counts `credits` against the limit, or refuses with CreditLimitError when they would pass it. */
  private reserve(credits: number, callerLimit: number, what: () => string): void {
    if (credits === 0) return;
    const left = Math.min(this.creditsLeft, callerLimit);
    if (credits > left)
      throw new CreditLimitError(
        `${what()} and ${left} of this run's "Maximum credits" are left, so it was not made.`,
        credits,
        left,
      );
    this.spent += credits;
  }

  /** Charges a block's credits through the run's charge; a refusal stops the run. */
  private async charge(node: PlannedNode, credits: number): Promise<void> {
    const charge = this.host.options.charge;
    if (!charge || credits === 0) return;
    const entry: BlockCharge = {
      nodeId: node.id,
      title: node.title,
      blockType: node.definition.historyType,
      credits,
      ...(this.host.position && { loop: this.host.position }),
    };
    try {
      await charge([entry]);
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      this.host.stop(this.caller.id, message(error), typeof code === 'string' ? code : 'BLOCK_ERROR');
      throw error;
    }
  }

  /** Runs a tool block once, as its own step: its events carry the call, and its answer is its first output. */
  private async run(tool: PlannedNode, place: ToolCallPlace, callSignal: AbortSignal): Promise<ToolAnswer> {
    const { host } = this;
    const { runId } = host.options;
    const started = performance.now();
    const artifacts: Artifact[] = [];
    const used: Used = {};
    const step = { calledBy: place.calledBy, call: place.call };
    host.emit({ type: 'node_started', runId, nodeId: tool.id, at: Date.now(), tool: place });
    const context = new NodeContext({
      nodeId: tool.id,
      settings: tool.settings,
      // Its one upstream value (`input` of a Code block) is its one argument, or all of them;
      // each argument is a variable by its name, over the caller's.
      upstream: [
        {
          nodeId: this.caller.id,
          kind: this.caller.definition.kind,
          name: 'arguments',
          value: toolInput(tool, place.arguments!),
          outputs: place.arguments!,
        },
      ],
      variables: { ...this.scope, ...place.arguments },
      runInput: undefined,
      provider: host.options.provider,
      files: host.options.files,
      signal: AbortSignal.any([host.signal, callSignal]),
      shared: host.shared,
      ...(host.options.account !== undefined && { account: host.options.account }),
      ...(host.options.knowledge && { knowledge: host.options.knowledge }),
      onPartial: (partial) => {
        const text = host.secrets.clean(partial);
        host.emit({ type: 'node_partial', runId, nodeId: tool.id, at: Date.now(), text, tool: step });
      },
      onArtifact: (artifact) => artifacts.push(artifact),
      onUsage: (usage) => addUsage(used, usage),
      ...(host.secrets.read && { secret: host.secrets.read }),
    });
    const credits = tool.cost > 0 ? { credits: tool.cost } : {};
    let outputs: Record<string, unknown>;
    try {
      outputs = host.secrets.clean(((await tool.definition.run(context)) ?? {}) as Record<string, unknown>);
      for (const name in tool.definition.outputs) {
        const problem = outputTypeProblem(name, tool.definition.outputs[name]!.type, outputs[name]);
        if (problem) throw new BlockError(`it returned a bad result: ${problem}`);
      }
    } catch (error) {
      const durationMs = performance.now() - started;
      if (error instanceof BlockOverrunError)
        host.overrun({ nodeId: tool.id, blockType: tool.definition.historyType, credits: tool.cost });
      const reason = host.secrets.clean(message(error));
      const said = `${tool.title} failed: ${reason}`;
      host.record(tool.index, { status: 'failed', outputs: {}, artifacts: [], durationMs, error: said });
      host.emit({
        type: 'node_failed',
        runId,
        nodeId: tool.id,
        at: Date.now(),
        durationMs,
        error: said,
        ...credits,
        tool: place,
      });
      throw new BlockError(reason);
    }
    const durationMs = performance.now() - started;
    const kept = host.secrets.clean(artifacts);
    host.record(tool.index, { status: 'succeeded', outputs, artifacts: kept, durationMs });
    host.emit({
      type: 'node_finished',
      runId,
      nodeId: tool.id,
      at: Date.now(),
      durationMs,
      outputs,
      artifacts: kept,
      ...(used.model !== undefined && { model: used.model }),
      ...(used.usage !== undefined && { usage: used.usage }),
      ...credits,
      tool: place,
    });
    return { value: outputs[tool.firstOutput!], ...credits };
  }
}
