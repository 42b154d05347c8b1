import { AiProviderError, type AiProvider } from '@blocksmith/block-sdk';
import {
  MODEL_CAPABILITY_WORDS,
  SPEC_MODEL_NAMES,
  modelCannotMessage,
  modelNotAvailableMessage,
  type ModelCapability,
  type ModelInfo,
  type ProviderModel,
} from '@blocksmith/schema';
import { awakeTimeout } from './awake-timeout';
import { listedFromModelList } from './listed-models';

export { SPEC_MODEL_NAMES };

export interface ModelCatalogueOptions {
  /** The providers, in order of preference: the first that can do something answers the spec's names. */
  providers: readonly AiProvider[];
  /** Extra credits an AI block pays for a model, by catalogue id (default 0). */
  credits?: Readonly<Record<string, number>>;
  /** Catalogue ids that answer the spec's names and blocks that name no model, by capability. */
  defaults?: Partial<Record<'text' | 'image', string>>;
  /** How long a provider's list is used before it is asked again (default 5 minutes). */
  refreshMs?: number;
  /** How long a provider may take to list its models, counted while this process is awake (default 10 s). */
  listTimeoutMs?: number;
  /**
   * How soon a provider whose listing failed is asked again (default 5 s): a vendor that was
   * briefly unreachable, or a listing cut off while the process was busy, is not held against its
   * models until the next refresh.
   */
  retryMs?: number;
}

/** One model of the catalogue, with the provider that answers for it and the id that provider takes. */
interface Entry {
  info: ModelInfo;
  provider: AiProvider;
  vendorId: string;
}

/** Where a request for a model goes: the provider, and the model name to send it (undefined: its default). */
export interface ModelRoute {
  provider: AiProvider;
  model: string | undefined;
}

/**
 * The models this server can use: every configured provider's list (asked again every few
 * minutes; the models the provider is configured with until it answers, and when it cannot be
 * asked), each with what it can do and its extra credits. It says which provider answers a
 * model, and refuses a model it does not have instead of switching to another.
 */
export class ModelCatalogue {
  private settings!: ModelCatalogueOptions;
  private current!: readonly AiProvider[];
  private credits!: Readonly<Record<string, number>>;
  private defaults!: Partial<Record<'text' | 'image', string>>;
  private refreshMs!: number;
  private listTimeoutMs!: number;
  private retryMs!: number;
  private listed = new Map<AiProvider, readonly ProviderModel[]>();
  /** Why a provider's last listing failed, for the admin's view; absent once it answers. */
  private listErrors = new Map<AiProvider, string>();
  private byId = new Map<string, Entry>();
  private entries: Entry[] = [];
  /** `defaultEntry`'s answers since the last rebuild: every AI block's call asks. */
  private defaultsFound = new Map<ModelCapability, Entry | undefined>();
  private listedAt = 0;
  /** When the last listing (of every provider, or of the failed ones) ended. */
  private askedAt = 0;
  private listing: Promise<void> | undefined;
  private firstListing: Promise<void> | undefined;
  /** Counts reconfigurations: a listing begun before the last one is not used. */
  private generation = 0;

  constructor(options: ModelCatalogueOptions) {
    this.configure(options);
  }

  /** The providers, in order of preference. */
  get providers(): readonly AiProvider[] {
    return this.current;
  }

  /** What the catalogue was made (or last reconfigured) with. */
  get options(): ModelCatalogueOptions {
    return this.settings;
  }

  /**
   * Switches to other providers (an admin saved a provider's settings): their configured models at
   * once, then their lists, asked at once; runs checking models wait for those lists (`ready`).
   */
  reconfigure(options: ModelCatalogueOptions): Promise<void> {
    this.configure(options);
    this.firstListing = this.refresh({ force: true });
    return this.firstListing;
  }

