import { citedPieces, type CitedSource, type ResultItem } from '@blocksmith/schema';

/** The citable a run's results show, by number (the first result's when numbers repeat). */
export function sourcesOf(items: readonly ResultItem[]): ReadonlyMap<number, CitedSource> {
  const citable = new Map<number, CitedSource>();
  for (const part of items.flatMap((item) => item.parts)) {
    if (part.view !== 'cited') continue;
    for (const source of part.cited) if (!citable.has(source.number)) citable.set(source.number, source);
  }
  return citable;
}

/** The element id of a source in its list, for links to it. */
export const sourceAnchor = (number: number) => `source-${number}`;

/** Markdown text with each citation made a link to `#source-n`, for the markdown renderer's links. */
export function markdownWithCitations(text: string, numbers: ReadonlySet<number>): string {
  if (numbers.size === 0) return text;
  return citedPieces(text, numbers)
    .map((piece) => ('cite' in piece ? `[\\[${piece.cite}\\]](#${sourceAnchor(piece.cite)})` : piece.text))
    .join('');
}
