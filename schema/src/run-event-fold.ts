import type { Artifact } from './artifacts';
import type { ApprovalRequest } from './approval';
import type {
  LoopPosition,
  NodeStatus,
  RunEvent,
  RunStatus,
  TokenUsage,
  ToolCallPlace,
  ToolCallRecord,
} from './run-events';
import {
  blockFailureNote,
  compareItemFailures,
  loopFailureNote,
  type HandledMode,
  type ItemFailure,
  type RunNote,
} from './run-notes';

/**
 * The item of a block a live view follows. Outside loops that is the block's one run; inside a
 * loop a view shows one item at a time (the first to start, then the next to start once it is
 * over), so texts of items running side by side never mix.
 */
export interface ShownItem {
  status: NodeStatus;
  /** Text streamed so far by the followed item. */
  text: string;
  /** A block that hands tools to a model: the followed item's tool calls so far, in call order. */
  toolCalls?: ToolCallRecord[];
  /** Inside a loop: the followed item's place, one position per loop (outermost first). */
  position: LoopPosition[] | undefined;
  /** How long the followed item took, once it is over. */
  durationMs: number | undefined;
}

/** One block's part in a run, folded from the run's events. */
export interface BlockRunState {
  /**
   * Over the whole run: running once started, succeeded once finished, failed once it (or any of
   * its items) failed, and it stays failed; skipped only while it never ran.
   */
  status: NodeStatus;
  /** The first start and the latest end. */
  startedAt?: number;
  finishedAt?: number;
  /** Outside loops its run's; inside a loop the total over its items. */
  durationMs?: number;
  /** The first failure's message. */
  error?: string;
  /** Outside loops its outputs; inside a loop the first finished item's (`item` says which). */
  outputs?: Record<string, unknown>;
  /** What it handed the results, from the same run or item as `outputs` (absent when none). */
  artifacts?: Artifact[];
  /** A block with route outputs, outside loops: the routes its run took. */
  routes?: string[];
  /** Inside a loop: the item (1 for the first) `outputs` are from. */
  item?: number;
  /**
   * Inside a loop: how many items it finished. A loop's opener outside loops: how many items it
   * has. A block run as a tool: how many of its calls finished.
   */
  runs?: number;
  /** A block run as a tool: the call `outputs` are from (the first that finished), with its arguments. */
  call?: ToolCallPlace;
  /** An AI block: the latest model that answered, and the tokens used over all its runs. */
  model?: string;
  usage?: TokenUsage;
  /** An AI block: the credits charged for it over all its runs. */
  credits?: number;
  /** A block that runs a loop: how many of its items are done, from its latest progress. */
  progress?: { done: number; items: number };
  shown: ShownItem;
}

/** A block's result as the run's result keeps it: outside loops, in the order blocks finished. */
export interface RunArtifact {
  nodeId: string;
  artifact: Artifact;
}

/** A run folded from its events by `applyRunEvent`. */
export interface RunState {
  /** The run the events are of; null until the first one says. Events of another run are left out. */
  runId: string | null;
  /** `running` from its start, then how it ended. `pending` before its start event. */
  status: 'pending' | 'running' | RunStatus;
  error?: string;
  /** A run waiting for a person's decision: what they are asked. */
  approval?: ApprovalRequest;
  /** The blocks the run has, from its start event (each pending until an event says otherwise). */
  nodeIds: readonly string[];
  /** The blocks some event was about, by id. */
  nodes: Map<string, BlockRunState>;
  /** Artifacts of the blocks outside loops, in the order they finished. */
  artifacts: RunArtifact[];
  /** Blocks that failed while the run went on (their `onError`), in the order they failed. */
  handled: HandledFailure[];
  /** Per run of a loop (by its opener and the items around it), how many items it has. */
  loopItems: Map<string, number>;
}

/** A block that failed while the run went on, as its `node_failed` event said it. */
export interface HandledFailure {
  nodeId: string;
  error: string;
  handled: HandledMode;
  loop?: LoopPosition[];
}

/** A run no event has reached yet (of `runId`, when it is known). */
export function createRunState(runId: string | null = null): RunState {
  return {
    runId,
    status: 'pending',
    nodeIds: [],
    nodes: new Map(),
    artifacts: [],
    handled: [],
    loopItems: new Map(),
  };
}

/** A block no event has reached yet. */
export function createBlockRunState(): BlockRunState {
  return {
    status: 'pending',
    shown: { status: 'pending', text: '', position: undefined, durationMs: undefined },
  };
}

