import {
  CREATOR_PRICE_TYPE,
  actionLabel,
  formatCredits,
  type BlockCatalogueEntry,
  type CreditHistoryEntry,
} from '@blocksmith/schema';
import { EARNINGS } from '../texts/earnings-texts';
import { formatWhen } from '../texts/run-history-texts';
import type { CatalogueStore } from './catalogue-store';

/** One line of credit usage as the panel and the history page show it. */
export interface UsageRow {
  id: string;
  /** 'Test' (a run from the builder) or 'Published' (spec). */
  action: string;
  published: boolean;
  /** The block kind's name from the catalogue (its history name when the catalogue lacks it). */
  block: string;
  /** 'N credit(s)' (spec). */
  credits: string;
  when: string;
  /** ISO time, for the `<time>` element. */
  at: string;
}

/**
 * The catalogue's block names by their history name (`text_generation` -> 'Text AI'), and the
 * creator's price a run of someone else's app paid ('Creator’s price').
 */
export function blockNamesByHistoryType(entries: readonly BlockCatalogueEntry[]): Map<string, string> {
  return new Map([
    ...entries.flatMap((entry): [string, string][] =>
      entry.historyType ? [[entry.historyType, entry.name]] : [],
    ),
    [CREATOR_PRICE_TYPE, EARNINGS.creatorPriceEntry],
  ]);
}

/**
 * The names to show usage with, or null while the catalogue is still being read: a row shows the
 * block's name from the start rather than its history name ('text_generation') for a moment. A
 * catalogue that could not be read falls back to the history names.
 */
export function usageNamesOnceRead(catalogue: CatalogueStore): Map<string, string> | null {
  if (catalogue.state === 'idle' || catalogue.state === 'loading') return null;
  return blockNamesByHistoryType(catalogue.entries);
}

export function usageRow(entry: CreditHistoryEntry, names: ReadonlyMap<string, string>): UsageRow {
  return {
    id: entry._id,
    action: actionLabel(entry.action_type),
    published: entry.action_type !== 'test_execution',
    block: names.get(entry.block_type) ?? entry.block_type,
    credits: formatCredits(entry.credits_used),
    when: formatWhen(entry.timestamp),
    at: entry.timestamp,
  };
}
