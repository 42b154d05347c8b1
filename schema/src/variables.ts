import type { AppConfig, PluginInstance } from './app';
import { reachableIds } from './reachable-ids';

/**
 * The variable model. A block's variable is the name of its first output. Once assigned, the name
 * is stored in the instance's `outputs[0].name`, so it never changes when other blocks come or go.
 * Two blocks whose kinds share a first-output name get distinct names: the plain name, then
 * `{name}_2`, `{name}_3`, ...
 */

/** Tells the first output name of a block kind; undefined for kinds without outputs. */
export type FirstOutputOf = (type: string) => string | undefined;

export interface UpstreamVariable {
  nodeId: string;
  name: string;
}

/**
 * The first free one of `baseName`, `baseName_2`, `baseName_3`, ... in `taken`. `nextSuffix`
 * remembers where the search for each base name stopped, so naming many blocks of one kind stays
 * linear.
 */
function firstFreeName(
  taken: ReadonlySet<string>,
  baseName: string,
  nextSuffix?: Map<string, number>,
): string {
  if (!taken.has(baseName)) return baseName;
  let n = nextSuffix?.get(baseName) ?? 2;
  while (taken.has(`${baseName}_${n}`)) n += 1;
  nextSuffix?.set(baseName, n + 1);
  return `${baseName}_${n}`;
}

/** `baseName` if it is free, else the first free one of `baseName_2`, `baseName_3`, ... */
export function assignVariableName(existingNames: Iterable<string>, baseName: string): string {
  return firstFreeName(new Set(existingNames), baseName);
}

function storedName(plugin: PluginInstance): string | undefined {
  const name = plugin.outputs?.[0]?.name;
  return name === undefined || name === '' ? undefined : name;
}

/**
 * Every block's variable name, keyed by block id, in plugin-list order. Stored names
 * (`outputs[0].name`) are claimed first so that they stay stable; blocks without a stored name
 * then take their kind's first output name, made unique with `assignVariableName`. Any clash left
 * (e.g. two stored names alike) is settled in list order: the first keeps the plain name. Blocks
 * with no output get no entry.
 */
export function variableNames(config: AppConfig, firstOutputOf: FirstOutputOf): Map<string, string> {
  const taken = new Set<string>();
  const nextSuffix = new Map<string, number>();
  const assigned = new Map<string, string>();
  const claim = (plugin: PluginInstance, base: string | undefined): void => {
    if (base === undefined || base === '') return;
    const name = firstFreeName(taken, base, nextSuffix);
    taken.add(name);
    assigned.set(plugin.id, name);
  };
  for (const plugin of config.plugins) claim(plugin, storedName(plugin));
  for (const plugin of config.plugins) {
    if (storedName(plugin) === undefined) claim(plugin, firstOutputOf(plugin.type));
  }
  const ordered = new Map<string, string>();
  for (const plugin of config.plugins) {
    const name = assigned.get(plugin.id);
    if (name !== undefined) ordered.set(plugin.id, name);
  }
  return ordered;
}

/**
 * Writes every block's variable name into its `outputs[0].name` (other outputs kept), which is
 * what makes names stable. Call it when blocks are added or a template or generated app loads.
 * Returns a new config.
 */
export function pinVariableNames(config: AppConfig, firstOutputOf: FirstOutputOf): AppConfig {
  const names = variableNames(config, firstOutputOf);
  const plugins = config.plugins.map((plugin): PluginInstance => {
    const name = names.get(plugin.id);
    if (name === undefined) return plugin;
    const [first, ...rest] = plugin.outputs ?? [];
    return { ...plugin, outputs: [{ ...first, name }, ...rest] };
  });
  return { ...config, plugins };
}

/** All blocks that feed `id`, directly or through others, in plugin-list order; never `id` itself. */
export function upstreamIds(config: AppConfig, id: string): string[] {
  const ancestors = reachableIds(config.connections, id, 'upstream');
  return config.plugins.filter((plugin) => plugin.id !== id && ancestors.has(plugin.id)).map((p) => p.id);
}

/** The variables available to block `id`: those of its upstream blocks that have one. */
export function upstreamVariables(
  config: AppConfig,
  id: string,
  firstOutputOf: FirstOutputOf,
): UpstreamVariable[] {
  const names = variableNames(config, firstOutputOf);
  return upstreamIds(config, id).flatMap((nodeId) => {
    const name = names.get(nodeId);
    return name === undefined ? [] : [{ nodeId, name }];
  });
}

/** Run inputs are keyed by the block's variable, or by its id when it has none. */
export function runInputKey(plugin: Pick<PluginInstance, 'id'>, variableName: string | undefined): string {
  return variableName === undefined || variableName === '' ? plugin.id : variableName;
}