/** `state`'s block `nodeId`, made pending when no event reached it yet. */
export function blockRunState(state: RunState, nodeId: string): BlockRunState {
  let block = state.nodes.get(nodeId);
  if (!block) {
    block = createBlockRunState();
    state.nodes.set(nodeId, block);
  }
  return block;
}

/** Whether `loop` places an event in another item than the one `shown` follows. */
export function isOtherItem(shown: ShownItem, loop: readonly LoopPosition[] | undefined): boolean {
  const followed = shown.position;
  if (!loop || !followed || followed.length !== loop.length) return false;
  return followed.some((p, i) => p.loopId !== loop[i]!.loopId || p.item !== loop[i]!.item);
}

/** Token counts added up, each count kept only when some call reported it. */
export function addUsage(total: TokenUsage | undefined, more: TokenUsage): TokenUsage {
  const sum: TokenUsage = { ...total };
  for (const key of ['promptTokens', 'completionTokens', 'totalTokens'] as const) {
    if (more[key] !== undefined) sum[key] = (sum[key] ?? 0) + more[key]!;
  }
  return sum;
}

/**
 * Folds one event into `state`, in place: the one reading of a run's events that the server's
 * step records and the builder's live view share. It depends only on `state` and `event` (no
 * clock, no I/O), so the same events give the same state wherever they are folded; it mutates
 * `state` rather than copying it, as the server folds every event of every run. Answers whether
 * the event was folded (false: it is of another run).
 *
 * Events may come twice or out of order (a watch made again replays the run from its start, items
 * of a loop run side by side): `run_started` starts over, a failure stays, a skip never hides a
 * block that ran, and each block's shown item follows one loop item at a time. A consumer that
 * shows no streamed text may leave `node_partial` out.
 */
export function applyRunEvent(state: RunState, event: RunEvent): boolean {
  if (state.runId !== null && event.runId !== state.runId) return false;
  switch (event.type) {
    case 'run_started':
      state.runId = event.runId;
      state.status = 'running';
      state.error = undefined;
      state.nodeIds = event.nodeIds;
      state.nodes.clear();
      state.artifacts = [];
      state.handled = [];
      state.loopItems.clear();
      break;
    case 'node_started': {
      const block = blockRunState(state, event.nodeId);
      block.startedAt ??= event.at;
      if (block.status !== 'failed') block.status = 'running';
      const shown = block.shown;
      // Another item running beside the followed one: the view keeps the one it follows.
      if (shown.status === 'running' && isOtherItem(shown, event.loop)) break;
      shown.status = 'running';
      shown.text = '';
      shown.toolCalls = undefined;
      shown.position = event.loop;
      shown.durationMs = undefined;
      block.progress = undefined;
      break;
    }
    case 'node_partial': {
      const block = blockRunState(state, event.nodeId);
      const shown = block.shown;
      if (isOtherItem(shown, event.loop)) break;
      shown.status = 'running';
      shown.text += event.text;
      if (block.status === 'pending') block.status = 'running';
      break;
    }
    case 'tool_call': {
      const shown = blockRunState(state, event.nodeId).shown;
      if (isOtherItem(shown, event.loop)) break;
      // Its start and its end carry the same number: the end replaces the start.
      const calls = (shown.toolCalls ??= []);
      const at = calls.findIndex((c) => c.call === event.call.call);
      if (at >= 0) calls[at] = event.call;
      else calls.push(event.call);
      break;
    }
    case 'node_finished':
      finishBlock(state, event);
      break;
    case 'node_failed': {
      const block = blockRunState(state, event.nodeId);
      block.finishedAt = event.at;
      if (block.status !== 'failed') {
        block.status = 'failed';
        block.error = event.error;
      }
      block.durationMs =
        event.loop || event.tool ? (block.durationMs ?? 0) + event.durationMs : event.durationMs;
      if (event.credits) block.credits = (block.credits ?? 0) + event.credits;
      const shown = block.shown;
      shown.status = 'failed';
      shown.durationMs = event.durationMs;
      shown.position = undefined;
      if (event.handled) {
        const { nodeId, error, handled, loop } = event;
        // Sent again after a watch is made again: kept once.
        const known = state.handled.some((f) => f.nodeId === nodeId && samePlace(f.loop, loop));
        if (!known) state.handled.push({ nodeId, error, handled, ...(loop && { loop }) });
      }
      break;
    }
    case 'node_skipped': {
      // Inside a loop a block skipped for one item may run for another: skipped only if it ran for none.
      const block = blockRunState(state, event.nodeId);
      if (block.status !== 'pending') break;
      block.status = 'skipped';
      block.shown.status = 'skipped';
      block.shown.text = '';
      break;
    }
    case 'loop_progress': {
      const block = blockRunState(state, event.nodeId);
      block.progress = { done: event.done, items: event.items };
      if (!event.loop) block.runs = event.items;
      state.loopItems.set(placeKey(event.nodeId, event.loop), event.items);
      break;
    }
    case 'run_finished':
      state.status = event.status;
      state.error = event.error;
      if (event.approval) state.approval = event.approval;
      break;
  }
  return true;
}

