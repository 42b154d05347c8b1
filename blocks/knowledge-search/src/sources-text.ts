import type { KnowledgePassage } from '@blocksmith/block-sdk';

/** A passage as the block gives it on: numbered for citations, with its source in words. */
export interface NumberedPassage extends KnowledgePassage {
  /** 1 for the first: what an answer cites as [1]. */
  number: number;
  /** `returns.md, passage 3`. */
  source: string;
  /** `[2] returns.md, passage 3`: how an answer cites it, and the title of its card. */
  citation: string;
}

export function numbered(passages: readonly KnowledgePassage[]): NumberedPassage[] {
  return passages.map((passage, i) => {
    const source = `${passage.documentName}, passage ${passage.chunk + 1}`;
    return { number: i + 1, source, citation: `[${i + 1}] ${source}`, ...passage };
  });
}

/**
 * The passages as one text for a prompt (`{{sources}}` in Text Generation): each under its number
 * and source, so the model can cite them as [1], [2].
 */
export function sourcesText(passages: readonly NumberedPassage[]): string {
  return passages.map((p) => `${p.citation}\n${p.text.trim()}`).join('\n\n');
}