  private configure(options: ModelCatalogueOptions): void {
    if (options.providers.length === 0) throw new Error('A model catalogue needs at least one provider.');
    this.generation += 1;
    this.settings = options;
    this.current = options.providers;
    this.credits = options.credits ?? {};
    this.defaults = options.defaults ?? {};
    this.refreshMs = options.refreshMs ?? 5 * 60_000;
    this.listTimeoutMs = options.listTimeoutMs ?? 10_000;
    this.retryMs = options.retryMs ?? 5_000;
    this.listed = new Map();
    this.listErrors = new Map();
    this.listing = undefined;
    this.listedAt = 0;
    this.askedAt = 0;
    for (const provider of this.current) this.listed.set(provider, configuredModels(provider));
    this.rebuild();
  }

  /** Every model, in the providers' order. */
  list(): ModelInfo[] {
    return this.entries.map((entry) => entry.info);
  }

  /** The providers whose last listing failed, with why. */
  problems(): { provider: string; message: string }[] {
    return [...this.listErrors].map(([provider, message]) => ({ provider: provider.name, message }));
  }

  /** The model answering for `capability` when a block names none (or a spec name), if any can. */
  defaultFor(capability: ModelCapability): ModelInfo | undefined {
    return this.defaultEntry(capability)?.info;
  }

  /**
   * Resolves once the providers have been asked for their lists the first time (answered or not):
   * what runs wait for before checking models, so a model only a listing names is not refused.
   */
  ready(): Promise<void> {
    this.firstListing ??= this.refresh({ force: true });
    return this.firstListing;
  }

  /**
   * Asks the providers for their lists when the last ones are older than the refresh time, and
   * those whose listing failed once it is older than the retry time.
   */
  refresh({ force = false }: { force?: boolean } = {}): Promise<void> {
    if (this.listing) return this.listing;
    const now = Date.now();
    const due = force || this.listedAt === 0 || now - this.listedAt >= this.refreshMs;
    const retry = this.listErrors.size > 0 && now - this.askedAt >= this.retryMs;
    if (!due && !retry) return Promise.resolve();
    const asked = due ? this.providers : this.providers.filter((provider) => this.listErrors.has(provider));
    const generation = this.generation;
    const { listed, listErrors } = this;
    const listing = Promise.all(asked.map((provider) => this.listOne(provider, listed, listErrors))).then(
      () => {
        if (generation !== this.generation) return;
        this.askedAt = Date.now();
        if (due) this.listedAt = this.askedAt;
        this.listing = undefined;
        this.rebuild();
      },
    );
    this.listing = listing;
    return listing;
  }

  /**
   * Planning's question (the engine's `ModelLookup`): the extra credits of `model` for a block that
   * needs `capability`, or why it cannot be used.
   */
  check(model: string, capability: ModelCapability): { credits: number } | { problem: string } {
    if (this.listedAt > 0) void this.refresh();
    const entry = this.entryFor(model, capability);
    if (typeof entry === 'string') return { problem: entry };
    return { credits: entry.info.credits };
  }

  /** Which provider answers `model` for `capability`; a model it cannot use is refused, naming it. */
  route(model: string | undefined, capability: ModelCapability): ModelRoute {
    const entry = this.entryFor(model, capability);
    if (typeof entry === 'string') throw new AiProviderError('rejected', entry);
    if (!model) return { provider: entry.provider, model: undefined };
    if (!isSpecName(model)) return { provider: entry.provider, model: entry.vendorId };
    // A spec name goes to the default model. Unless the operator chose that default, a provider
    // that knows the name itself (OpenAI's aliases, the offline stand-in) takes it as it is.
    const own = entry.provider.models();
    const chosen = this.defaults[SPEC_MODEL_NAMES[model] === 'image' ? 'image' : 'text'] !== undefined;
    const knows = !chosen && (own.text.includes(model) || own.image.includes(model));
    return { provider: entry.provider, model: knows ? model : entry.vendorId };
  }

