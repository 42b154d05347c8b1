import type { UpstreamValue } from '@blocksmith/block-sdk';
import { handsOn, type Frame, type NodeOutcome } from './run-frame';
import type { PlannedNode, RunPlan } from './run-plan';

// How values and routes flow between blocks within a frame: which blocks a run skips, and what
// reaches a block from upstream.

/**
 * A block is skipped when a route taken in its frame (or one around it) skips it, when none of
 * its upstream blocks ran and passed it a value, or, for a loop's end, when its loop did not run.
 */
export function skips(plan: RunPlan, closes: Int32Array | undefined, frame: Frame, index: number): boolean {
  if (frame.isExcluded(index)) return true;
  const node = plan.nodes[index]!;
  if (node.definition.endsLoop && closes) {
    const opener = plan.regions[closes[index]!]!.opener;
    return frame.outcomeOf(opener)?.status !== 'succeeded';
  }
  const parents = node.parents;
  if (parents.length === 0) return false;
  for (let k = 0; k < parents.length; k++) {
    if (passes(frame.outcomeOf(parents[k]!), node.parentRoutes?.[k])) return false;
  }
  return true;
}

/** What reaches `node` from its upstream blocks in `frame`: those that ran, through a route it listens to. */
export function upstreamOf(plan: RunPlan, frame: Frame, node: PlannedNode): UpstreamValue[] {
  const upstream: UpstreamValue[] = [];
  const parents = node.parents;
  for (let k = 0; k < parents.length; k++) {
    const parent = plan.nodes[parents[k]!]!;
    if (parent.variable === undefined) continue;
    const outcome = frame.outcomeOf(parent.index);
    if (!passes(outcome, node.parentRoutes?.[k])) continue;
    upstream.push({
      nodeId: parent.id,
      kind: parent.definition.kind,
      name: parent.variable,
      value: outcome!.outputs[parent.firstOutput!],
      outputs: outcome!.outputs,
    });
  }
  return upstream;
}

/** Marks what the routes `node` did not take skip, in this frame. */
export function excludeUntaken(
  plan: RunPlan,
  frame: Frame,
  node: PlannedNode,
  taken: readonly string[],
): void {
  const { only, reach } = node.routeSkips!;
  const routes = node.routes!;
  if (taken.length === 1) {
    for (const skipped of only[routes.indexOf(taken[0]!)]!) frame.exclude(skipped);
    return;
  }
  const words = reach[0]?.length ?? 0;
  frame.excluded ??= new Uint32Array((plan.nodes.length + 31) >>> 5);
  for (let w = 0; w < words; w++) {
    let through = 0;
    let notThrough = 0;
    routes.forEach((route, p) => {
      if (taken.includes(route)) through |= reach[p]![w]!;
      else notThrough |= reach[p]![w]!;
    });
    frame.excluded[w]! |= notThrough & ~through;
  }
}

/**
 * Whether an upstream block ran (or failed and the run went on with its error value) and its value
 * reaches the block through `routes` (null: any).
 */
export function passes(
  outcome: NodeOutcome | undefined,
  routes: readonly string[] | null | undefined,
): boolean {
  if (!handsOn(outcome)) return false;
  if (routes === null || routes === undefined) return true;
  const taken = outcome.routes;
  return taken !== undefined && routes.some((route) => taken.includes(route));
}
