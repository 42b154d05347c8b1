import { isPlainObject, type ToolCallRecord, type ToolCallSource } from '@blocksmith/schema';

const SOURCES: readonly string[] = ['block', 'app', 'mcp'] satisfies ToolCallSource[];

/** One tool call of a model block, as the run view lists it. */
export interface ToolCallRow {
  tool: string;
  /** Where the tool comes from (absent for a name the model had no tool by, and in older runs). */
  source?: ToolCallSource;
  /** An MCP tool: its server's host; an app: its id or store slug. */
  from?: string;
  /** The arguments; as text when a kept list held something else. */
  arguments: Record<string, unknown> | string;
  /** `refused`: not made (bad arguments, an unknown tool, a limit); the model was told why. */
  status: 'running' | 'succeeded' | 'failed' | 'refused';
  answer?: string;
  error?: string;
  ms?: number;
  credits?: number;
  /** A call to an app: the run it made. */
  runId?: string;
  /** The model's turn that asked for it, from 1. */
  turn?: number;
}

/**
 * A model block's calls from its `tool_call` events (the run's fold keeps the latest of each), in
 * call order: the rows the run view lists while the block runs.
 */
export function toolCallsFromRecords(records: readonly ToolCallRecord[] | undefined): ToolCallRow[] {
  return (records ?? []).map((record): ToolCallRow => ({
    tool: record.tool,
    arguments: record.arguments,
    status: record.status,
    ...(record.source !== undefined && { source: record.source }),
    ...(record.from !== undefined && { from: record.from }),
    ...(record.answer !== undefined && { answer: record.answer }),
    ...(record.error !== undefined && { error: record.error }),
    ...(record.ms !== undefined && { ms: record.ms }),
    ...(record.credits !== undefined && record.credits > 0 && { credits: record.credits }),
    ...(record.runId !== undefined && { runId: record.runId }),
    turn: record.turn,
  }));
}

function isStep(value: unknown): value is Record<string, unknown> & { tool: string } {
  return (
    isPlainObject(value) && typeof (value as { tool?: unknown }).tool === 'string' && 'arguments' in value
  );
}

/** A kept list of tool calls (`[{ turn, tool, arguments, answer | error, ms, credits?, runId? }]`) as rows; null for any other value. */
export function toolCallsFromSteps(value: unknown): ToolCallRow[] | null {
  if (!Array.isArray(value) || !value.every(isStep)) return null;
  return value.map((step): ToolCallRow => {
    const ms = typeof step.ms === 'number' ? step.ms : undefined;
    const error = typeof step.error === 'string' ? step.error : undefined;
    const args = step.arguments;
    return {
      tool: step.tool,
      arguments: isPlainObject(args) ? args : JSON.stringify(args ?? {}),
      status: error === undefined ? 'succeeded' : ms ? 'failed' : 'refused',
      ...(typeof step.source === 'string' &&
        SOURCES.includes(step.source) && { source: step.source as ToolCallSource }),
      ...(typeof step.from === 'string' && { from: step.from }),
      ...(typeof step.answer === 'string' && { answer: step.answer }),
      ...(error !== undefined && { error }),
      ...(ms !== undefined && { ms }),
      ...(typeof step.credits === 'number' && step.credits > 0 && { credits: step.credits }),
      ...(typeof step.runId === 'string' && { runId: step.runId }),
      ...(typeof step.turn === 'number' && { turn: step.turn }),
    };
  });
}

/**
 * A model block's tool calls: from its kept list once it has outputs (the first output holding
 * one), else from its `tool_call` events so far.
 */
export function toolCallsOf(
  outputs: Readonly<Record<string, unknown>> | undefined,
  records: readonly ToolCallRecord[] | undefined,
): ToolCallRow[] {
  for (const value of Object.values(outputs ?? {})) {
    const rows = toolCallsFromSteps(value);
    if (rows) return rows;
  }
  return toolCallsFromRecords(records);
}
