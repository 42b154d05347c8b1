import type { BlockRunState, LoopPosition, NodeStatus, RunState, ToolCallRecord } from '@blocksmith/schema';

export type { RunArtifact } from '@blocksmith/schema';

/** What the canvas shows of one block in a run. */
export interface NodeRunState {
  status: NodeStatus;
  /** Text streamed so far. */
  text: string;
  error?: string;
  durationMs?: number;
  /** A block with route outputs, outside loops: the routes its run took. */
  routes?: string[];
  /** A block that runs a loop: how many of its items have finished. */
  loop?: { done: number; items: number };
  /** A block inside a loop: the item it shows, one position per loop around it (outermost first). */
  position?: LoopPosition[];
  /**
   * A block run as a tool of a model: the arguments of the call it runs now (or ran last), and how
   * many of its calls finished.
   */
  toolCall?: { arguments?: Record<string, unknown>; calls: number };
  /** A block that hands tools to a model: its calls so far (its `tool_call` events), in call order. */
  toolCalls?: readonly ToolCallRecord[];
  /** The block the run stopped at to wait for a person's approval (its status stays running). */
  waiting?: boolean;
}

export const PENDING_NODE: NodeRunState = Object.freeze({ status: 'pending', text: '' });

/**
 * A block's state in the run's fold (`applyRunEvent`) as the canvas shows it: the item it follows
 * (its status, streamed text and time), unless the block failed, which it then shows with the
 * first failure's message (`titled` names blocks by their titles).
 */
export function nodeRunState(
  block: BlockRunState,
  titled: (message: string) => string = String,
): NodeRunState {
  const { shown } = block;
  if (block.status === 'failed') {
    return {
      status: 'failed',
      text: shown.text,
      ...(shown.toolCalls && { toolCalls: shown.toolCalls.slice() }),
      ...(block.error !== undefined && { error: titled(block.error) }),
      ...(shown.durationMs !== undefined && { durationMs: shown.durationMs }),
    };
  }
  if (shown.status === 'skipped') return { status: 'skipped', text: '' };
  return {
    status: shown.status,
    text: shown.text,
    ...(shown.toolCalls && { toolCalls: shown.toolCalls.slice() }),
    ...(shown.durationMs !== undefined && { durationMs: shown.durationMs }),
    ...(block.routes && { routes: block.routes }),
    ...(block.progress && { loop: block.progress }),
    ...(shown.position && { position: shown.position }),
  };
}

/** The outputs of the blocks outside loops that finished, by block: the run's result per block. */
export function resultOutputs(run: RunState): Record<string, Record<string, unknown>> {
  const outputs: Record<string, Record<string, unknown>> = {};
  for (const [id, block] of run.nodes) {
    if (block.outputs && block.item === undefined) outputs[id] = block.outputs;
  }
  return outputs;
}
