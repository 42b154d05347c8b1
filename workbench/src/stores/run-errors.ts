import { blockTitle as titleOf, type BlockCatalogueEntry, type PluginInstance } from '@blocksmith/schema';
import { ApiError } from '../api/blocksmith-api';
import { RUN_ERRORS } from '../texts/run-history-texts';

/** A block's title as the canvas shows it: its label, else its kind's name (else its kind). */
export function blockTitle(
  plugin: Pick<PluginInstance, 'type' | 'settings'>,
  entry: Pick<BlockCatalogueEntry, 'name'> | undefined,
): string {
  return titleOf(plugin.settings, entry?.name ?? plugin.type);
}

/**
 * A run error naming blocks as people know them. The engine names blocks by their titles; runs
 * kept from before it did name a block by its kind and internal id ('Text AI (plugin_17_x3)
 * failed: ...'), and each such mention becomes the block's title ('Summary failed: ...').
 */
export function withBlockTitles(
  message: string,
  plugins: readonly Pick<PluginInstance, 'id' | 'type' | 'settings'>[],
  entryOf: (type: string) => Pick<BlockCatalogueEntry, 'name'> | undefined,
): string {
  let named = message;
  for (const plugin of plugins) {
    if (!named.includes(plugin.id)) continue;
    const entry = entryOf(plugin.type);
    const title = blockTitle(plugin, entry);
    const mentions = [`${entry?.name ?? plugin.type} (${plugin.id})`, `${plugin.type} (${plugin.id})`];
    for (const mention of mentions) named = named.split(mention).join(title);
  }
  return named;
}

/** Whether a failure is the connection's rather than the server's answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.network;
}

/**
 * What a run that could not start (or whose progress could not be followed) says: the server's
 * message, or what to check when the server was not reached.
 */
export function runFailureMessage(error: unknown, fallback: string = RUN_ERRORS.title): string {
  if (isNetworkFailure(error)) return RUN_ERRORS.network;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
