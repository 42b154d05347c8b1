import { blockFailureNote, ERROR_ROUTE, errorValue, type RunNote } from '@blocksmith/schema';
import { excludeUntaken } from './flow-rules';
import type { LoopHost } from './loop-runs';
import type { Frame, NodeOutcome } from './run-frame';
import type { PlannedNode } from './run-plan';

/** What going on after a failure needs of the run: its loops' host, and where notes go. */
export interface FailureHost extends LoopHost {
  /** Blocks outside loops that failed while the run went on. */
  readonly notes: RunNote[];
}

/** A failure the run goes on after: what the step shows, what the block said, how long it ran. */
export interface HandledFailure {
  message: string;
  reason: string;
  durationMs: number;
}

/**
 * A block whose `onError` is `continue` or `route` failed: the step keeps the failure, its first
 * output carries the error value, and the run goes on, to every block after it (`continue`) or
 * only along its error route (`route`). A loop item keeps the failure for its loop's note.
 */
export function goOnAfterFailure(
  host: FailureHost,
  frame: Frame,
  node: PlannedNode,
  { message, reason, durationMs }: HandledFailure,
): void {
  const index = node.index;
  const mode = node.onError === 'route' ? 'route' : 'continue';
  const outputs: Record<string, unknown> =
    node.firstOutput !== undefined ? { [node.firstOutput]: errorValue(reason) } : {};
  const outcome: NodeOutcome = {
    status: 'failed',
    outputs,
    artifacts: [],
    durationMs,
    error: message,
    handled: true,
  };
  const routes = mode === 'route' ? [ERROR_ROUTE] : node.routes ? [...node.routes] : undefined;
  if (routes) outcome.routes = routes;
  host.record(frame, index, outcome);
  host.emitIn(
    {
      type: 'node_failed',
      runId: host.runId,
      nodeId: node.id,
      at: Date.now(),
      durationMs,
      error: message,
      handled: mode,
      ...(node.cost > 0 && { credits: node.cost }),
    },
    frame,
  );
  const failure = `${node.title} failed: ${reason}`;
  if (frame.loop) {
    if (frame.failure === undefined) {
      frame.failure = failure;
      const within = frame.position!.slice(0, -1).map((p) => p.item);
      frame.loop.failures.push({
        item: frame.index + 1,
        ...(within.length > 0 && { within }),
        nodeId: node.id,
        error: failure,
      });
    }
    if (mode === 'continue') frame.dropped = true;
  } else {
    host.notes.push(blockFailureNote(node.id, failure, mode));
  }
  if (mode === 'route') excludeUntaken(host.plan, frame, node, routes!);
  host.settle(frame, index);
  host.pump();
}
