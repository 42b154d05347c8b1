import type { Artifact, ToolCallRecord } from '@blocksmith/schema';
import type { AiProvider } from '@blocksmith/block-sdk';
import type { AnyBlockDefinition } from '@blocksmith/block-sdk';
import type { FileStore, RunKnowledge, RunTools } from '@blocksmith/block-sdk';
import type { GatheredItem, UpstreamValue } from '@blocksmith/block-sdk';
import { graphAround, NODE_UNDER_TEST } from './block-under-test';
import { runGraph } from './run-graph';

export interface RunBlockOptions {
  settings?: Record<string, unknown>;
  /** Direct upstream values: a list, or `{ variable: value }` (each becomes an upstream block). */
  upstream?: readonly UpstreamValue[] | Readonly<Record<string, unknown>>;
  /** Extra variables from further upstream (direct upstream values are included automatically). */
  variables?: Readonly<Record<string, unknown>>;
  /** For an input block: what the person entered. */
  runInput?: unknown;
  provider?: AiProvider;
  files?: FileStore;
  signal?: AbortSignal;
  /** For a block that ends a loop: what reached it from each item. */
  gathered?: readonly GatheredItem[];
  /** The app owner's secrets by name; outputs, artifacts and errors are cleaned of those read, as in a run. */
  secrets?: Readonly<Record<string, string>>;
  /** Apps as tools for a block that takes tools. */
  appTools?: Pick<RunTools, 'apps' | 'callApp'>;
  /** The app owner's knowledge bases, for a block that searches them. */
  knowledge?: RunKnowledge;
}

export interface BlockRunOutcome {
  outputs: Record<string, unknown>;
  artifacts: Artifact[];
  /** Every partial text the block streamed, in order. */
  progress: string[];
  /** For a block with route outputs: the routes it took, in order. */
  routes: string[];
  /** A block that hands tools to a model: its tool calls as they ended, in call order. */
  toolCalls: ToolCallRecord[];
}

function toUpstream(upstream: RunBlockOptions['upstream']): UpstreamValue[] {
  if (!upstream) return [];
  if (Array.isArray(upstream)) return [...(upstream as readonly UpstreamValue[])];
  return Object.entries(upstream).map(([name, value], i) => ({
    nodeId: `upstream_${i + 1}`,
    kind: 'test',
    name,
    value,
  }));
}

/**
 * Runs one block inside the smallest app that gives it what the options say (runGraph, so the
 * engine's own checks: settings, outputs, routes, secrets). Invalid settings throw the engine's
 * GraphValidationError; a block that fails throws what it threw; outputs or routes the engine
 * refuses throw its message (`Title failed: it returned a bad result: ...`).
 */
export async function runBlock(
  definition: AnyBlockDefinition,
  options: RunBlockOptions = {},
): Promise<BlockRunOutcome> {
  const graph = graphAround(definition, {
    upstream: toUpstream(options.upstream),
    variables: options.variables ?? {},
    gathered: options.gathered,
  });
  const under = graph.nodes.find((node) => node.id === NODE_UNDER_TEST)!;
  if (options.settings) under.settings = options.settings;
  // A run stopped before the block starts still starts it, stopped, so a test sees how it meets that.
  const stopped = options.signal?.aborted ? new AbortController() : undefined;
  const signal = stopped?.signal ?? options.signal;
  const run = await runGraph({
    ...graph,
    inputs: { [NODE_UNDER_TEST]: options.runInput },
    ...(options.provider && { provider: options.provider }),
    ...(options.files && { files: options.files }),
    ...(options.secrets && { secrets: options.secrets }),
    ...(options.appTools && { appTools: options.appTools }),
    ...(options.knowledge && { knowledge: options.knowledge }),
    ...(signal && { signal }),
    ...(stopped && {
      onEvent: (event) => {
        if (event.type === 'node_started' && event.nodeId === NODE_UNDER_TEST) stopped.abort();
      },
    }),
  });
  const block = run.blocks[NODE_UNDER_TEST]!;
  if (block.status === 'succeeded') {
    const { outputs, artifacts, progress, routes = [], toolCalls } = block;
    return { outputs, artifacts, progress, routes, toolCalls };
  }
  if ('thrown' in block) throw block.thrown;
  throw new Error(run.error ?? `${definition.kind} did not run.`);
}
