import type { KnowledgePassage } from '@blocksmith/block-sdk';

/** A passage as the block gives it on: numbered for citations, with its source in words. */
export interface NumberedPassage extends KnowledgePassage {
  /** 1 for the first: what an answer cites as [1]. */
  number: number;
  /** `returns.md, passage 3`. */
  source: string;
}

export function numbered(passages: readonly KnowledgePassage[]): NumberedPassage[] {
  return passages.map((passage, i) => ({
    number: i + 1,
    source: `${passage.documentName}, passage ${passage.chunk + 1}`,
    ...passage,
  }));
}

/**
 * The passages as one text for a prompt (`{{sources}}` in Text Generation): each under its number
 * and source, so the model can cite them as [1], [2].
 */
export function sourcesText(passages: readonly NumberedPassage[]): string {
  return passages.map((p) => `[${p.number}] ${p.source}\n${p.text.trim()}`).join('\n\n');
}
