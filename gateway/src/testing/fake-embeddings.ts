import { offlineEmbedding } from '../providers/ai/offline-embedding';

/**
 * The vectors the fake vendors' embedding endpoints answer: computed from the text (hashed words,
 * as the offline provider makes them), so a question finds the passage that shares its words.
 */
export function fakeEmbedding(text: string): number[] {
  return offlineEmbedding(text);
}

/** The model names the fakes refuse as having no embeddings (a chat model). */
export const NOT_AN_EMBEDDING_MODEL = 'gpt-4o-mini';
