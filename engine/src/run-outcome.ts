import {
  compareItemFailures,
  loopFailureNote,
  type ItemFailure,
  type RunArtifact,
  type RunNote,
  type RunResult,
  type RunStatus,
} from '@blocksmith/schema';
import type { RunPaused } from './run-pause';
import { SKIPPED, type Frame, type LoopRun, type LoopStats, type NodeOutcome } from './run-frame';
import type { PlannedNode, RunPlan } from './run-plan';

export interface RunOutcome {
  runId: string;
  status: RunStatus;
  /** What went wrong, naming the block, when the run did not succeed. */
  error?: string;
  errorCode?: string;
  failedNodeId?: string;
  nodes: Record<string, NodeOutcome>;
  /**
   * The run's result per block, as it is stored and answered: each block outside loops that
   * succeeded with outputs (not the input blocks), its kind and outputs; the artifacts of the
   * blocks outside loops; the app's layout. `flatResult` (schema) makes the flat answer of it.
   */
  results: RunResult;
  durationMs: number;
  /** One per block run that overran its time (`BlockOverrunError`), loop items included: its charge is kept. */
  overruns?: BlockOverrun[];
  /** Status `waiting`: the block the run waits at, what it asks, and what the run needs to go on. */
  paused?: RunPaused;
}

/** A block run stopped at its time limit: the time was used, so its own charge stands. */
export interface BlockOverrun {
  nodeId: string;
  /** The block's credit-history name, e.g. `code`. */
  blockType: string;
  /** What one run of the block costs (its definition's `cost`). */
  credits: number;
}

export type { LoopStats } from './run-frame';

/** What the scheduler holds once a run is over, that its outcome is made from. */
export interface FinishedRun {
  plan: RunPlan;
  /** The whole app's frame. */
  top: Frame;
  /** Totals of the blocks inside loops (absent when the app has no loop). */
  stats: LoopStats | undefined;
  loops: readonly LoopRun[];
  /** Blocks outside loops that failed while the run went on. */
  notes: readonly RunNote[];
}

/** Every block's outcome, and the run's result per block (`RunResult`) made of them once. */
export function runReport(run: FinishedRun): Pick<RunOutcome, 'nodes' | 'results'> {
  const { plan } = run;
  const nodes: Record<string, NodeOutcome> = {};
  const blocks: RunResult['blocks'] = {};
  const artifacts: RunArtifact[] = [];
  for (const index of plan.order) {
    const node = plan.nodes[index]!;
    const outcome = reportedOutcome(run, node);
    nodes[node.id] = outcome;
    // A block that failed while the run went on is in the result with the error value it handed on.
    // A tool block's calls answered a model, not the run.
    if ((outcome.status !== 'succeeded' && !outcome.handled) || node.region !== 0 || node.toolOf) continue;
    for (const artifact of outcome.artifacts) artifacts.push({ nodeId: node.id, artifact });
    if (node.definition.category === 'input') continue;
    const outputs: Record<string, unknown> = {};
    let first = true;
    let any = false;
    for (const name in outcome.outputs) {
      // A loop's first output is its current item, which means nothing once the loop is over.
      if (!(first && node.body >= 0)) {
        outputs[name] = outcome.outputs[name];
        any = true;
      }
      first = false;
    }
    if (any) blocks[node.id] = { kind: node.definition.kind, outputs };
  }
  const notes = runNotes(run);
  return {
    nodes,
    results: { blocks, artifacts, layout: resultLayout(plan), ...(notes.length > 0 && { notes }) },
  };
}

/**
 * What failed while the run went on: the blocks outside loops, then per loop (its runs inside
 * another loop's items counted together) how many of its items failed and which, in item order.
 */
function runNotes({ plan, loops, notes }: FinishedRun): RunNote[] {
  const byLoop = new Map<number, { items: number; failures: ItemFailure[] }>();
  for (const loop of loops) {
    const entry = byLoop.get(loop.opener) ?? { items: 0, failures: [] };
    entry.items += loop.items.length;
    entry.failures.push(...loop.failures);
    byLoop.set(loop.opener, entry);
  }
  const all = [...notes];
  for (const index of plan.order) {
    const entry = byLoop.get(index);
    if (!entry || entry.failures.length === 0) continue;
    entry.failures.sort(compareItemFailures);
    all.push(loopFailureNote(plan.nodes[index]!.id, entry.items, entry.failures));
  }
  return all;
}

/** The app's blocks in plugin-list order with their variable and declared outputs: what the flat answer's keys are made from. */
function resultLayout(plan: RunPlan): RunResult['layout'] {
  return plan.nodes.map((node) => ({
    id: node.id,
    ...(node.variable !== undefined && { variable: node.variable }),
    outputs: Object.keys(node.definition.outputs),
  }));
}

/** A block's outcome over the whole run: inside a loop, its totals over all items. */
function reportedOutcome({ top, stats, loops }: FinishedRun, node: PlannedNode): NodeOutcome {
  if (node.region === 0 || !stats) {
    const outcome = top.outcomes[node.index];
    if (outcome) return outcome;
    const loop = loops.find((l) => l.opener === node.index && l.frame === top);
    // A loop stopped part way: its opener ran, its items did not all run.
    return loop
      ? { status: 'failed', outputs: {}, artifacts: [], durationMs: performance.now() - loop.startedAt }
      : SKIPPED;
  }
  const runs = stats.runs[node.index]!;
  const error = stats.errors[node.index];
  const durationMs = stats.durationMs[node.index]!;
  const status = error !== undefined ? 'failed' : runs > 0 ? 'succeeded' : 'skipped';
  return { status, outputs: {}, artifacts: [], durationMs, runs, ...(error !== undefined && { error }) };
}
