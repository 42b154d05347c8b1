import {
  BlockInputError,
  CreditLimitError,
  valueAsText,
  type RunTools,
  type ToolAnswer,
  type ToolSpec,
} from '@blocksmith/block-sdk';
import type { ToolCallSource } from '@blocksmith/schema';
import type { McpToolbox } from './mcp-toolbox';
import { serverToolNames } from './mcp-servers';
import { MAX_ANSWER_CHARS } from './tool-answer-text';

/** Where a tool comes from: an MCP server, a block connected to the tools handle, or an app. */
export type ToolSource = ToolCallSource;

/** What a call came to, as the model is told it and the steps keep it. */
export interface CallOutcome {
  content: string;
  isError: boolean;
  /** The call was refused before it was made (the credit limit): the model is told why. */
  refused?: boolean;
  credits?: number;
  runId?: string;
}

/** One tool the model may call, whichever its source. */
export interface AgentTool {
  spec: ToolSpec;
  source: ToolSource;
  /** An MCP tool: its server's host; an app: its id or store slug. */
  from?: string;
  /** The most one call may cost (an app's price and its blocks); absent: the engine says per call. */
  maxCredits?: number;
  call(args: Record<string, unknown>, signal: AbortSignal): Promise<CallOutcome>;
}

/** The apps the `apps` setting names: app ids or store slugs, separated by commas or lines. */
export function appRefs(setting: string): string[] {
  const refs: string[] = [];
  for (const part of setting.split(/[,\n]/)) {
    const ref = part.trim();
    if (ref !== '' && !refs.includes(ref)) refs.push(ref);
  }
  return refs;
}

function answerText(answer: ToolAnswer): string {
  const text = valueAsText(answer.value);
  return text.length > MAX_ANSWER_CHARS ? `${text.slice(0, MAX_ANSWER_CHARS)}... (cut)` : text;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Every tool the agent offers the model, in this order: the MCP servers' (a name two servers
 * offer gets its server's host in front), the connected blocks', the apps'. A name already taken
 * gets `_2`, `_3`... so each is called by its own name.
 */
export function agentTools(options: {
  tools: RunTools;
  servers: readonly McpToolbox[];
  apps: readonly (ToolSpec & { ref: string; maxCredits: number })[];
  timeoutMs: number;
}): AgentTool[] {
  const { tools, servers, apps, timeoutMs } = options;
  const all: AgentTool[] = [];
  const taken = new Set<string>();
  const named = (spec: ToolSpec): ToolSpec => {
    let name = spec.name;
    for (let n = 2; taken.has(name); n++) name = `${spec.name.slice(0, 60)}_${n}`;
    taken.add(name);
    return name === spec.name ? spec : { ...spec, name };
  };
  for (const { toolbox, tool, name } of serverToolNames(servers)) {
    all.push({
      spec: named({ ...tool.spec, name }),
      source: 'mcp',
      from: toolbox.serverHost,
      call: (args, signal) => toolbox.call(tool, args, timeoutMs, signal),
    });
  }
  const answered = async (call: (signal: AbortSignal) => Promise<ToolAnswer>, signal: AbortSignal) => {
    const limit = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const answer = await call(limit);
      return {
        content: answerText(answer),
        isError: false,
        ...(answer.credits ? { credits: answer.credits } : {}),
        ...(answer.runId !== undefined ? { runId: answer.runId } : {}),
      };
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof CreditLimitError) return { content: error.message, isError: true, refused: true };
      if (limit.aborted)
        return {
          content: `The tool did not answer within ${timeoutMs / 1000} seconds and was cut off.`,
          isError: true,
        };
      return { content: reason(error), isError: true };
    }
  };
  for (const spec of tools.connected) {
    const offered = named(spec);
    all.push({
      spec: offered,
      source: 'block',
      call: (args, signal) =>
        answered(
          (limit) => tools.callConnected(spec.name, args, { signal: limit, maxCredits: tools.creditsLeft }),
          signal,
        ),
    });
  }
  for (const app of apps) {
    all.push({
      spec: named({ name: app.name, description: app.description, parameters: app.parameters }),
      source: 'app',
      from: app.ref,
      maxCredits: app.maxCredits,
      call: (args, signal) =>
        answered(
          (limit) => tools.callApp(app.ref, args, { signal: limit, maxCredits: tools.creditsLeft }),
          signal,
        ),
    });
  }
  return all;
}

/** The apps the agent's `apps` setting names, as tools; an app that cannot be used is refused by name. */
export async function appToolSpecs(tools: RunTools, setting: string) {
  const refs = appRefs(setting);
  if (refs.length === 0) return [];
  try {
    return await tools.apps(refs);
  } catch (error) {
    throw new BlockInputError(`"Apps" cannot be used: ${reason(error)}`);
  }
}
