import { regionEncloses, type FlowGraph, type LoopProblem, type LoopStructure } from '@blocksmith/schema';
import type { GraphProblem, PlannedNode, PlannedRegion } from './plan-types';

export interface FlowPlan {
  regions: PlannedRegion[];
  /** Per block, its place in its region's `members` (for region 0, its own index). */
  slot: Int32Array;
}

const bit = (set: Uint32Array, i: number): void => void (set[i >>> 5]! |= 1 << (i & 31));

/** The planner's graph, as the shared flow rules read it. */
export function flowGraph(nodes: readonly PlannedNode[], order: readonly number[]): FlowGraph {
  return {
    parents: nodes.map((n) => n.parents),
    order,
    loopRole: (i) =>
      nodes[i]!.definition.loop ? 'opens' : nodes[i]!.definition.endsLoop ? 'ends' : undefined,
  };
}

/** A loop problem in words, naming its blocks; `endNames` are the kinds that can end a loop. */
export function loopProblemMessage(
  problem: LoopProblem,
  nodes: readonly PlannedNode[],
  endNames: readonly string[],
): GraphProblem {
  const label = (i: number) => nodes[i]!.label;
  const id = (i: number) => nodes[i]!.id;
  switch (problem.kind) {
    case 'twoLoops':
      return {
        nodeId: id(problem.node),
        message: `${label(problem.node)} takes input from inside two different loops.`,
      };
    case 'endWithoutLoop':
      return {
        nodeId: id(problem.node),
        message: `${label(problem.node)} ends a loop, so connect it after the blocks a loop repeats.`,
      };
    case 'endFromOutside':
      return {
        nodeId: id(problem.node),
        message: `${label(problem.node)} ends the loop of ${label(problem.opener)}, so only blocks inside that loop can connect to it.`,
      };
    case 'secondEnd':
      return {
        nodeId: id(problem.node),
        message: `The loop of ${label(problem.opener)} already ends at ${label(problem.first)}; ${label(problem.node)} cannot end it too.`,
      };
    case 'noEnd': {
      const ends = endNames.length > 0 ? ` (${endNames.join(', ')})` : '';
      return {
        nodeId: id(problem.opener),
        message: `${label(problem.opener)} repeats the blocks after it: connect them to a block that ends the loop${ends}.`,
      };
    }
    case 'leavesLoop':
      return {
        nodeId: id(problem.node),
        message: `${label(problem.node)} is inside the loop of ${label(problem.opener)} but does not lead to ${label(problem.closer)}, where the loop ends.`,
      };
  }
}

/**
 * Places every block in its region and says what it waits for there. A member waits for its
 * parents in the same region; a loop's opener also waits for every block outside the loop that
 * feeds the loop's blocks (so an item can run to the end once it starts), and a loop's end waits
 * for the loop as a whole (its opener, settled once every item has run). Parents in a region around
 * this one have settled before this region starts. `structure` is null for an app without loops.
 */
export function planRegions(
  nodes: PlannedNode[],
  order: readonly number[],
  structure: LoopStructure | null,
): FlowPlan {
  const n = nodes.length;
  const slot = new Int32Array(n);
  if (structure === null) {
    // No loop: everything runs once, in region 0, waiting for its parents.
    const waiting = new Int32Array(n);
    for (const node of nodes) {
      slot[node.index] = node.index;
      waiting[node.index] = node.parents.length;
      node.dependents = node.children;
    }
    // Blocks connected as tools are not members: they run when a model calls them.
    const members = order.filter((i) => !nodes[i]!.toolOf);
    return { regions: [{ opener: -1, closer: -1, parent: -1, depth: 0, members, waiting }], slot };
  }
  const regions: PlannedRegion[] = structure.regions.map((r) => ({
    ...r,
    members: [],
    waiting: new Int32Array(0),
  }));
  const closes = new Int32Array(n).fill(-1);
  for (const node of nodes) node.region = structure.regionOf[node.index]!;
  for (let r = 1; r < regions.length; r++) {
    nodes[regions[r]!.opener]!.body = r;
    closes[regions[r]!.closer] = r;
  }
  for (const v of order) {
    const region = regions[nodes[v]!.region]!;
    slot[v] = nodes[v]!.region === 0 ? v : region.members.length;
    if (!nodes[v]!.toolOf) region.members.push(v);
  }

  const waitsOn: Set<number>[] = nodes.map(() => new Set<number>());
  for (const v of order) {
    const node = nodes[v]!;
    for (const u of node.parents) {
      const parent = nodes[u]!;
      if (parent.region === node.region) waitsOn[v]!.add(u);
      else if (closes[v]! > 0) waitsOn[v]!.add(regions[closes[v]!]!.opener);
      else if (parent.body >= 0 && regionEncloses(regions, parent.body, node.region)) continue;
      else {
        // A parent outside this block's loop: the opener of the loop around it in the parent's region waits for it.
        for (let x = node.region; x > 0; x = regions[x]!.parent) {
          if (regions[x]!.parent === parent.region) {
            waitsOn[regions[x]!.opener]!.add(u);
            break;
          }
        }
      }
    }
  }
  for (const node of nodes) node.dependents = [];
  regions.forEach((region, r) => {
    region.waiting = new Int32Array(r === 0 ? n : region.members.length);
    for (const v of region.members) {
      region.waiting[slot[v]!] = waitsOn[v]!.size;
      for (const u of waitsOn[v]!) nodes[u]!.dependents.push(v);
    }
  });
  return { regions, slot };
}

/**
 * For each block with route outputs, the blocks each route skips: those reached from the block
 * only through routes the run did not take. Computed from every block's descendants, so a run
 * decides what to skip with a few word operations.
 */
export function planRouteSkips(nodes: PlannedNode[], order: readonly number[]): void {
  const words = (nodes.length + 31) >>> 5;
  const below = nodes.map(() => new Uint32Array(words));
  for (let k = order.length - 1; k >= 0; k--) {
    const v = order[k]!;
    const set = below[v]!;
    for (const c of nodes[v]!.children) {
      const childSet = below[c]!;
      for (let w = 0; w < words; w++) set[w]! |= childSet[w]!;
      bit(set, c);
    }
  }
  for (const node of nodes) {
    const routes = node.routes;
    if (!routes) continue;
    const reach = routes.map(() => new Uint32Array(words));
    for (const c of node.children) {
      const child = nodes[c]!;
      const ports = child.parentRoutes?.[child.parents.indexOf(node.index)] ?? null;
      routes.forEach((route, p) => {
        if (ports !== null && !ports.includes(route)) return;
        const set = reach[p]!;
        const childSet = below[c]!;
        for (let w = 0; w < words; w++) set[w]! |= childSet[w]!;
        bit(set, c);
      });
    }
    const only = routes.map((_, taken) => {
      const skipped: number[] = [];
      for (let w = 0; w < words; w++) {
        let others = 0;
        for (let p = 0; p < routes.length; p++) if (p !== taken) others |= reach[p]![w]!;
        let bits = others & ~reach[taken]![w]!;
        while (bits !== 0) {
          const low = bits & -bits;
          skipped.push(w * 32 + 31 - Math.clz32(low));
          bits ^= low;
        }
      }
      return Int32Array.from(skipped);
    });
    node.routeSkips = { only, reach };
  }
}
