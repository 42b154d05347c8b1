/**
 * How route outputs and loops shape an app: which routes a block offers, which blocks sit inside
 * which loop, and what is wrong with the loops as wired. One rule, used by the run planner, the
 * connection rules and the price of a run, so the server and the workbench never disagree.
 */

import type { ToolFlow } from './tool-connections';

/** Named output ports of which each run takes some; blocks reached only through the others are skipped. */
export interface RouteOutputs {
  /** Fixed routes, e.g. `['true', 'false']`; they come after the ones named by `linesOf`. */
  ports?: readonly string[];
  /** A text setting whose lines each name a route (blank lines and repeats left out). */
  linesOf?: string;
}

/** A block that runs the blocks after it, up to the block that ends its loop, once per item of a list. */
export interface LoopDeclaration {
  /** The output holding the list; the block's first output carries the current item inside the loop. */
  items: string;
  /** The number setting with the most items one run goes through. */
  maxItems: string;
  /** The number setting with how many items run at once. */
  concurrency: string;
}

/**
 * How a block steers a run: as it declares it, and as the catalogue describes it to the workbench.
 * `tool`: it can serve as a tool of a model; `tools`: it hands tools to a model (tool-connections.ts).
 */
export interface BlockFlow extends ToolFlow {
  routes?: RouteOutputs;
  loop?: LoopDeclaration;
  /** It ends the loop it follows: it runs once, after every item, with what reached it from each. */
  endsLoop?: boolean;
}

/** Tells how a block kind steers a run; undefined for kinds that simply run once. */
export type FlowOf = (type: string) => BlockFlow | undefined;

/** The routes a block with route outputs offers under these settings, in order. */
export function routePorts(routes: RouteOutputs, settings: Readonly<Record<string, unknown>>): string[] {
  const ports: string[] = [];
  const add = (name: string): void => {
    if (name !== '' && !ports.includes(name)) ports.push(name);
  };
  if (routes.linesOf !== undefined) {
    const text = settings[routes.linesOf];
    if (typeof text === 'string') for (const line of text.split(/\r?\n/)) add(line.trim());
  }
  for (const port of routes.ports ?? []) add(port);
  return ports;
}

/** An app's connections as indices: enough to find its loops. */
export interface FlowGraph {
  /** Per block, the indices of its direct upstream blocks. */
  parents: readonly (readonly number[])[];
  /** Block indices, each after its upstream blocks (blocks caught in a cycle may be missing). */
  order: readonly number[];
  /** Whether a block opens a loop, ends one, or neither. */
  loopRole(index: number): 'opens' | 'ends' | undefined;
}

/** The whole app (region 0) or the blocks one loop repeats. */
export interface LoopRegion {
  /** The block that runs the loop; -1 for the whole app. */
  opener: number;
  /** The block that ends the loop; -1 when there is none (a problem) and for the whole app. */
  closer: number;
  /** The region the loop itself sits in; -1 for the whole app. */
  parent: number;
  depth: number;
}

export type LoopProblem =
  /** The block takes input from inside two different loops. */
  | { kind: 'twoLoops'; node: number }
  /** The block ends a loop, but no loop leads to it. */
  | { kind: 'endWithoutLoop'; node: number }
  /** The block ends `opener`'s loop but also takes input from outside it. */
  | { kind: 'endFromOutside'; node: number; opener: number }
  /** `opener`'s loop already ends at `first`. */
  | { kind: 'secondEnd'; node: number; opener: number; first: number }
  /** Nothing ends `opener`'s loop. */
  | { kind: 'noEnd'; opener: number }
  /** The block is inside `opener`'s loop but does not lead to the block that ends it. */
  | { kind: 'leavesLoop'; node: number; opener: number; closer: number };

export interface LoopStructure {
  /** Per block, the region it runs in (-1 for blocks caught in a cycle). A loop's opener and end sit outside it. */
  regionOf: Int32Array;
  regions: LoopRegion[];
  problems: LoopProblem[];
}

