import type { CreditHistoryEntry, CreditStats } from '@blocksmith/schema';
import { action, computed, makeObservable, observableRef, runInAction } from 'mobx';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { CREDIT_USAGE } from '../texts/run-history-texts';
import type { CatalogueStore } from './catalogue-store';
import { usageNamesOnceRead, usageRow, type UsageRow } from './credit-usage';
import { CursorPager } from './cursor-pager';

/** Entries a page of the credits history shows. */
export const CREDIT_HISTORY_PAGE_SIZE = 20;

/** The credits history page (/credits): every charge, a page at a time, and the totals. */
export class CreditHistoryStore {
  readonly pages: CursorPager<CreditHistoryEntry>;
  stats: CreditStats | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly catalogue: CatalogueStore,
  ) {
    this.pages = new CursorPager(async (cursor) => {
      const page = await api.creditHistoryPage(CREDIT_HISTORY_PAGE_SIZE, cursor);
      return { items: page.entries, nextCursor: page.nextCursor };
    }, CREDIT_USAGE.failed);
    makeObservable(this, { stats: observableRef, rows: computed, open: action });
  }

  /** The page's rows, or null while the catalogue that names their blocks is still being read. */
  get rows(): UsageRow[] | null {
    const names = usageNamesOnceRead(this.catalogue);
    return names && this.pages.items.map((entry) => usageRow(entry, names));
  }

  /** Reads the newest page and the totals. */
  async open(): Promise<void> {
    void this.catalogue.load();
    void this.api.creditStats().then(
      (stats) => runInAction(() => (this.stats = stats)),
      (error: unknown) => console.warn('Credit totals could not be read.', error),
    );
    await this.pages.first();
  }
}
