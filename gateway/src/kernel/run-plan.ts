import {
  migrateSettings,
  validateSettings,
  type AnyBlockDefinition,
  type SettingsOf,
} from '@blocksmith/block-sdk';
import {
  validateNodeList,
  variableNames,
  type AppConfig,
  type Connection,
  type SettingsSpec,
} from '@blocksmith/schema';
import { InputError } from '../errors';
import type { BlockRegistry } from './block-registry';

export interface GraphProblem {
  nodeId?: string;
  message: string;
}

/** The app cannot run as configured; `problems` names each node at fault. */
export class GraphValidationError extends InputError {
  constructor(readonly problems: GraphProblem[]) {
    super(problems.map((p) => p.message).join(' '), { problems });
  }
}

export interface PlannedNode {
  index: number;
  id: string;
  /** `Text AI (plugin_123)`: how messages name the node. */
  label: string;
  definition: AnyBlockDefinition;
  /** Validated settings, defaults filled in. */
  settings: SettingsOf<SettingsSpec>;
  /** The node's unique variable name (its first output), if it has outputs. */
  variable: string | undefined;
  /** The declared name of its first output, whose value the variable carries. */
  firstOutput: string | undefined;
  /** Indices of directly connected upstream nodes, in connection order. */
  parents: number[];
  /** Indices of directly connected downstream nodes. */
  children: number[];
}

/** A validated app, ready to execute any number of times. */
export interface RunPlan {
  nodes: PlannedNode[];
  /** Node indices in a dependency order. */
  order: number[];
  /** Credits one run costs: the sum of the AI blocks' costs. */
  cost: number;
  /** Which node owns each variable name. */
  variableOwners: ReadonlyMap<string, number>;
  /** Per node, a bitset of all its upstream nodes (bit i set when node i feeds it, directly or not). */
  ancestors: readonly Uint32Array[];
}

/** True when node `ancestor` feeds node `node` directly or through others. */
export function isUpstream(plan: RunPlan, node: number, ancestor: number): boolean {
  return ((plan.ancestors[node]![ancestor >>> 5]! >>> (ancestor & 31)) & 1) === 1;
}

function nodeLabel(definition: AnyBlockDefinition | undefined, id: string, type: string): string {
  return `${definition?.name ?? type} (${id})`;
}

/**
 * Checks an app against the registry and orders it: unknown kinds, bad settings, broken or
 * forbidden connections and cycles are all reported together, each naming its node.
 */
export function planRun(config: AppConfig, registry: BlockRegistry): RunPlan {
  const listCheck = validateNodeList(config?.plugins);
  if (!listCheck.valid) throw new GraphValidationError(listCheck.problems.map((message) => ({ message })));
  const connections: Connection[] = Array.isArray(config.connections) ? config.connections : [];
  const problems: GraphProblem[] = [];
  const indexById = new Map<string, number>();
  const variables = variableNames(config, registry.firstOutputOf);
  const nodes: PlannedNode[] = [];

  config.plugins.forEach((plugin, index) => {
    if (indexById.has(plugin.id))
      problems.push({ nodeId: plugin.id, message: `Two blocks share the id ${plugin.id}.` });
    indexById.set(plugin.id, index);
    const definition = registry.get(plugin.type);
    const label = nodeLabel(definition, plugin.id, plugin.type);
    if (!definition) {
      problems.push({ nodeId: plugin.id, message: `${label}: unknown block kind "${plugin.type}".` });
      nodes.push({
        index,
        id: plugin.id,
        label,
        definition: undefined!,
        settings: {},
        variable: undefined,
        firstOutput: undefined,
        parents: [],
        children: [],
      });
      return;
    }
    let settings: Record<string, unknown> = plugin.settings;
    try {
      settings = migrateSettings(definition, plugin.settings, plugin.version ?? 1);
    } catch (error) {
      problems.push({ nodeId: plugin.id, message: `${label}: ${(error as Error).message}` });
    }
    const checked = validateSettings(definition.settings, settings);
    if (!checked.ok) {
      for (const issue of checked.issues)
        problems.push({ nodeId: plugin.id, message: `${label}: ${issue.message}` });
    }
    nodes.push({
      index,
      id: plugin.id,
      label,
      definition,
      settings: checked.ok ? checked.value : {},
      variable: variables.get(plugin.id),
      firstOutput: registry.firstOutputOf(plugin.type),
      parents: [],
      children: [],
    });
  });

  for (const connection of connections) {
    const from = indexById.get(connection?.from);
    const to = indexById.get(connection?.to);
    if (from === undefined || to === undefined) {
      const missing = from === undefined ? connection?.from : connection?.to;
      problems.push({
        nodeId: missing,
        message: `A connection (${connection?.id}) points to a missing block ${missing}.`,
      });
      continue;
    }
    const source = nodes[from]!;
    const target = nodes[to]!;
    if (from === to) {
      problems.push({ nodeId: source.id, message: `${source.label} is connected to itself.` });
    } else if (source.definition?.category === 'output') {
      problems.push({
        nodeId: source.id,
        message: `${source.label} is an output block and cannot feed another block.`,
      });
    } else if (target.definition?.category === 'input') {
      problems.push({
        nodeId: target.id,
        message: `${target.label} is an input block and cannot receive a connection.`,
      });
    } else if (!source.children.includes(to)) {
      source.children.push(to);
      target.parents.push(from);
    }
  }

  const order = dependencyOrder(nodes);
  if (order.length < nodes.length) {
    const stuck = new Set(order);
    const inCycle = nodes.filter((n) => !stuck.has(n.index));
    problems.push({
      nodeId: inCycle[0]?.id,
      message: `These blocks are connected in a loop: ${inCycle.map((n) => n.label).join(', ')}.`,
    });
  }
  if (problems.length > 0) throw new GraphValidationError(problems);

  let cost = 0;
  const variableOwners = new Map<string, number>();
  for (const node of nodes) {
    if (node.definition.category === 'ai') cost += node.definition.cost;
    if (node.variable !== undefined) variableOwners.set(node.variable, node.index);
  }
  return { nodes, order, cost, variableOwners, ancestors: ancestorSets(nodes, order) };
}

/** Bitsets of every node's ancestors, filled in dependency order: a node's set is its parents' sets plus the parents. */
function ancestorSets(nodes: readonly PlannedNode[], order: readonly number[]): Uint32Array[] {
  const words = (nodes.length + 31) >>> 5;
  const sets = nodes.map(() => new Uint32Array(words));
  for (const index of order) {
    const set = sets[index]!;
    for (const parent of nodes[index]!.parents) {
      const parentSet = sets[parent]!;
      for (let w = 0; w < words; w++) set[w]! |= parentSet[w]!;
      set[parent >>> 5]! |= 1 << (parent & 31);
    }
  }
  return sets;
}

/** Kahn's algorithm, deterministic for a given app. Returns fewer nodes than given when there is a cycle. */
function dependencyOrder(nodes: readonly PlannedNode[]): number[] {
  const remaining = nodes.map((n) => n.parents.length);
  const ready: number[] = [];
  for (let i = 0; i < nodes.length; i++) if (remaining[i] === 0) ready.push(i);
  const order: number[] = [];
  for (let head = 0; head < ready.length; head++) {
    const index = ready[head]!;
    order.push(index);
    for (const child of nodes[index]!.children) if (--remaining[child]! === 0) ready.push(child);
  }
  return order;
}
