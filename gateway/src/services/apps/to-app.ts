import { migrateSettings } from '@blocksmith/block-sdk';
import { effectiveCreatorPrice, isCategory, isPlanId, type App, type AppConfig } from '@blocksmith/schema';
import type { AppRecord } from '../../data/entities';
import type { BlockRegistry } from '../../kernel';

export function toApp(record: AppRecord): App {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    slug: record.slug,
    category: isCategory(record.category) ? record.category : '',
    isPrivate: record.isPrivate,
    isPublished: record.isPublished,
    owner_id: record.ownerId,
    upvotes: record.upvotes,
    views: record.views,
    uses: record.uses,
    config: record.config,
    verificationStatus: record.verificationStatus,
    reviewNotes: record.reviewNotes,
    createdAt: record.createdAt.toISOString(),
    draftVersionId: record.draftVersionId,
    liveVersionId: record.liveVersionId,
    submittedVersionId: record.submittedVersionId,
    shareRunDetails: record.shareRunDetails,
    creatorPrice: record.creatorPrice,
  };
}

/**
 * The config with each block's settings brought up to its definition's version, as the builder
 * edits them (a block saved before its package changed shape opens in today's form). A block whose
 * settings cannot be brought up (saved by a newer server, or an unknown kind) stays as saved: a run
 * names the problem.
 */
export function configUpToDate(config: AppConfig, registry: BlockRegistry): AppConfig {
  let changed = false;
  const plugins = config.plugins.map((plugin) => {
    const definition = registry.get(plugin.type);
    const saved = plugin.version ?? 1;
    if (!definition || saved >= definition.version) return plugin;
    try {
      const settings = migrateSettings(definition, plugin.settings, saved);
      changed = true;
      return { ...plugin, settings, version: definition.version };
    } catch {
      return plugin;
    }
  });
  return changed ? { ...config, plugins } : config;
}

/**
 * An app's config as people other than its owner see it: its AI blocks without their settings (the
 * prompts stay the owner's; the server runs them whole).
 */
export function configForRunners(config: AppConfig, registry: BlockRegistry): AppConfig {
  return {
    ...config,
    plugins: config.plugins.map((plugin) =>
      registry.get(plugin.type)?.category === 'ai' ? { ...plugin, settings: {} } : plugin,
    ),
  };
}

/**
 * The app as everyone but its owner and admins sees it: its live version, with `config` as the
 * runner page needs it (or whole, for a run on the server).
 */
export function toLiveApp(record: AppRecord, config: (config: AppConfig) => AppConfig): App {
  const live = record.live!;
  return {
    ...toApp(record),
    name: live.name,
    description: live.description,
    category: isCategory(live.category) ? live.category : '',
    config: config(live.config),
    // What a run by someone else pays now: nothing while the owner's plan has no creator earnings.
    creatorPrice: effectiveCreatorPrice(
      record.creatorPrice,
      isPlanId(record.owner?.plan) ? record.owner.plan : 'free',
    ),
    reviewNotes: null,
    draftVersionId: null,
    liveVersionId: null,
    submittedVersionId: null,
  };
}
