import type { CreditHistoryEntry, NodeStatus } from '@blocksmith/schema';

/** Where a run was started from. */
export type RunSource = 'builder' | 'store' | 'embed' | 'api';

export const RUN_SOURCES: readonly RunSource[] = ['builder', 'store', 'embed', 'api'];

/** How a run ended, or that it has not yet. */
export type RunRecordStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'aborted';

export const RUN_STATUSES: readonly RunRecordStatus[] = ['succeeded', 'failed', 'running', 'aborted'];

/** One block of a run as it was kept: what it received and produced, when, and how it ended. */
export interface RunStep {
  nodeId: string;
  /** The block's kind. */
  kind: string;
  /** The block's title as the canvas shows it (its label, else the kind's name). */
  title: string;
  status: NodeStatus;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** The variables the block received; null when the privacy rule hides them. */
  inputs: Record<string, unknown> | null;
  /**
   * Its outputs by name (long values cut; an output block's results under `artifacts`); null
   * when hidden.
   */
  outputs: Record<string, unknown> | null;
  /** Per output that was cut, a signed link to the whole value; null when none was cut or hidden. */
  outputFiles: Record<string, unknown> | null;
  truncated: boolean;
  error: string | null;
  /** The model, when the AI provider reports it. */
  model: string | null;
  /** `{ promptTokens, completionTokens, totalTokens }`, when reported. */
  usage: Record<string, unknown> | null;
  /** Blocks inside a loop: how many items they ran for. */
  items: number | null;
}

/** Who started a run. */
export interface RunRunner {
  id: string;
  name: string;
}

/** A run as the lists show it. */
export interface RunSummary {
  id: string;
  appId: string;
  appName: string;
  status: RunRecordStatus;
  /** `test_execution` or `published`. */
  actionType: string;
  source: RunSource;
  runner: RunRunner;
  /** The caller started it. */
  mine: boolean;
  cost: number;
  durationMs: number | null;
  /** ISO times. */
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  errorCode: string | null;
  /** The privacy rule hides what went in and came out. */
  detailsHidden: boolean;
}

/** One run with what it did, block by block. */
export interface RunDetail extends RunSummary {
  /** What the run was started with (file inputs by reference); null when hidden. */
  inputs: Record<string, unknown> | null;
  /** Result fields and artifacts of a successful run; null when hidden or not successful. */
  result: Record<string, unknown> | null;
  /** Per block: status, duration, error (as live progress left it). */
  nodes: Record<string, unknown> | null;
  steps: RunStep[];
}

/** One page of runs, newest first; `nextCursor` fetches the page after it (null: no more). */
export interface RunPage {
  runs: RunSummary[];
  nextCursor: string | null;
}

export interface CreditHistoryPage {
  entries: CreditHistoryEntry[];
  nextCursor: string | null;
}

/** What an app's runs list is narrowed to. */
export interface RunFilter {
  status?: RunRecordStatus | null;
  source?: RunSource | null;
}
