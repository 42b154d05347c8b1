import type { LoopPosition } from '@blocksmith/schema';
import type { Frame } from './run-frame';
import { loopLimits, type PlannedNode, type RunPlan } from './run-plan';

/** One block about to start that was not paid for before the run (after a route, or inside a loop). */
export interface BlockCharge {
  nodeId: string;
  /** The block's title as the canvas shows it. */
  title: string;
  /** The block's credit-history name, e.g. `text_generation`. */
  blockType: string;
  credits: number;
  /** Inside a loop: which item it runs for. */
  loop?: LoopPosition[];
}

/** A block waiting for its charge, in its frame. */
export interface WaitingBlock {
  frame: Frame;
  index: number;
}

/**
 * Charges the blocks a run did not pay for before it started, as they are about to start: blocks
 * starting together (in one turn of the scheduler) are charged in one call. `settled` hears each
 * batch once the charge is done, with `refused` holding the error when it was refused.
 */
export class BlockCharges {
  private waiting: WaitingBlock[] = [];

  constructor(
    private readonly nodes: readonly PlannedNode[],
    private readonly charge: (charges: BlockCharge[]) => Promise<void> | void,
    private readonly settled: (batch: WaitingBlock[], refused?: { error: unknown }) => void,
  ) {}

  /** Whether the block is charged as it starts: an AI block with a cost the run did not prepay. */
  due(node: PlannedNode): boolean {
    return !node.prepaid && node.cost > 0;
  }

  /** Queues the block for the next charge. */
  add(frame: Frame, index: number): void {
    if (this.waiting.push({ frame, index }) === 1) queueMicrotask(() => this.chargeWaiting());
  }

  private chargeWaiting(): void {
    const batch = this.waiting;
    this.waiting = [];
    const charges = batch.map(({ frame, index }): BlockCharge => {
      const node = this.nodes[index]!;
      return {
        nodeId: node.id,
        title: node.title,
        blockType: node.definition.historyType,
        credits: node.cost,
        ...(frame.position && { loop: frame.position }),
      };
    });
    let pending: Promise<void> | void;
    try {
      pending = this.charge(charges);
    } catch (error) {
      return this.settled(batch, { error });
    }
    // Taken at once (a loop's hold): the blocks start in this turn, without a promise each.
    if (pending === undefined) return this.settled(batch);
    pending.then(
      () => this.settled(batch),
      (error: unknown) => this.settled(batch, { error }),
    );
  }
}

/**
 * The most one item of a loop can cost, by credit-history name: every block of its body as if
 * it ran (routes taken all at once), each AI block's price plus the credit limit of the tools it
 * calls, and loops inside it at their maximum item counts. Blocks connected as tools are paid out
 * of their caller's limit, so they add nothing of their own. `opener` is the loop's block index.
 */
export function loopItemCredits(plan: RunPlan, opener: number): Map<string, number> {
  const credits = new Map<string, number>();
  const add = (region: number, times: number): void => {
    for (const index of plan.regions[region]!.members) {
      const node = plan.nodes[index]!;
      if (node.toolOf) continue;
      const most = node.cost + (node.maxCredits ?? 0);
      if (most > 0) {
        const type = node.definition.historyType;
        credits.set(type, (credits.get(type) ?? 0) + most * times);
      }
      if (node.body >= 0) add(node.body, times * loopLimits(node).maxItems);
    }
  };
  add(plan.nodes[opener]!.body, 1);
  return credits;
}