/** A block (or one item of it) finished. */
function finishBlock(state: RunState, event: Extract<RunEvent, { type: 'node_finished' }>): void {
  const block = blockRunState(state, event.nodeId);
  block.finishedAt = event.at;
  if (event.model !== undefined) block.model = event.model;
  if (event.usage) block.usage = addUsage(block.usage, event.usage);
  if (event.credits) block.credits = (block.credits ?? 0) + event.credits;
  if (event.tool) {
    // A block run as a tool: the totals over its calls, and the first call's answer.
    block.runs = (block.runs ?? 0) + 1;
    block.durationMs = (block.durationMs ?? 0) + event.durationMs;
    if (block.call === undefined) {
      block.call = event.tool;
      block.outputs = event.outputs;
      if (event.artifacts.length > 0) block.artifacts = event.artifacts;
    }
  } else if (event.loop) {
    // Inside a loop: the totals over its items, and the first item's outputs. The loop's end
    // gathers the items; they are not the run's result.
    block.runs = (block.runs ?? 0) + 1;
    block.durationMs = (block.durationMs ?? 0) + event.durationMs;
    if (block.item === undefined) {
      block.item = event.loop.at(-1)!.item;
      block.outputs = event.outputs;
      if (event.artifacts.length > 0) block.artifacts = event.artifacts;
    }
  } else {
    block.durationMs = event.durationMs;
    block.outputs = event.outputs;
    if (event.artifacts.length > 0) {
      block.artifacts = event.artifacts;
      for (const artifact of event.artifacts) state.artifacts.push({ nodeId: event.nodeId, artifact });
    }
    if (event.routes) block.routes = event.routes;
  }
  if (block.status !== 'failed') block.status = 'succeeded';
  const shown = block.shown;
  if (isOtherItem(shown, event.loop)) return;
  shown.status = 'succeeded';
  shown.durationMs = event.durationMs;
  shown.position = event.loop;
}

function placeKey(nodeId: string, loop: readonly LoopPosition[] | undefined): string {
  return [nodeId, ...(loop ?? []).map((p) => `${p.loopId}:${p.item}`)].join('|');
}

function samePlace(a: readonly LoopPosition[] | undefined, b: readonly LoopPosition[] | undefined): boolean {
  return placeKey('', a) === placeKey('', b);
}

/**
 * What failed while the run went on, as the run's result keeps it (`RunResult.notes`), from the
 * events folded so far: the blocks outside loops in the order they failed, then per loop (in the
 * run's block order) how many of its items failed and which.
 */
export function foldedRunNotes(state: RunState): RunNote[] {
  const notes: RunNote[] = [];
  const byLoop = new Map<string, ItemFailure[]>();
  for (const failure of state.handled) {
    const place = failure.loop?.at(-1);
    if (!failure.loop || !place) {
      notes.push(blockFailureNote(failure.nodeId, failure.error, failure.handled));
      continue;
    }
    // An item's event names its place (`failed on item 2 of 3:`); the loop's note names the item itself.
    const error = failure.error.replace(` failed on item ${place.item} of ${place.items}: `, ' failed: ');
    const within = failure.loop.slice(0, -1).map((p) => p.item);
    const failures = byLoop.get(place.loopId) ?? [];
    failures.push({ item: place.item, ...(within.length > 0 && { within }), nodeId: failure.nodeId, error });
    byLoop.set(place.loopId, failures);
  }
  const order = [...state.nodeIds, ...byLoop.keys()].filter((id, i, ids) => ids.indexOf(id) === i);
  for (const opener of order) {
    const failures = byLoop.get(opener);
    if (!failures) continue;
    let items = 0;
    for (const [key, count] of state.loopItems)
      if (key === opener || key.startsWith(`${opener}|`)) items += count;
    notes.push(loopFailureNote(opener, Math.max(items, failures.length), failures.sort(compareItemFailures)));
  }
  return notes;
}