  private entryFor(model: string | undefined, capability: ModelCapability): Entry | string {
    if (!model || isSpecName(model)) {
      const wanted = model ? SPEC_MODEL_NAMES[model]! : capability;
      const entry = this.defaultEntry(wanted === 'text' ? capability : wanted);
      if (entry) return entry;
      return `No model on this server can ${MODEL_CAPABILITY_WORDS[capability]}; an administrator can connect a provider that can.`;
    }
    const entry = this.byId.get(model);
    if (!entry) return modelNotAvailableMessage(model);
    if (!entry.info.capabilities.includes(capability)) {
      return modelCannotMessage(model, capability);
    }
    return entry;
  }

  private defaultEntry(capability: ModelCapability): Entry | undefined {
    if (this.defaultsFound.has(capability)) return this.defaultsFound.get(capability);
    const found = this.findDefault(capability);
    this.defaultsFound.set(capability, found);
    return found;
  }

  private findDefault(capability: ModelCapability): Entry | undefined {
    const named = this.defaults[capability === 'image' ? 'image' : 'text'];
    const chosen = named === undefined ? undefined : this.byId.get(named);
    if (chosen?.info.capabilities.includes(capability)) return chosen;
    // The first provider able to do it, with the model it is configured to use for it.
    for (const provider of this.providers) {
      const own = provider.models();
      const preferred = capability === 'image' ? own.defaultImage : own.defaultText;
      const mine = this.entries.filter((entry) => entry.provider === provider);
      const able = mine.filter((entry) => entry.info.capabilities.includes(capability));
      const found = able.find((entry) => entry.vendorId === preferred) ?? able[0];
      if (found) return found;
    }
    return undefined;
  }

  private async listOne(
    provider: AiProvider,
    listed: Map<AiProvider, readonly ProviderModel[]>,
    listErrors: Map<AiProvider, string>,
  ): Promise<void> {
    if (!provider.listModels) return;
    const timeout = awakeTimeout(this.listTimeoutMs);
    try {
      const models = await provider.listModels({ signal: timeout.signal });
      // A provider that lists nothing keeps the models it is configured with (e.g. a server
      // that does not list, answering whatever it is asked).
      const own = configuredModels(provider);
      const listedIds = new Set(models.map((m) => m.id));
      listed.set(provider, [...models, ...own.filter((m) => !listedIds.has(m.id) && !isSpecName(m.id))]);
      listErrors.delete(provider);
    } catch (error) {
      listErrors.set(provider, error instanceof Error ? error.message : String(error));
    } finally {
      timeout.dispose();
    }
  }

  private rebuild(): void {
    const byId = new Map<string, Entry>();
    const entries: Entry[] = [];
    for (const provider of this.providers) {
      for (const model of this.listed.get(provider) ?? []) {
        // Two providers offering the same id: the first keeps it, the other is `provider/id`.
        const id = byId.has(model.id) ? `${provider.name}/${model.id}` : model.id;
        if (byId.has(id)) continue;
        const entry: Entry = {
          provider,
          vendorId: model.id,
          info: {
            ...model,
            // A model calls tools only through a provider that has tool calling.
            capabilities: provider.toolTurn
              ? model.capabilities
              : model.capabilities.filter((capability) => capability !== 'tools'),
            id,
            provider: provider.name,
            offline: provider.offline,
            credits: this.credits[id] ?? 0,
          },
        };
        byId.set(id, entry);
        entries.push(entry);
      }
    }
    this.byId = byId;
    this.entries = entries;
    this.defaultsFound = new Map();
  }
}

/** The models a provider is configured with (calling tools when it has tool calling). */
function configuredModels(provider: AiProvider): ProviderModel[] {
  return listedFromModelList(provider.models(), { tools: provider.toolTurn !== undefined });
}

/** One of the spec's names (its own entries only: `constructor` is a model name like any other). */
function isSpecName(model: string): boolean {
  return Object.hasOwn(SPEC_MODEL_NAMES, model);
}
