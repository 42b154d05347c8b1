import type { RunResult } from '@blocksmith/schema';
import type { RunOutcome, RunPlan } from '@blocksmith/engine';

/**
 * A run's result per block, as it is stored and answered (`RunResult`): each block outside loops
 * that succeeded with outputs (not the input blocks), its kind and its outputs by their declared
 * names (a loop's without its current item, which means nothing once the loop is over), the
 * artifacts, and the app's blocks with their variable and declared outputs for the flat answer.
 */
export function runResultOf(plan: RunPlan, outcome: RunOutcome): RunResult {
  const blocks: RunResult['blocks'] = {};
  for (const index of plan.order) {
    const node = plan.nodes[index]!;
    const ran = outcome.nodes[node.id];
    if (ran?.status !== 'succeeded' || node.region !== 0 || node.definition.category === 'input') continue;
    const outputs: Record<string, unknown> = {};
    let first = true;
    for (const name in ran.outputs) {
      if (!(first && node.body >= 0)) outputs[name] = ran.outputs[name];
      first = false;
    }
    if (Object.keys(outputs).length > 0) blocks[node.id] = { kind: node.definition.kind, outputs };
  }
  return {
    blocks,
    artifacts: outcome.artifacts,
    layout: plan.nodes.map((node) => ({
      id: node.id,
      ...(node.variable !== undefined && { variable: node.variable }),
      outputs: Object.keys(node.definition.outputs),
    })),
  };
}
