import {
  BLOCK_CATEGORIES,
  blockCostOf,
  cheapestPlanWith,
  formatCredits,
  planAllowsBlock,
  type BlockCatalogueEntry,
  type BlockCategory,
  type PlanId,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { BLOCK_TIERS } from '../texts/block-tier-texts';
import { MODEL_TEXTS } from '../texts/model-texts';
import { readTier, type CatalogueStore } from './catalogue-store';

/** Case-insensitive substring match on a block's name, description and id. */
export function matchesBlock(entry: BlockCatalogueEntry, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return [entry.name, entry.description, entry.id].some((text) => text.toLowerCase().includes(needle));
}

/**
 * A category's blocks in the Add Node panel's order: those that declare a palette rank first, by
 * it (the spec's six AI blocks declare 1 to 6), then the others as the catalogue lists them, so new
 * blocks appear there too.
 */
export function addNodeOrder(entries: readonly BlockCatalogueEntry[]): BlockCatalogueEntry[] {
  const rank = (entry: BlockCatalogueEntry) => entry.paletteRank ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable: equal ranks (the unranked) keep the catalogue's order.
  return [...entries].sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) - rank(b)));
}

/**
 * Who is choosing blocks, as the tier locks need it: whether the session check has finished,
 * whether someone is signed in, and their plan once the publishing info has told it.
 */
export interface BlockChooser {
  checked: boolean;
  signedIn: boolean;
  plan: PlanId | null;
}

/**
 * The plan whose blocks the palette offers. A visitor is on no plan and counts as Free: the locks
 * show, and core blocks go on the canvas as before. While the session or a signed-in person's
 * plan is not known yet nothing is locked (the server still refuses a full block on save).
 */
export function choosingPlan(chooser: BlockChooser): PlanId | null {
  if (!chooser.checked) return null;
  return chooser.signedIn ? chooser.plan : 'free';
}

/** Whether `chooser` may not add `entry` to an app. */
export function isLocked(entry: BlockCatalogueEntry, chooser: BlockChooser): boolean {
  const plan = choosingPlan(chooser);
  return plan !== null && !planAllowsBlock(plan, readTier(entry.tier));
}

/** The cheapest plan with full blocks: its name is the tag on locked blocks. */
export const FULL_BLOCKS_PLAN = cheapestPlanWith('fullBlocks');

/** A locked block someone tried to add, and what the upgrade dialog tells them. */
export interface UpgradeOffer {
  entry: BlockCatalogueEntry;
  /** A visitor is asked to sign in; a signed-in person is offered the upgrade. */
  signedIn: boolean;
  message: string;
}

export interface PaletteSection {
  category: BlockCategory;
  entries: BlockCatalogueEntry[];
  open: boolean;
}

/** Search results grouped Input, AI Logic, Output. */
export function groupMatches(
  byCategory: Record<BlockCategory, BlockCatalogueEntry[]>,
  term: string,
): Array<{ category: BlockCategory; entries: BlockCatalogueEntry[] }> {
  return BLOCK_CATEGORIES.map((category) => ({
    category,
    entries: byCategory[category].filter((entry) => matchesBlock(entry, term)),
  }));
}

/**
 * The sidebar's block palette and the full-screen Add Node panel: search, collapsible sections (a
 * search opens sections with matches), and the locks on blocks the chooser's plan may not add.
 */
export class PaletteStore {
  search = '';
  collapsed: ReadonlySet<BlockCategory> = new Set();
  addNodeSearch = '';
  /** The locked block last tried; kept after closing so the dialog's closing frames still show it. */
  upgradeOffer: UpgradeOffer | null = null;
  upgradeOpen = false;

  constructor(private readonly catalogue: CatalogueStore) {
    makeObservable(this, {
      search: observable,
      collapsed: observableRef,
      addNodeSearch: observable,
      upgradeOffer: observableRef,
      upgradeOpen: observable,
      sections: computed,
      noMatches: computed,
      addNodeSections: computed,
      setSearch: action,
      clearSearch: action,
      toggleSection: action,
      setAddNodeSearch: action,
      allowOrOffer: action,
      closeUpgradeOffer: action,
    });
  }

  get sections(): PaletteSection[] {
    const searching = this.search.trim() !== '';
    return groupMatches(this.catalogue.byCategory, this.search).map(({ category, entries }) => ({
      category,
      entries,
      open: searching ? entries.length > 0 : !this.collapsed.has(category),
    }));
  }

  /**
   * What a block kind costs per run, as its palette entry says it: an AI block's own credits, with
   * '+ model' when a model it may choose costs extra; null for blocks that are not charged.
   */
  costLabel(entry: BlockCatalogueEntry): string | null {
    if (entry.category !== 'ai') return null;
    const own = formatCredits(blockCostOf(this.catalogue.costs, entry.id));
    return this.catalogue.modelsMayAddCredits(entry) ? `${own} ${MODEL_TEXTS.plusModel}` : own;
  }

  /** A search term is set and no block matches it. */
  get noMatches(): boolean {
    return this.search.trim() !== '' && this.sections.every((section) => section.entries.length === 0);
  }

  get addNodeSections(): Array<{ category: BlockCategory; entries: BlockCatalogueEntry[] }> {
    return groupMatches(this.catalogue.byCategory, this.addNodeSearch)
      .map(({ category, entries }) => ({ category, entries: addNodeOrder(entries) }))
      .filter((section) => section.entries.length > 0);
  }

  setSearch(term: string): void {
    this.search = term;
  }

  clearSearch(): void {
    this.search = '';
  }

  toggleSection(category: BlockCategory): void {
    const next = new Set(this.collapsed);
    if (next.has(category)) next.delete(category);
    else next.add(category);
    this.collapsed = next;
  }

  setAddNodeSearch(term: string): void {
    this.addNodeSearch = term;
  }

  /**
   * Whether `chooser` may add `entry`; when not, opens the upgrade dialog for it instead. Clicking,
   * pressing Enter on and dragging a palette block all ask this first.
   */
  allowOrOffer(entry: BlockCatalogueEntry, chooser: BlockChooser): boolean {
    const plan = choosingPlan(chooser);
    if (plan === null || planAllowsBlock(plan, readTier(entry.tier))) return true;
    this.upgradeOffer = {
      entry,
      signedIn: chooser.signedIn,
      message: chooser.signedIn
        ? BLOCK_TIERS.refusal(entry.name, plan)
        : BLOCK_TIERS.visitorRefusal(entry.name, FULL_BLOCKS_PLAN.name),
    };
    this.upgradeOpen = true;
    return false;
  }

  closeUpgradeOffer(): void {
    this.upgradeOpen = false;
  }
}
