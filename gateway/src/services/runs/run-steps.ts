import type { FileStore } from '@blocksmith/block-sdk';
import {
  applyRunEvent,
  createRunState,
  type BlockRunState,
  type NodeStatus,
  type RunEvent,
  type TokenUsage,
} from '@blocksmith/schema';
import type { PlannedNode, RunOutcome, RunPlan } from '@blocksmith/engine';
import { cutValue } from './stored-value';

/**
 * One block of a run as the run record keeps it (`runs.nodes[nodeId]`). The first five fields are
 * what the record always kept; the others are its step in the run's history.
 */
export interface StoredStep {
  status: NodeStatus;
  durationMs?: number;
  error?: string;
  /** A block inside a loop: how many items it ran for (a loop's opener: how many items it had). */
  runs?: number;
  /** A block with route outputs: the routes it took. */
  routes?: string[];
  /** Its place in the run's order (a dependency order of the app's blocks). */
  order: number;
  kind: string;
  /** The block's title as the canvas showed it when the run started. */
  title: string;
  /** Milliseconds since 1970, from the run's progress events. */
  startedAt?: number;
  finishedAt?: number;
  /**
   * What it received: the first outputs of the blocks directly connected to it that ran, by their
   * variable names (an input block: what the person entered, by its input name; a block run as a
   * tool: its first call's arguments). Each value is cut to MAX_STORED_CHARS.
   */
  inputs?: Record<string, unknown>;
  /** Its outputs by declared name, each cut to MAX_STORED_CHARS. */
  outputs?: Record<string, unknown>;
  /** What an output block handed the results (text, images, tables), cut the same way. */
  artifacts?: unknown[];
  /** A block inside a loop: the item (1 for the first) its outputs and inputs are from. */
  item?: number;
  /** Some value above was cut. */
  truncated?: true;
  /** Per cut output, the kept file holding it whole (`/files/<id>`). */
  files?: Record<string, string>;
  model?: string;
  usage?: TokenUsage;
  /** An AI block: the credits charged for it (over all its items inside a loop). */
  credits?: number;
}

/** A run's stored steps by block id, as the runs row keeps them (null before any was stored). */
export type StoredSteps = Record<string, Partial<StoredStep>> | null;

/** What `final` needs besides the events. */
export interface StepEnding {
  /** The engine's outcome (null when the run was given up at its time limit). */
  outcome: RunOutcome | null;
  /** The run's inputs, for input blocks' steps. */
  inputs: Readonly<Record<string, unknown>>;
  /** Why a block still running when the run ended did not finish. */
  unfinished: (title: string) => string;
  /** Where cut outputs are kept whole (asked for only when one was cut); without it they are only cut. */
  files?: () => FileStore;
  /** The run stopped to wait at this block (an Approval block): its step stays running. */
  waitingAt?: string | undefined;
}

/** The events after which a block's stored step may read differently. */
const CHANGES_STATUS: ReadonlySet<RunEvent['type']> = new Set([
  'node_started',
  'node_finished',
  'node_failed',
  'node_skipped',
]);

/**
 * Builds a run's steps from its progress events as they are published: each block's status,
 * start and end, duration, outputs (the first item's for blocks inside a loop), error, model and
 * token usage. `snapshot` is what is stored while the run goes on (for a run whose process dies);
 * `final` what is stored with its ending, long values kept whole as files.
 */
export class StepRecorder {
  private readonly run = createRunState();
  /** A block's status changed since the last `snapshot`. */
  dirty = false;

  constructor(private readonly plan: RunPlan) {}

  /**
   * Folds one progress event into the run's state (`applyRunEvent`, as the builder folds them).
   * Streamed text is not stored, so partial events are left out.
   */
  observe(event: RunEvent): void {
    if (event.type === 'node_partial') return;
    applyRunEvent(this.run, event);
    if (CHANGES_STATUS.has(event.type)) this.dirty = true;
  }

  /** The steps so far, values cut (no files written): what a process that dies leaves stored. */
  snapshot(inputs: Readonly<Record<string, unknown>>): Record<string, StoredStep> {
    this.dirty = false;
    const steps: Record<string, StoredStep> = {};
    this.plan.order.forEach((index, order) => {
      const node = this.plan.nodes[index]!;
      steps[node.id] = this.stored(node, order, this.run.nodes.get(node.id), inputs).step;
    });
    return steps;
  }

  /**
   * The steps as stored with the run's ending: statuses settled with the engine's outcome (a block
   * still running did not finish; blocks never reached stay pending), and each cut output kept
   * whole in a file.
   */
  async final(ending: StepEnding): Promise<Record<string, StoredStep>> {
    const steps: Record<string, StoredStep> = {};
    const keep: Promise<void>[] = [];
    this.plan.order.forEach((index, order) => {
      const node = this.plan.nodes[index]!;
      const state = this.settled(node, ending);
      const { step, cutOutputs } = this.stored(node, order, state, ending.inputs);
      steps[node.id] = step;
      if (ending.files && cutOutputs.length > 0) {
        // A file that cannot be written leaves the value cut, as the step says (`truncated`).
        keep.push(
          this.keepWhole(node, step, state!.outputs!, cutOutputs, ending.files()).catch(() => {
            delete step.files;
          }),
        );
      }
    });
    if (keep.length > 0) await Promise.all(keep);
    return steps;
  }

