import type { Artifact } from './artifacts';
import type { ApprovalRequest } from './approval';

/**
 * Where in a loop something happened: the block that runs the loop, the item (1 for the first)
 * and how many items the loop runs. Events of blocks inside nested loops carry one position per
 * loop, outermost first.
 */
export interface LoopPosition {
  loopId: string;
  item: number;
  items: number;
}

/** Tokens an AI call used, as its service reports them. */
export interface TokenUsage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}

/**
 * A block run as a tool of another (a model's call through an agent): the block that called it,
 * the call's number in that block's run (from 1), and the call's arguments (on its start and end).
 */
export interface ToolCallPlace {
  calledBy: string;
  call: number;
  arguments?: Record<string, unknown>;
}

/** Where a tool a model called comes from: a block connected as a tool, an app, an MCP server. */
export type ToolCallSource = 'block' | 'app' | 'mcp';

/**
 * One tool call of a block that hands tools to a model (the agent), as its `tool_call` events
 * carry it: sent when the call starts (`running`) and again when it ends, with the same `call`.
 */
export interface ToolCallRecord {
  /** The call's number in the block's run, from 1. */
  call: number;
  /** The model's turn that asked for it, from 1. */
  turn: number;
  /** The name the model called it by. */
  tool: string;
  /** Absent for a name the block offers no tool by (the call is refused). */
  source?: ToolCallSource;
  /** An MCP tool: the server's host; a block: its id; an app: its id or store slug. */
  from?: string;
  arguments: Record<string, unknown>;
  /** `refused`: not made (arguments that do not fit, an unknown tool, a limit); the model was told why. */
  status: 'running' | 'succeeded' | 'failed' | 'refused';
  answer?: string;
  error?: string;
  /** How long it took, once it ended (0 when it was not made). */
  ms?: number;
  /** Credits it cost, when it cost some. */
  credits?: number;
  /** A call to an app: the run record it made. */
  runId?: string;
}

/** Progress of one run, in the order the engine emits it. */
export type RunEvent =
  | { type: 'run_started'; runId: string; at: number; nodeIds: string[] }
  | {
      type: 'node_started';
      runId: string;
      nodeId: string;
      at: number;
      loop?: LoopPosition[];
      /** A block run as a tool: which call this is. */
      tool?: ToolCallPlace;
    }
  | {
      type: 'node_partial';
      runId: string;
      nodeId: string;
      at: number;
      text: string;
      loop?: LoopPosition[];
      tool?: ToolCallPlace;
    }
  | {
      type: 'node_finished';
      runId: string;
      nodeId: string;
      at: number;
      durationMs: number;
      outputs: Record<string, unknown>;
      artifacts: Artifact[];
      /** For a block with route outputs: the routes this run took (the others' blocks are skipped). */
      routes?: string[];
      /** An AI block: the model that answered, when the provider reports it. */
      model?: string;
      /** An AI block: the tokens its calls used together, when the provider reports them. */
      usage?: TokenUsage;
      /** An AI block: the credits its run was charged (its price and its model's). */
      credits?: number;
      loop?: LoopPosition[];
      /** A block run as a tool: which call this was (its outputs are the call's answer). */
      tool?: ToolCallPlace;
    }
  | {
      type: 'node_failed';
      runId: string;
      nodeId: string;
      at: number;
      durationMs: number;
      error: string;
      loop?: LoopPosition[];
      /** The run went on (the block's `onError`): with an error value, or along its error route. */
      handled?: 'continue' | 'route';
      /** A handled failure of an AI block: the credits its run was charged, kept as the run goes on. */
      credits?: number;
      /** A block run as a tool: the call that failed (the model is told; the run goes on). */
      tool?: ToolCallPlace;
    }
  /** A tool call of a block that hands tools to a model, when it starts and when it ends. */
  | {
      type: 'tool_call';
      runId: string;
      nodeId: string;
      at: number;
      call: ToolCallRecord;
      loop?: LoopPosition[];
    }
  /** The block does not run: it is reached only through routes that were not taken (or its loop did not run). */
  | { type: 'node_skipped'; runId: string; nodeId: string; at: number; loop?: LoopPosition[] }
  /**
   * A loop's progress: `done` of `items` items have finished (0 when it starts). `loop` places a
   * loop that is itself inside another loop.
   */
  | {
      type: 'loop_progress';
      runId: string;
      nodeId: string;
      at: number;
      done: number;
      items: number;
      loop?: LoopPosition[];
    }
  /**
   * The run ended, or (status `waiting`) stopped to wait for a person's decision: `approval` says
   * what they are asked. A waiting run that goes on starts a new stream of events.
   */
  | {
      type: 'run_finished';
      runId: string;
      at: number;
      status: RunStatus;
      error?: string;
      approval?: ApprovalRequest;
    };

/** How a run's execution stopped: it ended (succeeded, failed, aborted) or waits for a person (`waiting`). */
export type RunStatus = 'succeeded' | 'failed' | 'aborted' | 'waiting';
export type NodeStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';
