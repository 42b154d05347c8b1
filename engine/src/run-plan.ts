import { migrateSettings, validateSettings, type AnyBlockDefinition } from '@blocksmith/block-sdk';
import {
  ERROR_ROUTE,
  isToolConnection,
  blockTitle,
  flowCostRange,
  onErrorOf,
  onErrorProblem,
  loopStructure,
  routePorts,
  routedBlocks,
  validateNodeList,
  variableNames,
  type AppConfig,
  type Connection,
  type LoopStructure,
} from '@blocksmith/schema';
import { flowGraph, loopProblemMessage, planRegions, planRouteSkips } from './plan-flow';
import { planTools } from './plan-tools';
import type { GraphProblem, ModelLookup, PlanOptions, PlannedNode, RunPlan } from './plan-types';

export type { GraphProblem, PlannedNode, PlannedRegion, RouteSkips, RunPlan } from './plan-types';

/** The block definitions a plan is made from, by kind (the gateway's BlockRegistry is one). */
export interface BlockLookup {
  get(kind: string): AnyBlockDefinition | undefined;
  /** Every definition: a loop problem names the blocks that end loops. */
  list(): readonly AnyBlockDefinition[];
}

/** The app cannot run as configured; `problems` names each node at fault. */
export class GraphValidationError extends Error {
  readonly code = 'BAD_USER_INPUT' as const;
  /** What an API answers beside the message. */
  readonly details: Readonly<{ problems: GraphProblem[] }>;
  constructor(readonly problems: GraphProblem[]) {
    super(problems.map((p) => p.message).join(' '));
    this.name = 'GraphValidationError';
    this.details = { problems };
  }
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
export function planRun(config: AppConfig, registry: BlockLookup, options: PlanOptions = {}): RunPlan {
  const listCheck = validateNodeList(config?.plugins);
  if (!listCheck.valid) throw new GraphValidationError(listCheck.problems.map((message) => ({ message })));
  const connections: Connection[] = Array.isArray(config.connections) ? config.connections : [];
  const problems: GraphProblem[] = [];
  const indexById = new Map<string, number>();
  const firstOutputOf = (kind: string): string | undefined => {
    const definition = registry.get(kind);
    return definition ? Object.keys(definition.outputs)[0] : undefined;
  };
  const variables = variableNames(config, firstOutputOf);
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
        title: plugin.type,
        definition: undefined!,
        settings: {},
        variable: undefined,
        firstOutput: undefined,
        parents: [],
        children: [],
        region: 0,
        body: -1,
        dependents: [],
        prepaid: false,
        cost: 0,
        onError: 'stop',
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
    const node: PlannedNode = {
      index,
      id: plugin.id,
      label,
      title: blockTitle(checked.ok ? checked.value : plugin.settings, definition.name),
      definition,
      settings: checked.ok ? checked.value : {},
      variable: variables.get(plugin.id),
      firstOutput: Object.keys(definition.outputs)[0],
      parents: [],
      children: [],
      region: 0,
      body: -1,
      dependents: [],
      prepaid: false,
      cost: 0,
      onError: 'stop',
    };
    if (checked.ok) node.cost = blockCost(node, options.models, problems);
    if (definition.routes && checked.ok) node.routes = routePorts(definition.routes, checked.value);
    onErrorOfNode(node, plugin, problems);
    nodes.push(node);
  });

  const toolConnections: { from: number; to: number }[] = [];
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
    if (isToolConnection(connection)) {
      // A block connected as a tool runs when the model calls it, not in the pipeline.
      toolConnections.push({ from, to });
      continue;
    }
    const source = nodes[from]!;
    const target = nodes[to]!;
    // A block that takes the error route and has no routes of its own leaves from `output` otherwise.
    const fromPort =
      source.onError === 'route' && !source.definition.routes && connection.fromPort !== ERROR_ROUTE
        ? 'output'
        : connection.fromPort;
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
    } else if (source.routes && !source.routes.includes(fromPort)) {
      problems.push({
        nodeId: source.id,
        message:
          fromPort === ERROR_ROUTE
            ? `A connection (${connection.id}) leaves ${source.label} from its error route: set its On error to “Take the error route”, or remove the connection.`
            : `A connection (${connection.id}) leaves ${source.label} from "${fromPort}", which is not one of its routes (${source.routes.join(', ')}).`,
      });
    } else if (!source.routes && fromPort === ERROR_ROUTE && source.definition) {
      problems.push({
        nodeId: source.id,
        message: `A connection (${connection.id}) leaves ${source.label} from its error route: set its On error to “Take the error route”, or remove the connection.`,
      });
    } else if (!source.children.includes(to)) {
      source.children.push(to);
      target.parents.push(from);
      if (source.routes) {
        target.parentRoutes ??= target.parents.map(() => null);
        target.parentRoutes[target.parents.length - 1] = [fromPort];
      } else if (target.parentRoutes) {
        target.parentRoutes.push(null);
      }
    } else if (source.routes) {
      // The same pair through another route: either route leads here.
      const routes = target.parentRoutes![target.parents.indexOf(from)]!;
      if (!routes.includes(fromPort))
        target.parentRoutes![target.parents.indexOf(from)] = [...routes, fromPort];
    }
  }

  planTools(nodes, connections, toolConnections, problems);
  const order = dependencyOrder(nodes);
  if (order.length < nodes.length) {
    const stuck = new Set(order);
    const inCycle = nodes.filter((n) => !stuck.has(n.index));
    problems.push({
      nodeId: inCycle[0]?.id,
      message: `These blocks are connected in a loop: ${inCycle.map((n) => n.label).join(', ')}.`,
    });
  }
  const graph = flowGraph(nodes, order);
  let structure: LoopStructure | null = null;
  if (problems.length === 0 && nodes.some((n) => n.definition.loop || n.definition.endsLoop)) {
    structure = loopStructure(graph);
    const endNames = registry
      .list()
      .filter((d) => d.endsLoop)
      .map((d) => d.name);
    for (const problem of structure.problems) problems.push(loopProblemMessage(problem, nodes, endNames));
  }
  if (problems.length > 0) throw new GraphValidationError(problems);

  const { regions, slot } = planRegions(nodes, order, structure);
  const hasRoutes = nodes.some((n) => n.routes !== undefined);
  if (hasRoutes) planRouteSkips(nodes, order);
  const routed = hasRoutes ? routedBlocks(graph, (i) => nodes[i]!.routes !== undefined) : undefined;
  let cost = 0;
  const variableOwners = new Map<string, number>();
  let extra = 0;
  for (const node of nodes) {
    node.prepaid = node.cost > 0 && node.region === 0 && !routed?.[node.index] && !node.toolOf;
    if (node.prepaid) cost += node.cost;
    extra += node.maxCredits ?? 0;
    if (node.variable !== undefined) variableOwners.set(node.variable, node.index);
  }
  // Blocks connected as tools are paid from the credit limit of the blocks they serve (`extra`).
  const costRange =
    structure === null && !hasRoutes
      ? { min: cost, max: cost + extra }
      : flowCostRange({
          structure: structure ?? {
            regionOf: new Int32Array(nodes.length),
            regions: [regions[0]!],
            problems: [],
          },
          routed: routed ?? new Uint8Array(nodes.length),
          cost: (i) => (nodes[i]!.toolOf ? 0 : nodes[i]!.cost),
          extra: (i) => nodes[i]!.maxCredits ?? 0,
          maxItems: (opener) => loopLimits(nodes[opener]!).maxItems,
        });
  return {
    nodes,
    order,
    cost,
    costRange,
    variableOwners,
    ancestors: ancestorSets(nodes, order),
    regions,
    slot,
  };
}

