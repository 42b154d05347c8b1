import {
  BLOCK_CATEGORIES,
  blockCostOf,
  defaultSettings as startingSettings,
  runCostRange,
  type AppConfig,
  type CostRange,
  type BlockCatalogueEntry,
  type BlockCategory,
  type BlockTier,
  type CategoryOf,
  type FirstOutputOf,
  type ModelField,
  type PluginInstance,
  type SettingsSpec,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type AvailableModels, type BlocksmithApi } from '../api/blocksmith-api';
import type { ModelCatalogue } from '../api/models';
import { blockModels, modelChoices, modelsMayAddCredits, type ModelChoices } from './model-choices';

/** What one run of a block costs: its own price and what each of its chosen models adds. */
export interface BlockCost {
  total: number;
  block: number;
  models: { label: string; credits: number }[];
}

/** A block as pricing reads it: its kind and settings. */
export type BlockSettingsOf = Pick<PluginInstance, 'type' | 'settings'>;

const NO_MODELS: ModelCatalogue = { models: [], defaultText: null, defaultImage: null };

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

/** Default values of a block's declared settings (the schema's rule; image models default to the server's). */
export function defaultSettings(spec: SettingsSpec, models?: AvailableModels): Record<string, unknown> {
  return startingSettings(spec, models?.defaultModel);
}

/**
 * A block's tier as the gateway sends it (a string): absent is `core`, as the shared type reads
 * it; any other value but `core` counts as `full`, as the schema's `planAllowsBlock` reads it, so
 * a tier this workbench does not know stays locked on plans without full blocks.
 */
export function readTier(tier: unknown): BlockTier {
  return tier === undefined || tier === null || tier === 'core' ? 'core' : 'full';
}

/** The block kinds the gateway knows: the palette, the forms and the rules' lookups come from here. */
export class CatalogueStore {
  entries: BlockCatalogueEntry[] = [];
  models: AvailableModels = { models: [], defaultModel: '' };
  /** The server's models from every provider (empty until read, or when the server could not say). */
  modelCatalogue: ModelCatalogue = NO_MODELS;
  costs: Record<string, number> = {};
  state: LoadState = 'idle';
  error = '';
  private reading: Promise<void> | null = null;

  constructor(private readonly api: BlocksmithApi) {
    makeObservable(this, {
      entries: observableRef,
      models: observableRef,
      modelCatalogue: observableRef,
      costs: observableRef,
      state: observable,
      error: observable,
      byId: computed,
      byCategory: computed,
      load: action,
      setEntries: action,
    });
  }

  get byId(): ReadonlyMap<string, BlockCatalogueEntry> {
    return new Map(this.entries.map((entry) => [entry.id, entry]));
  }

  get byCategory(): Record<BlockCategory, BlockCatalogueEntry[]> {
    const groups = Object.fromEntries(BLOCK_CATEGORIES.map((c) => [c, [] as BlockCatalogueEntry[]]));
    for (const entry of this.entries) groups[entry.category]?.push(entry);
    return groups as Record<BlockCategory, BlockCatalogueEntry[]>;
  }

  readonly categoryOf: CategoryOf = (type) => this.byId.get(type)?.category;
  readonly firstOutputOf: FirstOutputOf = (type) => this.byId.get(type)?.outputs[0]?.name;
  readonly isAiBlock = (type: string): boolean => this.categoryOf(type) === 'ai';

  /**
   * The fewest and the most credits one run of `config` costs: blocks after a condition or router
   * may not run, blocks inside a loop run once per item (up to the loop's most items), as the
   * server charges them.
   */
  costRange(config: AppConfig): CostRange {
    return runCostRange(config, this.costs, this.isAiBlock, {
      flowOf: (type) => this.byId.get(type)?.flow ?? undefined,
      settingDefault: (type, key) => this.defaultsFor(type)[key],
      modelCredits: this.modelCredits,
    });
  }

  /** What an AI block's chosen models add to its price, as the server charges it. */
  readonly modelCredits = (plugin: PluginInstance): number =>
    this.modelsOf(plugin).reduce((sum, { model }) => sum + (model?.credits ?? 0), 0);

  private modelsOf(plugin: BlockSettingsOf): ReturnType<typeof blockModels> {
    const defaults = this.defaultsFor(plugin.type);
    return blockModels(this.modelCatalogue, this.byId.get(plugin.type), plugin, (key) => defaults[key]);
  }

  /** One run of a block: its own price plus its models' (0 for blocks that are not charged). */
  blockCost(plugin: BlockSettingsOf): BlockCost {
    if (!this.isAiBlock(plugin.type)) return { total: 0, block: 0, models: [] };
    const block = blockCostOf(this.costs, plugin.type);
    const models = this.modelsOf(plugin).flatMap(({ model }) =>
      model ? [{ label: model.label, credits: model.credits }] : [],
    );
    return { total: block + models.reduce((sum, model) => sum + model.credits, 0), block, models };
  }

  /** Whether an AI block kind's price may grow with the model chosen (a model some block could pick costs extra). */
  modelsMayAddCredits(entry: BlockCatalogueEntry): boolean {
    return entry.category === 'ai' && modelsMayAddCredits(this.modelCatalogue, entry);
  }

  /** What a model setting offers for its saved value. */
  modelChoices(field: ModelField, value: string): ModelChoices {
    return modelChoices(this.modelCatalogue, field, value);
  }

  setEntries(entries: BlockCatalogueEntry[]): void {
    this.entries = entries;
    this.state = 'ready';
  }

  /**
   * Reads the catalogue once. Every caller waits for the same read: one that asks while another's
   * read is under way gets that read's end, not an early return with nothing loaded yet.
   */
  load(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    if (this.state === 'loading' && this.reading) return this.reading;
    this.reading = this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<void> {
    this.state = 'loading';
    try {
      const [entries, models, costs, modelCatalogue] = await Promise.all([
        this.api.blockCatalogue(),
        this.api.availableModels().catch((error: unknown) => {
          console.warn('Available models could not be read; using dalle.', error);
          return { models: ['dalle'], defaultModel: 'dalle' };
        }),
        this.api.creditCosts().catch(() => ({})),
        this.api.modelCatalogue().catch((error: unknown) => {
          console.warn("The server's models could not be read; model settings offer their own names.", error);
          return NO_MODELS;
        }),
      ]);
      runInAction(() => {
        this.models = models;
        this.modelCatalogue = modelCatalogue;
        this.costs = costs;
        this.setEntries(entries);
      });
    } catch (error) {
      runInAction(() => {
        this.state = 'failed';
        this.error = errorMessage(error, 'The blocks could not be loaded.');
      });
    }
  }

  defaultsFor(type: string): Record<string, unknown> {
    const entry = this.byId.get(type);
    return entry ? defaultSettings(entry.settings, this.models) : {};
  }
}
