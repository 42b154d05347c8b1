import type { AppConfig, PluginInstance } from './app';

/** What one version of an app holds: everything the builder saves, apart from who and when. */
export interface VersionContent {
  name: string;
  description: string;
  category: string;
  config: AppConfig;
}

function label(plugin: PluginInstance): string {
  return plugin.type;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The changes from one version to the next, one short line each, as the history panel and the
 * review screen show them: renamed, description or category changed, blocks added or removed (by
 * kind), settings changed (by block and setting name), connections changed. Positions and the
 * canvas view are not changes. Empty when nothing a person would notice changed.
 */
export function describeChanges(before: VersionContent | null, after: VersionContent): string[] {
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
