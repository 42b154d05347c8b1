import type { RunPaused, RunPlan, SavedRun } from '@blocksmith/engine';
import type { ApprovalRequest } from '@blocksmith/schema';
import type { RunJob } from './run-queue';

/** What a run that stopped to wait is handed to (`services/approvals`), and reads back when it goes on. */
export interface RunApprovals {
  /**
   * Stores the run as waiting (no process holds it any more) with its steps and what it needs to
   * go on; answers what the approver is asked, or null when the run had ended meanwhile.
   */
  wait(waiting: {
    job: RunJob;
    paused: RunPaused;
    nodes: Record<string, unknown>;
    keep: { blockType: string; credits: number }[];
  }): Promise<ApprovalRequest | null>;
  /** What a run that goes on had done before its wait (null when nothing was kept). */
  saved(runId: string): Promise<SavedRun | null>;
}

/** What a run says when this server cannot keep it waiting (no approvals service). */
export const CANNOT_WAIT_MESSAGE = 'This server cannot keep a run waiting for approval.';

/**
 * The charges a run that waited keeps should it end unapproved: each AI block that ran before the
 * wait (a block inside a loop once per item it ran for). What did not run is refunded.
 */
export function chargesBeforeWait(plan: RunPlan, saved: SavedRun): { blockType: string; credits: number }[] {
  const keep: { blockType: string; credits: number }[] = [];
  for (const node of plan.nodes) {
    if (node.cost <= 0) continue;
    const outcome = saved.settled[node.id] ?? saved.looped?.[node.id];
    if (!outcome) continue;
    const ran = outcome.status === 'succeeded' || outcome.handled === true || (outcome.runs ?? 0) > 0;
    if (!ran) continue;
    const times = node.region === 0 ? 1 : (outcome.runs ?? 0);
    keep.push({ blockType: node.definition.historyType, credits: node.cost * times });
  }
  return keep;
}
