import type { GatheredItem } from '@blocksmith/block-sdk';
import type { Artifact, LoopPosition, RunEvent } from '@blocksmith/schema';
import { upstreamOf } from './flow-rules';
import { Frame, LoopRun, type NodeOutcome } from './run-frame';
import { loopLimits, type RunPlan } from './run-plan';

/** What the loops of a run need of its scheduler. */
export interface LoopHost {
  readonly plan: RunPlan;
  readonly runId: string;
  /** The run is stopping: no item starts. */
  readonly stopping: boolean;
  /** Sends an event, placed inside the loops around `frame`. */
  emitIn(event: RunEvent, frame: Frame): void;
  /** Hands a frame's blocks that wait for nothing to the scheduler. */
  seed(frame: Frame): void;
  /** A block is done in its frame: what waits for it may get its turn. */
  settle(frame: Frame, index: number): void;
  record(frame: Frame, index: number, outcome: NodeOutcome): void;
  /** A block that had run is failed after all (a loop whose items are not a list). */
  failStarted(frame: Frame, index: number, error: Error, startedAt: number): void;
  pump(): void;
}

/**
 * The loops of one run: a loop's opener ran, its items run in frames of their own (up to its
 * concurrency at once), what reaches the loop's end from each item is gathered, and the loop's
 * opener settles once every item has run.
 */
export class LoopRuns {
  readonly loops: LoopRun[] = [];

  constructor(private readonly host: LoopHost) {}

  /** A loop's opener ran: its items start, each in a frame of its own. */
  start(
    frame: Frame,
    index: number,
    outputs: Record<string, unknown>,
    artifacts: Artifact[],
    startedAt: number,
  ): void {
    const node = this.host.plan.nodes[index]!;
    const list = outputs[node.definition.loop!.items];
    if (!Array.isArray(list)) {
      return this.host.failStarted(
        frame,
        index,
        new Error(`its ${node.definition.loop!.items} output is not a list`),
        startedAt,
      );
    }
    const { maxItems, concurrency } = loopLimits(node);
    const items = list.length > maxItems ? list.slice(0, maxItems) : list;
    const loop = new LoopRun(frame, index, node.body, items, outputs, artifacts, concurrency, startedAt);
    this.loops.push(loop);
    this.host.emitIn(
      {
        type: 'loop_progress',
        runId: this.host.runId,
        nodeId: node.id,
        at: Date.now(),
        done: 0,
        items: items.length,
      },
      frame,
    );
    this.startItems(loop);
    this.host.pump();
  }

  /** Starts items while the loop has room, and ends the loop once every item has run. */
  private startItems(loop: LoopRun): void {
    if (loop.starting) {
      loop.again = true;
      return;
    }
    loop.starting = true;
    const opener = this.host.plan.nodes[loop.opener]!;
    const first = opener.firstOutput!;
    do {
      loop.again = false;
      while (!this.host.stopping && loop.inFlight < loop.concurrency && loop.next < loop.items.length) {
        const i = loop.next++;
        loop.inFlight++;
        const position: LoopPosition = { loopId: opener.id, item: i + 1, items: loop.items.length };
        const itemOutcome: NodeOutcome = {
          status: 'succeeded',
          outputs: { [first]: loop.items[i] },
          artifacts: [],
          durationMs: 0,
        };
        const frame = new Frame(
          this.host.plan,
          loop.body,
          loop.frame,
          loop,
          i,
          itemOutcome,
          loop.frame.position ? [...loop.frame.position, position] : [position],
        );
        if (frame.size === 0) this.finishItem(frame);
        else this.host.seed(frame);
      }
      if (!this.host.stopping && !loop.completed && loop.done === loop.items.length) this.completeLoop(loop);
    } while (loop.again);
    loop.starting = false;
  }

  /** Every block of an item has settled: what reached the loop's end is kept, and the next item may start. */
  finishItem(frame: Frame): void {
    const loop = frame.loop!;
    const closer = frame.region.closer;
    if (!frame.isExcluded(closer)) {
      const end = this.host.plan.nodes[closer]!;
      const upstream = upstreamOf(this.host.plan, frame, end);
      if (upstream.length > 0)
        loop.gathered[frame.index] = {
          index: frame.index,
          item: loop.items[frame.index],
          upstream,
          ...(frame.dropped && { error: frame.failure }),
        };
    }
    loop.inFlight--;
    loop.done++;
    this.host.emitIn(
      {
        type: 'loop_progress',
        runId: this.host.runId,
        nodeId: this.host.plan.nodes[loop.opener]!.id,
        at: Date.now(),
        done: loop.done,
        items: loop.items.length,
      },
      loop.frame,
    );
    this.startItems(loop);
  }

  private completeLoop(loop: LoopRun): void {
    loop.completed = true;
    const { frame, opener: index } = loop;
    const node = this.host.plan.nodes[index]!;
    const durationMs = performance.now() - loop.startedAt;
    this.host.record(frame, index, {
      status: 'succeeded',
      outputs: loop.outputs,
      artifacts: loop.artifacts,
      durationMs,
    });
    const gathered = loop.gathered.filter((g): g is GatheredItem => g !== undefined);
    (frame.gathered ??= new Map()).set(this.host.plan.regions[loop.body]!.closer, gathered);
    this.host.emitIn(
      {
        type: 'node_finished',
        runId: this.host.runId,
        nodeId: node.id,
        at: Date.now(),
        durationMs,
        outputs: loop.outputs,
        artifacts: loop.artifacts,
      },
      frame,
    );
    this.host.settle(frame, index);
  }
}
