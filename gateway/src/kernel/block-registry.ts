import {
  catalogueEntry,
  definitionApiProblem,
  definitionProblems,
  type AnyBlockDefinition,
  type BlockSpec,
  type OutputsSpec,
} from '@blocksmith/block-sdk';
import type { BlockCatalogueEntry, BlockCategory, SettingsSpec } from '@blocksmith/schema';

/** Raised at start-up when a block package cannot be registered; names the package. */
export class BlockRegistrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockRegistrationError';
  }
}

interface Registered {
  definition: AnyBlockDefinition;
  packageName: string;
}

/** Every block kind the server knows, with the package each came from. */
export class BlockRegistry {
  private readonly byKind = new Map<string, Registered>();
  private catalogueCache: BlockCatalogueEntry[] | undefined;
  private entriesCache: Map<string, BlockCatalogueEntry> | undefined;

  /**
   * Why `definition` from `packageName` cannot be registered (made with a block SDK of an API this
   * server does not serve, invalid, or its kind taken), or null. The API version comes first: a
   * definition written for another API may well look invalid to this one.
   */
  problemOf(definition: AnyBlockDefinition, packageName: string): string | null {
    const unserved = definitionApiProblem(definition, packageName);
    if (unserved) return unserved;
    const problems = definitionProblems(definition as unknown as BlockSpec<SettingsSpec, OutputsSpec>);
    if (problems.length > 0) {
      return `Block package ${packageName} has an invalid definition: ${problems.join('; ')}.`;
    }
    const existing = this.byKind.get(definition.kind);
    if (existing) {
      return `Block kind "${definition.kind}" is defined twice: by ${existing.packageName} and by ${packageName}.`;
    }
    return null;
  }

  /** Adds a definition; refuses an unserved API version, a duplicate kind or an invalid definition, naming the package. */
  register(definition: AnyBlockDefinition, packageName: string): void {
    const problem = this.problemOf(definition, packageName);
    if (problem) throw new BlockRegistrationError(problem);
    this.byKind.set(definition.kind, { definition, packageName });
    this.catalogueCache = undefined;
    this.entriesCache = undefined;
  }

  get(kind: string): AnyBlockDefinition | undefined {
    return this.byKind.get(kind)?.definition;
  }

  has(kind: string): boolean {
    return this.byKind.has(kind);
  }

  packageOf(kind: string): string | undefined {
    return this.byKind.get(kind)?.packageName;
  }

  list(): AnyBlockDefinition[] {
    return [...this.byKind.values()].map((r) => r.definition);
  }

  get size(): number {
    return this.byKind.size;
  }

  /** What the workbench draws the palette and properties forms from. */
  catalogue(): BlockCatalogueEntry[] {
    this.catalogueCache ??= this.list().map(catalogueEntry);
    return this.catalogueCache;
  }

  /** One kind's catalogue entry (the pre-run checklist reads them one kind at a time). */
  catalogueEntryOf(kind: string): BlockCatalogueEntry | undefined {
    this.entriesCache ??= new Map(this.catalogue().map((entry) => [entry.id, entry]));
    return this.entriesCache.get(kind);
  }

  categoryOf = (kind: string): BlockCategory | undefined => this.byKind.get(kind)?.definition.category;

  firstOutputOf = (kind: string): string | undefined => {
    const definition = this.byKind.get(kind)?.definition;
    return definition ? Object.keys(definition.outputs)[0] : undefined;
  };

  isAiBlock = (kind: string): boolean => this.categoryOf(kind) === 'ai';

  /** Credits per run by kind, plus `default` for kinds this server does not price. */
  costs(defaultCost = 1): Record<string, number> {
    const costs: Record<string, number> = {};
    for (const { definition } of this.byKind.values()) {
      if (definition.category === 'ai') costs[definition.kind] = definition.cost;
    }
    costs.default = defaultCost;
    return costs;
  }
}