/** A loop opener's limits, from its settings: the most items one run goes through, and how many at once. */
export function loopLimits(node: PlannedNode): { maxItems: number; concurrency: number } {
  const loop = node.definition.loop!;
  const settings = node.settings as Record<string, unknown>;
  const whole = (value: unknown, least: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.max(least, Math.floor(value)) : least;
  return { maxItems: whole(settings[loop.maxItems], 0), concurrency: whole(settings[loop.concurrency], 1) };
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

/**
 * A block's `onError` onto its plan: checked (another value, or the error route on a block that
 * runs a loop or already has a route named `error`, is a problem naming it), and with `route`,
 * the `error` route after its others.
 */
function onErrorOfNode(
  node: PlannedNode,
  plugin: { id: string; onError?: unknown },
  problems: GraphProblem[],
): void {
  const problem = onErrorProblem(plugin);
  if (problem) {
    problems.push({ nodeId: node.id, message: `${node.label}: ${problem}` });
    return;
  }
  node.onError = onErrorOf(plugin as { onError?: PlannedNode['onError'] });
  if (node.onError === 'stop') return;
  if (node.definition.loop) {
    problems.push({
      nodeId: node.id,
      message: `${node.label} runs a loop: if it fails the run stops, so set its On error to “Stop the run”.`,
    });
    return;
  }
  if (node.onError !== 'route') return;
  const own = node.definition.routes ? (node.routes ?? []) : ['output'];
  if (own.includes(ERROR_ROUTE)) {
    problems.push({
      nodeId: node.id,
      message: `${node.label} has a route named "${ERROR_ROUTE}": rename it to give the block an error route.`,
    });
    return;
  }
  node.routes = [...own, ERROR_ROUTE];
}

/**
 * What one run of a block costs: an AI block's own price plus what its models add; 0 for other
 * blocks. A model the server cannot use for what the block needs is a problem naming it.
 */
function blockCost(node: PlannedNode, models: ModelLookup | undefined, problems: GraphProblem[]): number {
  const { definition } = node;
  if (definition.category !== 'ai') return 0;
  let cost = definition.cost;
  if (!models) return cost;
  for (const [key, field] of Object.entries(definition.settings)) {
    const model = (node.settings as Record<string, unknown>)[key];
    if (field.type !== 'model' || typeof model !== 'string' || model === '') continue;
    const found = models.check(model, field.capability);
    if ('problem' in found) problems.push({ nodeId: node.id, message: `${node.label}: ${found.problem}` });
    else cost += found.credits;
  }
  return cost;
}
