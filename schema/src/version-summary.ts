import type { AppConfig, PluginInstance } from './app';

/** What one version of an app holds: everything the builder saves, apart from who and when. */
export interface VersionContent {
  name: string;
  description: string;
  category: string;
  config: AppConfig;
}

/** A block's name for people (the catalogue's name of its kind); its kind when none is known. */
export type BlockNameOf = (type: string) => string | undefined;

/** JSON with object keys in order: the same value stored in a jsonb column and sent by a client. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * Whether two versions hold the same app: the canvas view (zoom and pan) is where the builder was
 * looking, not part of the app, and key order does not matter.
 */
export function sameVersionContent(a: VersionContent, b: VersionContent): boolean {
  const comparable = (content: VersionContent) => ({
    name: content.name,
    description: content.description,
    category: content.category,
    plugins: content.config.plugins,
    connections: content.config.connections,
  });
  return sameJson(comparable(a), comparable(b));
}

/**
 * The changes from one version to the next, one short line each, as the history panel and the
 * review screen show them: renamed, description or category changed, blocks added or removed (by
 * kind), settings changed (by block and setting name), blocks moved, connections changed. The
 * canvas view is not a change. Empty when nothing a person would notice changed.
 */
export function describeChanges(
  before: VersionContent | null,
  after: VersionContent,
  nameOf: BlockNameOf = () => undefined,
): string[] {
  const label = (plugin: PluginInstance) => nameOf(plugin.type) ?? plugin.type;
  if (!before) {
    const blocks = after.config.plugins.length;
    return [`First version: ${blocks} block${blocks === 1 ? '' : 's'}`];
  }
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`Renamed "${before.name}" to "${after.name}"`);
  if (before.description !== after.description) changes.push('Description changed');
  if (before.category !== after.category) {
    changes.push(`Category ${before.category || '(none)'} to ${after.category || '(none)'}`);
  }
  const old = new Map(before.config.plugins.map((plugin) => [plugin.id, plugin]));
  const now = new Map(after.config.plugins.map((plugin) => [plugin.id, plugin]));
  const added = after.config.plugins.filter((plugin) => !old.has(plugin.id));
  const removed = before.config.plugins.filter((plugin) => !now.has(plugin.id));
  if (added.length > 0) changes.push(`Added ${added.map(label).join(', ')}`);
  if (removed.length > 0) changes.push(`Removed ${removed.map(label).join(', ')}`);
  for (const plugin of after.config.plugins) {
    const previous = old.get(plugin.id);
    if (!previous) continue;
    const keys = new Set([...Object.keys(previous.settings ?? {}), ...Object.keys(plugin.settings ?? {})]);
    const changed = [...keys].filter((key) => !sameJson(previous.settings?.[key], plugin.settings?.[key]));
    if (changed.length > 0) changes.push(`${label(plugin)}: ${changed.join(', ')} changed`);
  }
  const moved = after.config.plugins.some((plugin) => {
    const previous = old.get(plugin.id);
    return previous !== undefined && !sameJson(previous.position, plugin.position);
  });
  if (moved) changes.push('Layout changed');
  const links = (config: AppConfig) =>
    new Set(config.connections.map((c) => `${c.from}:${c.fromPort}>${c.to}:${c.toPort}`));
  const [oldLinks, newLinks] = [links(before.config), links(after.config)];
  const linked = [...newLinks].filter((link) => !oldLinks.has(link)).length;
  const unlinked = [...oldLinks].filter((link) => !newLinks.has(link)).length;
  if (linked > 0 || unlinked > 0) {
    const parts = [
      ...(linked > 0 ? [`${linked} added`] : []),
      ...(unlinked > 0 ? [`${unlinked} removed`] : []),
    ];
    changes.push(`Connections: ${parts.join(', ')}`);
  }
  return changes;
}

/** One line for the history list: the changes joined, or 'No changes'. */
export function summarizeChanges(changes: readonly string[]): string {
  if (changes.length === 0) return 'No changes';
  const text = changes.join('; ');
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
