import type { LoopPosition } from '@blocksmith/schema';
import type { Frame } from './run-frame';
import type { PlannedNode } from './run-plan';

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
    private readonly charge: (charges: BlockCharge[]) => Promise<void>,
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
    Promise.resolve()
      .then(() => this.charge(charges))
      .then(
        () => this.settled(batch),
        (error: unknown) => this.settled(batch, { error }),
      );
  }
}
