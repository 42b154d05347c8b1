import { isPlainObject } from '@blocksmith/schema';

/** One tool call of a model block, as the run view lists it. */
export interface ToolCallRow {
  tool: string;
  /** The arguments; as text when the progress line cut them. */
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

const NAME = '[A-Za-z0-9_-]+';
const CALLING = new RegExp(`Calling (${NAME}) with (.*)$`);
/** `Tools: a, b` (the tools a model block was given), `Tools from mcp.example.com: a, b`. */
const TOOLS_LINE = new RegExp(`^Tools(?: from \\S+)?: ${NAME}(?:, ${NAME})*$`);
/** How a call ended; after text the model said on the same line, too. */
const ENDED = new RegExp(
  `(?:^|\\s)(${NAME}) (?:answered in (\\d+) ms|failed after (\\d+) ms|was not called): ?(.*)$`,
);

function parseArguments(text: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(text);
    if (isPlainObject(value)) return value;
  } catch {
    // Cut by the progress line ('...'): kept as text.
  }
  return text;
}

/**
 * The tool calls a model block reported in its streamed progress, in order: `Calling <tool> with
 * <arguments>` starts one, `<tool> answered in <n> ms: ...`, `failed after <n> ms: ...` or `was
 * not called: ...` ends the latest open call of that tool. Other text (the model's) is passed over.
 */
export function toolCallsFromText(text: string): ToolCallRow[] {
  const rows: ToolCallRow[] = [];
  for (const line of text.split('\n')) {
    const calling = CALLING.exec(line);
    if (calling) {
      rows.push({ tool: calling[1]!, arguments: parseArguments(calling[2]!.trim()), status: 'running' });
      continue;
    }
    const ended = ENDED.exec(line);
    if (!ended) continue;
    const [, tool, answeredMs, failedMs, rest] = ended;
    const row = rows.findLast((r) => r.tool === tool && r.status === 'running');
    if (!row) continue;
    if (answeredMs !== undefined)
      Object.assign(row, { status: 'succeeded', ms: Number(answeredMs), answer: rest });
    else if (failedMs !== undefined)
      Object.assign(row, { status: 'failed', ms: Number(failedMs), error: rest });
    else Object.assign(row, { status: 'refused', ms: 0, error: rest });
  }
  return rows;
}

/** What a model block says besides its tool calls (and the tools it was given): its answer so far. */
export function modelText(text: string): string {
  const lines = text.split('\n').flatMap((line) => {
    if (TOOLS_LINE.test(line)) return [];
    // Text the model said before a call (or its end) on the same line stays.
    const call = CALLING.exec(line) ?? ENDED.exec(line);
    return call ? [line.slice(0, call.index)] : [line];
  });
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
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
 * one), else from its streamed progress.
 */
export function toolCallsOf(
  outputs: Readonly<Record<string, unknown>> | undefined,
  text: string,
): ToolCallRow[] {
  for (const value of Object.values(outputs ?? {})) {
    const rows = toolCallsFromSteps(value);
    if (rows) return rows;
  }
  return toolCallsFromText(text);
}
