import { fnvHash } from '@blocksmith/block-sdk';

/** The model name the offline provider's vectors carry. */
export const OFFLINE_EMBEDDING_MODEL = 'offline-embedding';

/** Dimensions of an offline vector. */
export const OFFLINE_EMBEDDING_DIMENSIONS = 256;

const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how i in is it its of on or our that the their this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** A word without its commonest English endings, so "refunds" and "refunded" meet. */
function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/u, '').slice(0, 12) || word;
}

/**
 * A deterministic vector of `text` made without any model: its words (lower-cased, stemmed, stop
 * words left out) hashed into `OFFLINE_EMBEDDING_DIMENSIONS` buckets with a hashed sign, scaled
 * to length 1. Texts sharing words point the same way, so a question finds the passage that uses
 * its words; it knows nothing of synonyms. An empty text is the zero vector.
 */
export function offlineEmbedding(text: string): number[] {
  const vector = new Array<number>(OFFLINE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP_WORDS.has(word)) continue;
    const hash = fnvHash(stem(word));
    vector[hash % OFFLINE_EMBEDDING_DIMENSIONS]! += hash & 0x80000000 ? -1 : 1;
  }
  const length = Math.hypot(...vector);
  return length === 0 ? vector : vector.map((x) => x / length);
}
