// The one module of the block SDK that uses the engine (`@blocksmith/engine`), which itself builds on
// the SDK's main entry: the SDK's main entry never imports it (scripts/import-graph.test.ts).
import { executeRun, planRun, type BlockLookup, type NodeOutcome } from '@blocksmith/engine';
import type { AppConfig, Artifact, RunEvent, RunStatus, ToolCallRecord } from '@blocksmith/schema';
import type { AiProvider, RunKnowledge, RunTools } from '@blocksmith/block-sdk';
import type { AnyBlockDefinition } from '@blocksmith/block-sdk';
import type { FileStore } from '@blocksmith/block-sdk';
import { MemoryFileStore } from '@blocksmith/block-sdk';
import { SecretReader, scrubError } from '@blocksmith/block-sdk';
import { ScriptedProvider } from './scripted-provider';

/** A block of the graph, as the builder saves it (`position` may be left out). */
export interface GraphNode {
  id: string;
  /** The block's kind. */
  type: string;
  settings?: Record<string, unknown>;
  /** The settings' version, when older than the block's (its migrations run). */
  version?: number;
  /** What the run does when the block fails (absent: it stops). */
  onError?: 'stop' | 'continue' | 'route';
}

/**
 * A connection, as the builder saves it; `fromPort` names the route it leaves from (default
 * `output`), `toPort` `tools` connects a block as a tool of the target (default `input`).
 */
export interface GraphConnection {
  id?: string;
  from: string;
  to: string;
  fromPort?: string;
  toPort?: string;
}

export interface RunGraphOptions {
  /** The definitions the graph's blocks are of. */
  blocks: readonly AnyBlockDefinition[];
  nodes: readonly GraphNode[];
  connections?: readonly GraphConnection[];
  /** What the person entered, by each input block's variable name or id. */
  inputs?: Readonly<Record<string, unknown>>;
  /** Answers the blocks' AI calls (default: a ScriptedProvider with nothing scripted). */
  provider?: AiProvider;
  /** Where files live (default: an empty MemoryFileStore); put upstream files in it first. */
  files?: FileStore;
  /** The app owner's secrets by name; what blocks say is cleaned of those read, as in a run. */
  secrets?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Sees each event as it happens (they are all in the answer as well). */
  onEvent?: (event: RunEvent) => void;
  /** Apps as tools for blocks that take tools (default: none; naming one is refused). */
  appTools?: Pick<RunTools, 'apps' | 'callApp'>;
  /** The app owner's knowledge bases, for blocks that search them (default: none). */
  knowledge?: RunKnowledge;
}

/** One block's part of the run. */
export interface GraphBlockResult {
  kind: string;
  status: NodeOutcome['status'];
  outputs: Record<string, unknown>;
  artifacts: Artifact[];
  /** For a block with route outputs: the routes it took. */
  routes?: string[];
  /** Why it failed, as the run says it. */
  error?: string;
  /** Inside a loop: how many items it ran for. */
  runs?: number;
  /** Every partial text it streamed, in order. */
  progress: string[];
  /** A block that hands tools to a model: its tool calls as they ended (`tool_call` events), in call order. */
  toolCalls: ToolCallRecord[];
  /** What the block threw when it failed (cleaned of secrets), with its class: absent when the engine failed it. */
  thrown?: unknown;
}

export interface GraphRun {
  status: RunStatus;
  /** What went wrong, naming the block, when the run did not succeed. */
  error?: string;
  errorCode?: string;
  failedNodeId?: string;
  /** Every block's part, by node id (inside a loop: its totals over the items). */
  blocks: Record<string, GraphBlockResult>;
  /** The artifacts of the blocks outside loops, in order. */
  artifacts: { nodeId: string; artifact: Artifact }[];
  /** Every event of the run, in order. */
  events: RunEvent[];
}

/**
 * Runs a small app made of `nodes` and `connections` with the engine itself: planned (settings
 * validated and migrated, connections, routes and loops checked) and executed (upstream values,
 * variables, routes, loops, output checks, secret cleaning). An app that cannot run throws the
 * engine's GraphValidationError, naming each block at fault; a block that fails fails the run,
 * which is answered (status `failed`, the run's error, and the block's `thrown` error).
 */
