import {
  derivePluginConnections,
  isPlainObject,
  newConnectionId,
  newPluginId,
  renameTemplateVariables,
  validateNodeList,
  variableNames,
  type AppConfig,
  type Connection,
  type FirstOutputOf,
  type PluginInstance,
  type Position,
} from '@blocksmith/schema';

/** What a copy of blocks says it is, so pasting other text onto the canvas does nothing. */
export const CLIP_KIND = 'blocksmith/blocks';

/** Copied blocks with their settings and the connections among them, as JSON text carries them. */
export interface BlockClip {
  kind: typeof CLIP_KIND;
  version: 1;
  plugins: PluginInstance[];
  connections: Connection[];
}

/** The blocks `ids` of `config` and the connections that run between two of them; null when none. */
export function copyBlocks(config: AppConfig, ids: Iterable<string>): BlockClip | null {
  const chosen = new Set(ids);
  const plugins = config.plugins.filter((plugin) => chosen.has(plugin.id));
  if (plugins.length === 0) return null;
  const kept = new Set(plugins.map((plugin) => plugin.id));
  const connections = config.connections.filter((c) => kept.has(c.from) && kept.has(c.to));
  return {
    kind: CLIP_KIND,
    version: 1,
    plugins: plugins.map(({ connections: _derived, ...plugin }) => structuredClone(plugin)),
    connections: connections.map((c) => ({ ...c })),
  };
}

export function serializeClip(clip: BlockClip): string {
  return JSON.stringify(clip);
}

function isConnection(value: unknown): value is Connection {
  return (
    isPlainObject(value) &&
    ['id', 'from', 'to', 'fromPort', 'toPort'].every((key) => typeof value[key] === 'string')
  );
}

/** Copied blocks read back from clipboard text, or null when the text is not a copy of blocks. */
export function parseClip(text: string | null | undefined): BlockClip | null {
  if (!text || !text.includes(CLIP_KIND)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(value) || value.kind !== CLIP_KIND || !Array.isArray(value.plugins)) return null;
  if (value.plugins.length === 0 || !validateNodeList(value.plugins).valid) return null;
  const connections = Array.isArray(value.connections) ? value.connections.filter(isConnection) : [];
  return { kind: CLIP_KIND, version: 1, plugins: value.plugins as PluginInstance[], connections };
}

/** The smallest box holding the blocks' top-left corners. */
export function clipOrigin(clip: BlockClip): Position {
  return {
    x: Math.min(...clip.plugins.map((plugin) => plugin.position.x)),
    y: Math.min(...clip.plugins.map((plugin) => plugin.position.y)),
  };
}

/** `value` with every placeholder of a renamed variable naming the new one, deep inside strings, lists and objects. */
function renameVariables(value: unknown, renames: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return renameTemplateVariables(value, renames);
  if (Array.isArray(value)) return value.map((item) => renameVariables(item, renames));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameVariables(v, renames)]));
  }
  return value;
}

export interface PasteOptions {
  /** Added to every block's position. */
  offset: Position;
  /** Block kinds the catalogue knows; others are left out. */
  knownType: (type: string) => boolean;
  firstOutputOf: FirstOutputOf;
  /** Keeps a block's top-left corner on the canvas. */
  clamp: (position: Position) => Position;
  now?: number;
  random?: () => number;
}

/**
 * `config` with the clip's blocks added under new ids, moved by `offset`, and the copied
 * connections among them. A block's variable keeps its name when it is free in `config`, else it
 * takes its kind's next free one, and prompts among the pasted blocks follow the new names.
 * Answers the new config and the new blocks' ids.
 */
export function pasteBlocks(
  config: AppConfig,
  clip: BlockClip,
  options: PasteOptions,
): { config: AppConfig; ids: string[] } {
  const now = options.now ?? Date.now();
  const random = options.random ?? Math.random;
  const plugins = clip.plugins.filter((plugin) => options.knownType(plugin.type));
  if (plugins.length === 0) return { config, ids: [] };
  const ids = new Map(plugins.map((plugin) => [plugin.id, newPluginId(now, random)]));
  const taken = new Set(variableNames(config, options.firstOutputOf).values());
  const renames = new Map<string, string>();
  const named = plugins.map((plugin) => {
    const old = plugin.outputs?.[0]?.name || options.firstOutputOf(plugin.type);
    if (old === undefined) return plugin;
    let name = old;
    if (taken.has(name)) {
      const base = options.firstOutputOf(plugin.type) ?? old;
      let n = 2;
      name = base;
      while (taken.has(name)) name = `${base}_${n++}`;
    }
    taken.add(name);
    if (name !== old) renames.set(old, name);
    const [first, ...rest] = plugin.outputs ?? [{ name: old }];
    return { ...plugin, outputs: [{ ...first, name }, ...rest] };
  });
  const added: PluginInstance[] = named.map((plugin) => ({
    ...plugin,
    id: ids.get(plugin.id)!,
    position: options.clamp({
      x: plugin.position.x + options.offset.x,
      y: plugin.position.y + options.offset.y,
    }),
    settings: (renames.size > 0
      ? renameVariables(plugin.settings, renames)
      : structuredClone(plugin.settings)) as Record<string, unknown>,
    connections: { inputs: [], outputs: [] },
  }));
  const connections = clip.connections.flatMap((c) => {
    const from = ids.get(c.from);
    const to = ids.get(c.to);
    return from && to ? [{ ...c, id: newConnectionId(now, random), from, to }] : [];
  });
  return {
    config: derivePluginConnections({
      ...config,
      plugins: [...config.plugins, ...added],
      connections: [...config.connections, ...connections],
    }),
    ids: added.map((plugin) => plugin.id),
  };
}
