import type { AppConfig, Connection, PluginInstance } from './app';
import type { BlockCategory } from './categories';
import { newConnectionId } from './ids';
import { reachableIds } from './reachable-ids';

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
} as const;

/**
 * Why a connection from `from` to `to` is not allowed, or null when it is. Checked in this order:
 * both blocks exist, not the same block, the source is not an output block, the target is not an
 * input block, the pair is not already connected, and the new connection closes no loop. Blocks
 * whose kind the catalogue does not know are not restricted by category.
 */
export function connectionProblem(
  config: AppConfig,
  from: string,
  to: string,
  categoryOf: CategoryOf,
): string | null {
  const source = config.plugins.find((plugin) => plugin.id === from);
  const target = config.plugins.find((plugin) => plugin.id === to);
  if (!source) return CONNECTION_PROBLEMS.missingSource;
  if (!target) return CONNECTION_PROBLEMS.missingTarget;
  if (from === to) return CONNECTION_PROBLEMS.selfConnection;
  if (categoryOf(source.type) === 'output') return CONNECTION_PROBLEMS.outputAsSource;
  if (categoryOf(target.type) === 'input') return CONNECTION_PROBLEMS.inputAsTarget;
  if (config.connections.some((c) => c.from === from && c.to === to)) return CONNECTION_PROBLEMS.duplicate;
  if (reachableIds(config.connections, to, 'downstream').has(from)) return CONNECTION_PROBLEMS.cycle;
  return null;
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
 * Adds a connection from `from`'s output handle to `to`'s input handle, or says why it cannot.
 * The returned config is new (plugins' derived connections refreshed); the given one is untouched.
 */
export function connect(
  config: AppConfig,
  from: string,
  to: string,
  categoryOf: CategoryOf,
  now: number = Date.now(),
  random: () => number = Math.random,
): ConnectResult {
  const error = connectionProblem(config, from, to, categoryOf);
  if (error !== null) return { error };
  const connection: Connection = {
    id: newConnectionId(now, random),
    from,
    to,
    fromPort: 'output',
    toPort: 'input',
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
