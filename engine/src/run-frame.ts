import type { GatheredItem } from '@blocksmith/block-sdk';
import type { Artifact, ItemFailure, LoopPosition, NodeStatus } from '@blocksmith/schema';
import type { PlannedRegion, RunPlan } from './plan-types';

export interface NodeOutcome {
  status: NodeStatus;
  outputs: Record<string, unknown>;
  artifacts: Artifact[];
  durationMs: number;
  error?: string;
  /** A block with route outputs: the routes it took. */
  routes?: string[];
  /** A block inside a loop: how many items it ran for (its duration is theirs together). */
  runs?: number;
  /** A failed block whose run went on (its `onError`): its outputs are the error value it hands on. */
  handled?: boolean;
}

/** Whether a block ran and hands its outputs on: it succeeded, or failed and the run went on. */
export function handsOn(outcome: NodeOutcome | undefined): outcome is NodeOutcome {
  return outcome !== undefined && (outcome.status === 'succeeded' || outcome.handled === true);
}

/** Per block inside a loop: how its runs over all items went. */
export interface LoopStats {
  runs: Int32Array;
  durationMs: Float64Array;
  errors: (string | undefined)[];
}

/** What a skipped block's outcome is; shared, never changed. */
export const SKIPPED: NodeOutcome = Object.freeze({
  status: 'skipped',
  outputs: Object.freeze({}) as Record<string, unknown>,
  artifacts: Object.freeze([]) as unknown as Artifact[],
  durationMs: 0,
}) as NodeOutcome;

/** One loop being run: its items, how far it has got, and what reached its end from each item. */
export class LoopRun {
  next = 0;
  inFlight = 0;
  done = 0;
  completed = false;
  /** Guards against starting items from inside a start (items that settle at once). */
  starting = false;
  again = false;
  readonly gathered: (GatheredItem | undefined)[];
  /** Items in which a block failed while the run went on, one per item (its first failure). */
  readonly failures: ItemFailure[] = [];

  constructor(
    /** The frame the loop's opener runs in. */
    readonly frame: Frame,
    readonly opener: number,
    readonly body: number,
    readonly items: readonly unknown[],
    readonly outputs: Record<string, unknown>,
    readonly artifacts: Artifact[],
    readonly concurrency: number,
    readonly startedAt: number,
  ) {
    this.gathered = new Array<GatheredItem | undefined>(items.length);
  }
}

/**
 * One run of a region: the whole app (the top frame) or one item of a loop. It holds the outcomes
 * of the region's blocks for this run and what they still wait for; blocks of regions around it
 * are read through `parent`, and the loop's opener stands for the current item.
 */
export class Frame {
  readonly outcomes: (NodeOutcome | undefined)[];
  readonly waiting: Int32Array;
  readonly size: number;
  settled = 0;
  /** Blocks a route in this frame skipped (a bitset over the app's blocks), once a route has been taken. */
  excluded: Uint32Array | undefined;
  /** An item frame: the first block that failed in it while the run went on, in words. */
  failure: string | undefined;
  /** An item frame: a block failed in it with `continue`, so its loop's end leaves it out. */
  dropped = false;
  /** What reached each loop end from its loop's items, by the end's index, once the loop is done. */
  gathered: Map<number, GatheredItem[]> | undefined;

  constructor(
    readonly plan: RunPlan,
    readonly regionId: number,
    readonly parent: Frame | undefined,
    /** For an item frame: the loop, the item's index and its opener's outcome for this item. */
    readonly loop: LoopRun | undefined,
    readonly index: number,
    readonly itemOutcome: NodeOutcome | undefined,
    /** For an item frame: where it is in its loops, outermost first (for progress events). */
    readonly position: LoopPosition[] | undefined,
  ) {
    const region: PlannedRegion = plan.regions[regionId]!;
    this.size = region.members.length;
    this.waiting = region.waiting.slice();
    this.outcomes = new Array<NodeOutcome | undefined>(region.waiting.length);
  }

  get region(): PlannedRegion {
    return this.plan.regions[this.regionId]!;
  }

  /** A block's outcome as this frame sees it: its own blocks, the current item, or a region around it. */
  outcomeOf(index: number): NodeOutcome | undefined {
    return outcomeSeenFrom(this, index);
  }

  /** Whether a route taken in this frame or one around it skips the block. */
  isExcluded(index: number): boolean {
    return excludedSeenFrom(this, index);
  }

  exclude(index: number): void {
    const set = (this.excluded ??= new Uint32Array((this.plan.nodes.length + 31) >>> 5));
    set[index >>> 5]! |= 1 << (index & 31);
  }
}

function outcomeSeenFrom(frame: Frame | undefined, index: number): NodeOutcome | undefined {
  const region = frame?.plan.nodes[index]!.region;
  for (let f = frame; f; f = f.parent) {
    if (f.itemOutcome !== undefined && f.plan.regions[f.regionId]!.opener === index) return f.itemOutcome;
    if (f.regionId === region) return f.outcomes[f.plan.slot[index]!];
  }
  return undefined;
}

function excludedSeenFrom(frame: Frame | undefined, index: number): boolean {
  for (let f = frame; f; f = f.parent) {
    const set = f.excluded;
    if (set !== undefined && ((set[index >>> 5]! >>> (index & 31)) & 1) === 1) return true;
  }
  return false;
}
