import { isRunResult, type RunArtifact, type RunResult } from '@blocksmith/schema';
import type { StoredSteps } from '../runs/run-steps';

/**
 * A run's per-block result from what was stored (`runs.result`). Runs stored before results were
 * kept per block hold one flat object instead (every block's outputs under one key each): their
 * blocks are read from their steps (each block that succeeded outside a loop, its outputs as its
 * step kept them, long values cut to 20,000 characters), their artifacts from the flat result, and
 * their layout is empty (the flat result is answered as it was stored).
 */
export function runResults(stored: Record<string, unknown>, steps: StoredSteps): RunResult {
  if (isRunResult(stored)) return stored;
  const blocks: RunResult['blocks'] = {};
  const ordered = Object.entries(steps ?? {}).sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
  for (const [nodeId, step] of ordered) {
    if (step.status !== 'succeeded' || step.item !== undefined || step.kind === undefined) continue;
    if (step.outputs === undefined || Object.keys(step.outputs).length === 0) continue;
    blocks[nodeId] = { kind: step.kind, outputs: step.outputs };
  }
  const artifacts = Array.isArray(stored.artifacts) ? (stored.artifacts as RunArtifact[]) : [];
  return { blocks, artifacts, layout: [] };
}
