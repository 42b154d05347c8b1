import { BLOCK_CATEGORIES, type BlockCatalogueEntry, type BlockCategory } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { CatalogueStore } from './catalogue-store';

/** Case-insensitive substring match on a block's name, description and id. */
export function matchesBlock(entry: BlockCatalogueEntry, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return [entry.name, entry.description, entry.id].some((text) => text.toLowerCase().includes(needle));
}

/** The AI blocks the full-screen 'Add Node' panel offers. */
export const ADD_NODE_AI_KINDS: readonly string[] = [
  'textGeneration',
  'classification',
  'extraction',
  'rewriting',
  'comparison',
  'imageGenerator',
];

export interface PaletteSection {
  category: BlockCategory;
  entries: BlockCatalogueEntry[];
  open: boolean;
}

/** Search results grouped Input, AI Logic, Output. */
export function groupMatches(
  byCategory: Record<BlockCategory, BlockCatalogueEntry[]>,
  term: string,
  include: (entry: BlockCatalogueEntry) => boolean = () => true,
): Array<{ category: BlockCategory; entries: BlockCatalogueEntry[] }> {
  return BLOCK_CATEGORIES.map((category) => ({
    category,
    entries: byCategory[category].filter((entry) => include(entry) && matchesBlock(entry, term)),
  }));
}

/** The sidebar's block palette: search, collapsible sections (a search opens sections with matches). */
export class PaletteStore {
  search = '';
  collapsed: ReadonlySet<BlockCategory> = new Set();
  addNodeSearch = '';

  constructor(private readonly catalogue: CatalogueStore) {
    makeObservable(this, {
      search: observable,
      collapsed: observableRef,
      addNodeSearch: observable,
      sections: computed,
      noMatches: computed,
      addNodeSections: computed,
      setSearch: action,
      clearSearch: action,
      toggleSection: action,
      setAddNodeSearch: action,
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

  /** A search term is set and no block matches it. */
  get noMatches(): boolean {
    return this.search.trim() !== '' && this.sections.every((section) => section.entries.length === 0);
  }

  get addNodeSections(): Array<{ category: BlockCategory; entries: BlockCatalogueEntry[] }> {
    return groupMatches(
      this.catalogue.byCategory,
      this.addNodeSearch,
      (entry) => entry.category !== 'ai' || ADD_NODE_AI_KINDS.includes(entry.id),
    ).filter((section) => section.entries.length > 0);
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
}