  /** A block's state once the run has ended. */
  private settled(node: PlannedNode, ending: StepEnding): BlockRunState | undefined {
    const state = this.run.nodes.get(node.id);
    const reported = ending.outcome?.nodes[node.id];
    if (!state) {
      // A block inside a loop that ran before the run waited for approval: the run that went on
      // has only its totals over the items (restored, not run again).
      if (node.region === 0 || !reported || (reported.runs ?? 0) === 0) return undefined;
      return {
        status: reported.status,
        durationMs: reported.durationMs,
        runs: reported.runs,
        ...(reported.error !== undefined && { error: reported.error }),
        shown: { status: reported.status, text: '', position: undefined, durationMs: undefined },
      };
    }
    if (state.status === 'running') {
      if (node.id === ending.waitingAt) return state;
      return { ...state, status: 'failed', error: ending.unfinished(node.title) };
    }
    if (node.region !== 0 && reported) {
      // A block inside a loop: the engine's totals over every item say how it went.
      return {
        ...state,
        status: reported.status,
        ...(reported.error !== undefined && { error: reported.error }),
        ...(reported.runs !== undefined && { runs: reported.runs }),
      };
    }
    if (reported?.status === 'failed' && state.status !== 'failed') {
      // A loop stopped part way: its opener ran, its items did not all run.
      return { ...state, status: 'failed', ...(reported.error !== undefined && { error: reported.error }) };
    }
    return state;
  }

  private stored(
    node: PlannedNode,
    order: number,
    state: BlockRunState | undefined,
    runInputs: Readonly<Record<string, unknown>>,
  ): { step: StoredStep; cutOutputs: string[] } {
    const step: StoredStep = {
      status: state?.status ?? 'pending',
      order,
      kind: node.definition.kind,
      title: node.title,
    };
    const cutOutputs: string[] = [];
    if (!state) return { step, cutOutputs };
    if (state.durationMs !== undefined) step.durationMs = Math.round(state.durationMs);
    if (state.error !== undefined) step.error = state.error;
    if (state.runs !== undefined) step.runs = state.runs;
    if (state.routes) step.routes = state.routes;
    if (state.startedAt !== undefined) step.startedAt = state.startedAt;
    if (state.finishedAt !== undefined) step.finishedAt = state.finishedAt;
    if (state.item !== undefined) step.item = state.item;
    if (state.model !== undefined) step.model = state.model;
    if (state.usage) step.usage = state.usage;
    if (state.credits) step.credits = state.credits;
    let truncated = false;
    if (state.status !== 'skipped' && state.status !== 'pending') {
      const received = this.received(node, state, runInputs);
      if (received) {
        const kept = cutEach(received);
        step.inputs = kept.values;
        truncated ||= kept.names.length > 0;
      }
    }
    if (state.outputs) {
      const kept = cutEach(state.outputs);
      step.outputs = kept.values;
      cutOutputs.push(...kept.names);
      truncated ||= kept.names.length > 0;
    }
    if (state.artifacts) {
      const kept = cutValue(state.artifacts);
      step.artifacts = kept.value as unknown[];
      truncated ||= kept.cut;
    }
    if (truncated) step.truncated = true;
    return { step, cutOutputs };
  }

  /**
   * What a block received: the first outputs of the blocks directly connected to it that ran and
   * reached it (their routes taken), by variable name; inside a loop, from the same item as its
   * own outputs (the loop's opener passes that item). An input block: what the person entered.
   */
  private received(
    node: PlannedNode,
    state: BlockRunState,
    runInputs: Readonly<Record<string, unknown>>,
  ): Record<string, unknown> | undefined {
    if (node.definition.category === 'input') {
      const key = node.variable !== undefined && node.variable in runInputs ? node.variable : node.id;
      return key in runInputs ? { [node.variable ?? node.id]: runInputs[key] } : undefined;
    }
    // A block run as a tool received the model's arguments (its first call's, as its outputs are).
    if (state.call?.arguments) return state.call.arguments;
    if (node.parents.length === 0 || node.definition.endsLoop) return undefined;
    const received: Record<string, unknown> = {};
    node.parents.forEach((p, k) => {
      const parent = this.plan.nodes[p]!;
      if (parent.variable === undefined || parent.firstOutput === undefined) return;
      const source = this.run.nodes.get(parent.id);
      if (!source?.outputs || source.status === 'skipped' || source.status === 'pending') return;
      const routes = node.parentRoutes?.[k];
      if (routes && !routes.some((route) => source.routes?.includes(route))) return;
      if (parent.body >= 0 && parent.body === node.region) {
        // The loop's opener passes each item its own element of the list.
        const list = source.outputs[parent.definition.loop!.items];
        if (Array.isArray(list) && state.item !== undefined) received[parent.variable] = list[state.item - 1];
        return;
      }
      received[parent.variable] = source.outputs[parent.firstOutput];
    });
    return Object.keys(received).length > 0 ? received : undefined;
  }

  /** Keeps each cut output whole as a file, and names the files on the step. */
  private async keepWhole(
    node: PlannedNode,
    step: StoredStep,
    outputs: Record<string, unknown>,
    names: string[],
    files: FileStore,
  ): Promise<void> {
    step.files = {};
    for (const name of names) {
      const value = outputs[name];
      const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      const ref = await files.put(new TextEncoder().encode(text), {
        name: `${node.title} - ${name}.${typeof value === 'string' ? 'txt' : 'json'}`,
        mime: typeof value === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
      });
      step.files[name] = ref.url;
    }
  }
}

/** Each value of a record cut to MAX_STORED_CHARS, and the names of those that were cut. */
function cutEach(values: Record<string, unknown>): { values: Record<string, unknown>; names: string[] } {
  let copy: Record<string, unknown> | undefined;
  const names: string[] = [];
  for (const name in values) {
    const kept = cutValue(values[name]);
    if (!kept.cut) continue;
    copy ??= { ...values };
    copy[name] = kept.value;
    names.push(name);
  }
  return { values: copy ?? values, names };
}