/** True when region `outer` is `inner` or holds it, directly or through other loops. */
export function regionEncloses(regions: readonly LoopRegion[], outer: number, inner: number): boolean {
  const depth = regions[outer]!.depth;
  while (regions[inner]!.depth > depth) inner = regions[inner]!.parent;
  return inner === outer;
}

/**
 * Finds every loop's body: the blocks after a loop's opener and before the block that ends it.
 * A block is inside the deepest loop any of its upstream blocks is in (an opener's own
 * downstream blocks are inside its loop); the block that ends a loop is outside it again. The
 * body is a region run once per item, not a cycle: the graph itself never loops back.
 */
export function loopStructure(graph: FlowGraph): LoopStructure {
  const n = graph.parents.length;
  const regionOf = new Int32Array(n).fill(-1);
  const bodyOf = new Int32Array(n).fill(-1);
  const regions: LoopRegion[] = [{ opener: -1, closer: -1, parent: -1, depth: 0 }];
  const problems: LoopProblem[] = [];
  const emitsInto = (u: number): number => (bodyOf[u]! >= 0 ? bodyOf[u]! : regionOf[u]!);

  for (const v of graph.order) {
    let deepest = 0;
    let twoLoops = false;
    for (const u of graph.parents[v]!) {
      const r = emitsInto(u);
      if (r < 0 || regionEncloses(regions, r, deepest)) continue;
      if (regionEncloses(regions, deepest, r)) deepest = r;
      else twoLoops = true;
    }
    if (twoLoops) problems.push({ kind: 'twoLoops', node: v });
    const role = graph.loopRole(v);
    if (role === 'ends') {
      if (deepest === 0) {
        problems.push({ kind: 'endWithoutLoop', node: v });
        regionOf[v] = 0;
      } else {
        const region = regions[deepest]!;
        if (graph.parents[v]!.some((u) => emitsInto(u) !== deepest))
          problems.push({ kind: 'endFromOutside', node: v, opener: region.opener });
        if (region.closer >= 0)
          problems.push({ kind: 'secondEnd', node: v, opener: region.opener, first: region.closer });
        else region.closer = v;
        regionOf[v] = region.parent;
      }
    } else {
      regionOf[v] = deepest;
    }
    if (role === 'opens') {
      bodyOf[v] = regions.length;
      regions.push({ opener: v, closer: -1, parent: regionOf[v]!, depth: regions[regionOf[v]!]!.depth + 1 });
    }
  }

  for (let r = 1; r < regions.length; r++) {
    const region = regions[r]!;
    if (region.closer < 0) {
      problems.push({ kind: 'noEnd', opener: region.opener });
      continue;
    }
    // Walk upstream from the end, within the loop: every block of the body must be met.
    const reaches = new Uint8Array(n);
    const stack = [region.closer];
    while (stack.length > 0) {
      for (const u of graph.parents[stack.pop()!]!) {
        if (reaches[u] || regionOf[u]! < 0 || !regionEncloses(regions, r, regionOf[u]!)) continue;
        reaches[u] = 1;
        stack.push(u);
      }
    }
    for (const v of graph.order) {
      if (regionOf[v] === r && !reaches[v])
        problems.push({ kind: 'leavesLoop', node: v, opener: region.opener, closer: region.closer });
    }
  }
  return { regionOf, regions, problems };
}

/**
 * Per block, whether it may be skipped: it is downstream of a block with route outputs, directly
 * or through others. Filled in dependency order.
 */
export function routedBlocks(graph: FlowGraph, hasRoutes: (index: number) => boolean): Uint8Array {
  const routed = new Uint8Array(graph.parents.length);
  for (const v of graph.order) {
    for (const u of graph.parents[v]!) {
      if (routed[u] || hasRoutes(u)) {
        routed[v] = 1;
        break;
      }
    }
  }
  return routed;
}
