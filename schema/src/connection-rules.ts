import type { AppConfig, Connection, PluginInstance } from './app';
import type { BlockCategory } from './categories';
import { loopStructure, routePorts, type FlowOf } from './flow-structure';
import { newConnectionId } from './ids';
import { ERROR_ROUTE } from './on-error';
import { reachableIds } from './reachable-ids';
import {
  TOOLS_PORT,
  TOOL_CONNECTION_PROBLEMS,
  pipelineConnections,
  pipelineToolProblem,
  toolConnectionProblem,
} from './tool-connections';

export * from './flow-structure';
export * from './tool-connections';

/** Tells the category of a block kind; undefined for a kind the catalogue does not know. */
export type CategoryOf = (type: string) => BlockCategory | undefined;

export type ConnectResult = { config: AppConfig } | { error: string };

export const CONNECTION_PROBLEMS = {
  missingSource: 'The source block does not exist.',
  missingTarget: 'The target block does not exist.',
  selfConnection: 'A block cannot connect to itself.',
  outputAsSource: 'An output block cannot be the source of a connection.',
  inputAsTarget: 'An input block cannot be the target of a connection.',
  duplicate: 'These blocks are already connected.',
  cycle: 'This connection would create a loop.',
  route: 'Connect from one of this block’s routes.',
  twoLoops: 'A block cannot take input from inside two different loops.',
  loopEnd: 'A block that ends a loop can only be connected from inside that loop.',
  secondLoopEnd: 'This loop already ends at another block.',
  loopExit: 'Blocks inside a loop reach the blocks after it only through the block that ends the loop.',
} as const;

/** What a connection leaves from, and what tells how blocks steer a run (routes and loops). */
export interface ConnectionOptions {
  /** The source's output port: one of its routes for a block with route outputs; `output` otherwise. */
  fromPort?: string;
  /** The target's handle: `input` (default), or `tools` (TOOLS_PORT) to connect the source as a tool. */
  toPort?: string;
  /** Without it, routes and loops are not checked. */
  flowOf?: FlowOf;
}

/**
 * Why a connection from `from` to `to` is not allowed, or null when it is. Checked in this order:
 * both blocks exist, not the same block, the source is not an output block, the target is not an
 * input block, the pair is not already connected, and the new connection closes no loop. Blocks
 * whose kind the catalogue does not know are not restricted by category. With `flowOf`, a block
 * with route outputs is connected from one of its routes, and loops stay well formed: a loop's
 * body is the blocks between the block that runs it and the block that ends it, run once per item
 * (a region, not a cycle), so a connection may not mix two loops, feed a loop's end from outside
 * it, give a loop a second end, or lead out of a loop other than through its end. A connection to
 * the `tools` handle (`options.toPort`) follows the tool rules instead (tool-connections.ts: with
 * `flowOf`, only a block that declares a tool, with no pipeline connections, to a block that
 * takes tools), and a block connected as a tool takes no pipeline connection.
 */
export function connectionProblem(
  config: AppConfig,
  from: string,
  to: string,
  categoryOf: CategoryOf,
  options: ConnectionOptions = {},
): string | null {
  const source = config.plugins.find((plugin) => plugin.id === from);
  const target = config.plugins.find((plugin) => plugin.id === to);
  if (!source) return CONNECTION_PROBLEMS.missingSource;
  if (!target) return CONNECTION_PROBLEMS.missingTarget;
  if (from === to) return CONNECTION_PROBLEMS.selfConnection;
  if (categoryOf(source.type) === 'output') return CONNECTION_PROBLEMS.outputAsSource;
  if (categoryOf(target.type) === 'input') return CONNECTION_PROBLEMS.inputAsTarget;
  if (config.connections.some((c) => c.from === from && c.to === to)) return CONNECTION_PROBLEMS.duplicate;
  const { flowOf } = options;
  if (options.toPort === TOOLS_PORT) {
    const problem = toolConnectionProblem(config.connections, from, {
      from: flowOf?.(source.type),
      to: flowOf?.(target.type),
    });
    return flowOf && problem ? TOOL_CONNECTION_PROBLEMS[problem] : null;
  }
  const tool = pipelineToolProblem(config.connections, from, to);
  if (tool) return TOOL_CONNECTION_PROBLEMS[tool];
  const pipeline = pipelineConnections(config.connections);
  if (reachableIds(pipeline, to, 'downstream').has(from)) return CONNECTION_PROBLEMS.cycle;
  if (!flowOf) return null;
  const routes = flowOf(source.type)?.routes;
  const ports = routes ? routePorts(routes, source.settings) : [];
  if (source.onError === 'route') ports.push(ERROR_ROUTE);
  if ((routes || options.fromPort === ERROR_ROUTE) && !ports.includes(options.fromPort ?? 'output'))
    return CONNECTION_PROBLEMS.route;
  const connections: Connection[] = [
    ...pipeline,
    { id: '', from, to, fromPort: options.fromPort ?? 'output', toPort: 'input' },
  ];
  return loopProblem(config.plugins, connections, to, categoryOf, flowOf);
}

