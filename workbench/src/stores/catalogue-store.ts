import {
  BLOCK_CATEGORIES,
  defaultSettings as startingSettings,
  runCostRange,
  type AppConfig,
  type CostRange,
  type BlockCatalogueEntry,
  type BlockCategory,
  type BlockTier,
  type CategoryOf,
  type FirstOutputOf,
  type SettingsSpec,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type AvailableModels, type BlocksmithApi } from '../api/blocksmith-api';

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
  costs: Record<string, number> = {};
  state: LoadState = 'idle';
  error = '';
  private reading: Promise<void> | null = null;

  constructor(private readonly api: BlocksmithApi) {
    makeObservable(this, {
      entries: observableRef,
      models: observableRef,
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
    });
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
      const [entries, models, costs] = await Promise.all([
        this.api.blockCatalogue(),
        this.api.availableModels().catch((error: unknown) => {
          console.warn('Available models could not be read; using dalle.', error);
          return { models: ['dalle'], defaultModel: 'dalle' };
        }),
        this.api.creditCosts().catch(() => ({})),
      ]);
      runInAction(() => {
        this.models = models;
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
