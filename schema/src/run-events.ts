import type { Artifact } from './artifacts';

/** Progress of one run, in the order the engine emits it. */
export type RunEvent =
  | { type: 'run_started'; runId: string; at: number; nodeIds: string[] }
  | { type: 'node_started'; runId: string; nodeId: string; at: number }
  | { type: 'node_partial'; runId: string; nodeId: string; at: number; text: string }
  | {
      type: 'node_finished';
      runId: string;
      nodeId: string;
      at: number;
      durationMs: number;
      outputs: Record<string, unknown>;
      artifacts: Artifact[];
    }
  | { type: 'node_failed'; runId: string; nodeId: string; at: number; durationMs: number; error: string }
  | { type: 'run_finished'; runId: string; at: number; status: RunStatus; error?: string };

export type RunStatus = 'succeeded' | 'failed' | 'aborted';
export type NodeStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';