export async function runGraph(options: RunGraphOptions): Promise<GraphRun> {
  const thrown = new Map<string, unknown>();
  const registry = lookup(options.blocks, thrown);
  const config: AppConfig = {
    plugins: options.nodes.map((node) => ({
      position: { x: 0, y: 0 },
      ...node,
      settings: node.settings ?? {},
    })),
    connections: (options.connections ?? []).map((c, i) => ({
      id: c.id ?? `c${i + 1}`,
      from: c.from,
      to: c.to,
      fromPort: c.fromPort ?? 'output',
      toPort: c.toPort ?? 'input',
    })),
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
  const plan = planRun(config, registry);
  const given = options.secrets;
  const secrets = given ? new SecretReader(async (name) => given[name]) : undefined;
  const events: RunEvent[] = [];
  const outcome = await executeRun(plan, {
    runId: 'run_under_test',
    inputs: options.inputs ?? {},
    provider: options.provider ?? new ScriptedProvider(),
    files: options.files ?? new MemoryFileStore(),
    ...(options.signal && { signal: options.signal }),
    ...(options.appTools && { appTools: options.appTools }),
    ...(options.knowledge && { knowledge: options.knowledge }),
    ...(secrets && { secrets: (name: string) => secrets.read(name) }),
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  const blocks: Record<string, GraphBlockResult> = {};
  for (const node of plan.nodes) {
    const { status, outputs, artifacts, routes, error, runs } = outcome.nodes[node.id]!;
    blocks[node.id] = {
      kind: node.definition.kind,
      status,
      outputs,
      artifacts,
      progress: [],
      toolCalls: [],
      ...(routes && { routes }),
      ...(error !== undefined && { error }),
      ...(runs !== undefined && { runs }),
    };
    const raw = thrown.get(node.id);
    if (status === 'failed' && raw !== undefined) {
      const cleaned = secrets ? scrubError(raw, secrets.revealed) : raw;
      const said = cleaned instanceof Error ? cleaned.message : String(cleaned);
      // The block's own error when the run's names it (not a check the engine made afterwards).
      if (outcome.status === 'aborted' || error?.endsWith(said)) blocks[node.id]!.thrown = cleaned;
    }
  }
  for (const event of events) {
    if (event.type === 'node_partial') blocks[event.nodeId]?.progress.push(event.text);
    if (event.type === 'tool_call' && event.call.status !== 'running')
      blocks[event.nodeId]?.toolCalls.push(event.call);
  }
  return {
    status: outcome.status,
    ...(outcome.error !== undefined && { error: outcome.error }),
    ...(outcome.errorCode !== undefined && { errorCode: outcome.errorCode }),
    ...(outcome.failedNodeId !== undefined && { failedNodeId: outcome.failedNodeId }),
    blocks,
    artifacts: outcome.results.artifacts,
    events,
  };
}

/**
 * The blocks a graph plans with, by kind (or by a type of the harness's own, see block-under-test.ts).
 * Each keeps the first error its run throws per node, so a test sees what the block threw, class
 * and all, where the run only says its message.
 */
function lookup(definitions: readonly AnyBlockDefinition[], thrown: Map<string, unknown>): BlockLookup {
  const byType = new Map<string, AnyBlockDefinition>();
  for (const definition of definitions) {
    const type = harnessTypes.get(definition) ?? definition.kind;
    if (byType.has(type)) throw new Error(`Block kind "${type}" is given twice.`);
    byType.set(type, {
      ...definition,
      run: async (context) => {
        try {
          return await definition.run(context as never);
        } catch (error) {
          if (!thrown.has(context.nodeId)) thrown.set(context.nodeId, error);
          throw error;
        }
      },
    } as AnyBlockDefinition);
  }
  const all = [...byType.values()];
  return { get: (type) => byType.get(type), list: () => all };
}

/**
 * Definitions the harness plans under a type of their own rather than their kind, so that a
 * test's upstream blocks keep the kinds the test gives them (several may share one).
 */
const harnessTypes = new WeakMap<AnyBlockDefinition, string>();

/** `definition` planned as `type` (the graph's nodes name it so). */
export function underType(definition: AnyBlockDefinition, type: string): AnyBlockDefinition {
  harnessTypes.set(definition, type);
  return definition;
}