/** The loop rule a new connection would break, judged on the app as it is being built. */
function loopProblem(
  plugins: readonly PluginInstance[],
  connections: readonly Connection[],
  to: string,
  categoryOf: CategoryOf,
  flowOf: FlowOf,
): string | null {
  const index = new Map(plugins.map((plugin, i) => [plugin.id, i]));
  const parents: number[][] = plugins.map(() => []);
  for (const c of connections) {
    const f = index.get(c.from);
    const t = index.get(c.to);
    if (f !== undefined && t !== undefined && !parents[t]!.includes(f)) parents[t]!.push(f);
  }
  const structure = loopStructure({
    parents,
    order: dependencyOrder(parents),
    loopRole: (i) => {
      const flow = flowOf(plugins[i]!.type);
      return flow?.loop ? 'opens' : flow?.endsLoop ? 'ends' : undefined;
    },
  });
  const target = index.get(to)!;
  for (const problem of structure.problems) {
    if (problem.kind === 'twoLoops' && problem.node === target) return CONNECTION_PROBLEMS.twoLoops;
    if ((problem.kind === 'endWithoutLoop' || problem.kind === 'endFromOutside') && problem.node === target)
      return CONNECTION_PROBLEMS.loopEnd;
    if (problem.kind === 'secondEnd' && (problem.node === target || problem.first === target))
      return CONNECTION_PROBLEMS.secondLoopEnd;
  }
  // While the app is being built a loop's blocks may not reach its end yet; an output block never
  // will, nor will a block after the end.
  const region = structure.regionOf[target]!;
  if (region <= 0) return null;
  if (categoryOf(plugins[target]!.type) === 'output') return CONNECTION_PROBLEMS.loopExit;
  const closer = structure.regions[region]!.closer;
  if (closer >= 0 && reachableIds(connections, plugins[closer]!.id, 'downstream').has(to))
    return CONNECTION_PROBLEMS.loopExit;
  return null;
}

/** Kahn's algorithm over parent lists; blocks caught in a cycle are left out. */
function dependencyOrder(parents: readonly (readonly number[])[]): number[] {
  const children: number[][] = parents.map(() => []);
  const waiting = parents.map((list, i) => {
    for (const p of list) children[p]!.push(i);
    return list.length;
  });
  const order: number[] = [];
  for (let i = 0; i < parents.length; i++) if (waiting[i] === 0) order.push(i);
  for (let head = 0; head < order.length; head++)
    for (const child of children[order[head]!]!) if (--waiting[child]! === 0) order.push(child);
  return order;
}

/**
 * Fills each plugin's derived `connections` (ids of upstream and downstream blocks, in connection
 * order, without repeats) from the connection list. Connections to blocks that no longer exist are
 * ignored. Returns a new config.
 */
export function derivePluginConnections(config: AppConfig): AppConfig {
  const ids = new Set(config.plugins.map((plugin) => plugin.id));
  const inputs = new Map<string, Set<string>>();
  const outputs = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string): void => {
    const set = map.get(key) ?? new Set<string>();
    set.add(value);
    map.set(key, set);
  };
  for (const { from, to } of config.connections) {
    if (!ids.has(from) || !ids.has(to)) continue;
    add(outputs, from, to);
    add(inputs, to, from);
  }
  const plugins = config.plugins.map((plugin): PluginInstance => ({
    ...plugin,
    connections: { inputs: [...(inputs.get(plugin.id) ?? [])], outputs: [...(outputs.get(plugin.id) ?? [])] },
  }));
  return { ...config, plugins, connections: [...config.connections] };
}

/**
 * Adds a connection from `from`'s output handle (or, with `options.fromPort`, one of its routes)
 * to `to`'s input handle (or, with `options.toPort` `tools`, its tools handle), or says why it cannot. The returned config is new (plugins' derived
 * connections refreshed); the given one is untouched.
 */
export function connect(
  config: AppConfig,
  from: string,
  to: string,
  categoryOf: CategoryOf,
  now: number = Date.now(),
  random: () => number = Math.random,
  options: ConnectionOptions = {},
): ConnectResult {
  const error = connectionProblem(config, from, to, categoryOf, options);
  if (error !== null) return { error };
  const connection: Connection = {
    id: newConnectionId(now, random),
    from,
    to,
    fromPort: options.toPort === TOOLS_PORT ? 'output' : (options.fromPort ?? 'output'),
    toPort: options.toPort === TOOLS_PORT ? TOOLS_PORT : 'input',
  };
  return { config: derivePluginConnections({ ...config, connections: [...config.connections, connection] }) };
}

/** Removes a block and every connection touching it. Returns a new config. */
export function removePlugin(config: AppConfig, id: string): AppConfig {
  return derivePluginConnections({
    ...config,
    plugins: config.plugins.filter((plugin) => plugin.id !== id),
    connections: config.connections.filter((c) => c.from !== id && c.to !== id),
  });
}

/** Removes one connection by id. Returns a new config. */
export function removeConnection(config: AppConfig, connectionId: string): AppConfig {
  return derivePluginConnections({
    ...config,
    connections: config.connections.filter((c) => c.id !== connectionId),
  });
}
