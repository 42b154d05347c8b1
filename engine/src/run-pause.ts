import type { PauseRequest, RunDecision } from '@blocksmith/block-sdk';
import type { RunEvent, RunNote } from '@blocksmith/schema';
import { excludeUntaken } from './flow-rules';
import type { Frame, LoopStats, NodeOutcome } from './run-frame';
import type { RunPlan } from './run-plan';

/**
 * What a run that stopped to wait needs to go on, as plain JSON (kept in the database, read by any
 * process): the outcome of every block outside loops that settled (ran, was skipped, or failed
 * and the run went on), each loop block's totals over its items, and the notes so far.
 */
export interface SavedRun {
  /** Blocks outside loops that settled, by id. */
  settled: Record<string, NodeOutcome>;
  /** Blocks inside loops: their totals over the items that ran, by id. */
  looped?: Record<string, NodeOutcome>;
  notes?: RunNote[];
}

/** A run stopped at a block that waits for a person (`RunPause`): which block, what it asks, what it keeps. */
export interface RunPaused {
  nodeId: string;
  request: PauseRequest;
  saved: SavedRun;
}

/** Going on after a pause: what was kept, and what was decided at the block that waited. */
export interface RunResume {
  saved: SavedRun;
  nodeId: string;
  decision: RunDecision;
}

/** What the scheduler holds when the run stops to wait. */
export interface PausingRun {
  plan: RunPlan;
  top: Frame;
  stats: LoopStats | undefined;
  notes: readonly RunNote[];
}

/** The run's state as it stops to wait: every settled block outside loops, and loop blocks' totals. */
export function saveRun({ plan, top, stats, notes }: PausingRun): SavedRun {
  const settled: Record<string, NodeOutcome> = {};
  const looped: Record<string, NodeOutcome> = {};
  for (const node of plan.nodes) {
    if (node.region === 0) {
      const outcome = top.outcomes[plan.slot[node.index]!];
      if (outcome) settled[node.id] = { ...outcome };
    } else if (stats && (stats.runs[node.index]! > 0 || stats.errors[node.index] !== undefined)) {
      const error = stats.errors[node.index];
      looped[node.id] = {
        status: error !== undefined ? 'failed' : 'succeeded',
        outputs: {},
        artifacts: [],
        durationMs: stats.durationMs[node.index]!,
        runs: stats.runs[node.index]!,
        ...(error !== undefined && { error }),
      };
    }
  }
  return {
    settled,
    ...(Object.keys(looped).length > 0 && { looped }),
    ...(notes.length > 0 && { notes: [...notes] }),
  };
}

/**
 * Puts a saved run back into a fresh scheduler's top frame: each settled block's outcome, the
 * routes it took, what it no longer holds up; loop blocks' totals; the notes. Answers the events
 * that tell a watcher of the new stream where the run stands (each settled block finished or
 * skipped, in plan order). Blocks of the saved run that the plan no longer has are left out.
 */
export function restoreRun(
  run: PausingRun & { notes: RunNote[] },
  saved: SavedRun,
  runId: string,
): RunEvent[] {
  const { plan, top, stats } = run;
  const events: RunEvent[] = [];
  const at = Date.now();
  const byId = new Map(plan.nodes.map((node) => [node.id, node]));
  for (const index of plan.order) {
    const node = plan.nodes[index]!;
    const outcome = node.region === 0 ? saved.settled[node.id] : undefined;
    if (!outcome) continue;
    const slot = plan.slot[index]!;
    top.outcomes[slot] = outcome;
    top.settled++;
    for (const d of node.dependents) top.waiting[plan.slot[d]!]!--;
    if (outcome.routes && node.routeSkips) excludeUntaken(plan, top, node, outcome.routes);
    if (outcome.status === 'skipped') events.push({ type: 'node_skipped', runId, nodeId: node.id, at });
    else if (outcome.status === 'succeeded')
      events.push({
        type: 'node_finished',
        runId,
        nodeId: node.id,
        at,
        durationMs: outcome.durationMs,
        outputs: outcome.outputs,
        artifacts: outcome.artifacts,
        ...(outcome.routes && { routes: outcome.routes }),
      });
    else
      events.push({
        type: 'node_failed',
        runId,
        nodeId: node.id,
        at,
        durationMs: outcome.durationMs,
        error: outcome.error ?? '',
        ...(outcome.handled && { handled: outcome.routes ? 'route' : 'continue' }),
      });
  }
  if (stats)
    for (const [id, outcome] of Object.entries(saved.looped ?? {})) {
      const node = byId.get(id);
      if (!node || node.region === 0) continue;
      stats.runs[node.index] = outcome.runs ?? 0;
      stats.durationMs[node.index] = outcome.durationMs;
      if (outcome.error !== undefined) stats.errors[node.index] = outcome.error;
    }
  run.notes.push(...(saved.notes ?? []));
  return events;
}
