import type { RunEvent } from '@blocksmith/schema';
import { defineBlock, field, output } from '@blocksmith/block-sdk';
import type { AiProvider, AnyBlockDefinition } from '@blocksmith/block-sdk';
import { runGraph } from './run-graph';

export interface RunAsToolOptions {
  settings?: Record<string, unknown>;
  provider?: AiProvider;
  /** The app owner's secrets by name. */
  secrets?: Readonly<Record<string, string>>;
}

export interface ToolRunOutcome {
  /** What the model reads: the block's first output. */
  answer: unknown;
  /** Every output of the call. */
  outputs: Record<string, unknown>;
  /** The tool block's events (started, partial, finished or failed), each with its call. */
  events: RunEvent[];
}

const caller = (args: Record<string, unknown>) =>
  defineBlock({
    kind: 'toolCaller',
    name: 'Tool Caller',
    description: 'Calls the block connected to its tools handle once.',
    category: 'ai',
    cost: 1,
    settings: { max_credits: field.number({ label: 'Maximum credits', default: 1000, integer: true }) },
    outputs: { answer: output.json() },
    tools: { maxCredits: 'max_credits' },
    async run(ctx) {
      const tool = ctx.tools.connected[0]!;
      const answer = await ctx.tools.callConnected(tool.name, args, { signal: ctx.signal });
      return { answer: answer.value ?? null };
    },
  });

/**
 * Runs a block that declares a tool as a model's call would: connected to the tools handle of a
 * caller that calls it once with `args` (checked against its parameters, then its variables). A
 * call that fails throws the run's error, naming the block.
 */
export async function runAsTool(
  definition: AnyBlockDefinition,
  args: Record<string, unknown>,
  options: RunAsToolOptions = {},
): Promise<ToolRunOutcome> {
  const run = await runGraph({
    blocks: [definition, caller(args)],
    nodes: [
      { id: 'tool', type: definition.kind, ...(options.settings && { settings: options.settings }) },
      { id: 'caller', type: 'toolCaller' },
    ],
    connections: [{ from: 'tool', to: 'caller', toPort: 'tools' }],
    ...(options.provider && { provider: options.provider }),
    ...(options.secrets && { secrets: options.secrets }),
  });
  const events = run.events.filter((e) => 'nodeId' in e && e.nodeId === 'tool');
  const finished = events.find((e) => e.type === 'node_finished');
  if (run.status !== 'succeeded' || !finished || finished.type !== 'node_finished') {
    const failed = events.find((e) => e.type === 'node_failed');
    throw new Error(failed?.type === 'node_failed' ? failed.error : (run.error ?? 'The tool did not run.'));
  }
  return { answer: run.blocks.caller!.outputs.answer, outputs: finished.outputs, events };
}
