import {
  blockResults,
  resultItems,
  type BlockCatalogueEntry,
  type ResultDeclaration,
  type ResultItem,
} from '@blocksmith/schema';

/**
 * The result display's reading of a block's outputs (spec, 'Result display'): each block's
 * catalogue entry declares its results from the closed set of views in `@blocksmith/schema`, and
 * the outputs are read through those declarations alone. A value that does not have the declared
 * shape is shown as data, so an unexpected answer is shown rather than dropped or crashing the page.
 */

export type { ResultItem, ResultPart } from '@blocksmith/schema';

/** How many entries of a list (cards, recommendations) the preview shows before 'Show all'. */
export const PREVIEW_COUNT = 3;

/** The results a block kind declares; none for a kind the catalogue does not know. */
export function declaredResults(entry: BlockCatalogueEntry | undefined): ResultDeclaration[] {
  if (!entry) return [];
  return entry.present ? [...entry.present] : blockResults(entry);
}

/** What one block's outputs show, in the order its kind declares them. */
export function blockResultItems(
  entry: BlockCatalogueEntry | undefined,
  outputs: Readonly<Record<string, unknown>>,
): ResultItem[] {
  return resultItems(declaredResults(entry), outputs);
}

/** The outputs a block's results show, so the rest can be listed as data. */
export function shownOutputs(items: readonly ResultItem[]): Set<string> {
  return new Set(items.map((item) => item.output));
}

/**
 * Text a block is streaming, drawn as its first text result will be (Markdown when that result
 * is), under that result's title.
 */
export function liveResultItem(entry: BlockCatalogueEntry | undefined, text: string): ResultItem {
  const declared = declaredResults(entry);
  const textual = declared.find(
    (result) => result.views[0]?.view === 'markdown' || result.views[0]?.view === 'text',
  );
  const output = textual?.output ?? entry?.outputs[0]?.name ?? '';
  return {
    output,
    title: textual?.title ?? entry?.name ?? output,
    parts: [{ view: textual?.views[0]?.view === 'markdown' ? 'markdown' : 'text', text }],
    copyText: text,
    download: null,
    fallback: false,
  };
}
