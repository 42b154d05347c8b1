import { ModelRouter } from './model-router';
import { OfflineProvider } from './offline-provider';
import { OFFLINE_EMBEDDING_DIMENSIONS, OFFLINE_EMBEDDING_MODEL, offlineEmbedding } from './offline-embedding';

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('offline embeddings', () => {
  it('are deterministic unit vectors that bring texts sharing words together', () => {
    const refund = offlineEmbedding('Items are refunded within 30 days.');
    expect(refund).toHaveLength(OFFLINE_EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...refund)).toBeCloseTo(1, 10);
    expect(offlineEmbedding('Items are refunded within 30 days.')).toEqual(refund);
    const question = offlineEmbedding('When is an item refunded?');
    const other = offlineEmbedding('The office opens at half past seven.');
    expect(cosine(question, refund)).toBeGreaterThan(cosine(question, other) + 0.2);
    expect(offlineEmbedding('the of and').every((x) => x === 0)).toBe(true);
  });

  it('are what the offline provider, and a router over it, answer', async () => {
    const signal = new AbortController().signal;
    const made = await new OfflineProvider().embed({ texts: ['a refund', 'shipping'] }, { signal });
    expect(made).toEqual({
      model: OFFLINE_EMBEDDING_MODEL,
      vectors: [offlineEmbedding('a refund'), offlineEmbedding('shipping')],
    });
    const router = new ModelRouter({ providers: [new OfflineProvider()] });
    expect(router.embeds).toBe(true);
    expect(await router.embed({ texts: ['a refund'] }, { signal })).toEqual({
      model: OFFLINE_EMBEDDING_MODEL,
      vectors: [offlineEmbedding('a refund')],
    });
  });
});
