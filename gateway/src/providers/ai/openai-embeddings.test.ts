import { AiProviderError, type AiUsage } from '@blocksmith/block-sdk';
import { fakeEmbedding } from '../../testing/fake-embeddings';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai-server';
import { OpenAiProvider } from './openai-provider';

// Embeddings through the real `openai` SDK against the fake OpenAI API's /v1/embeddings.

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});

afterAll(() => fake.close());

const provider = (embeddingModel?: string) =>
  new OpenAiProvider({
    apiKey: 'test-key',
    baseURL: `${fake.url}/v1`,
    maxRetries: 0,
    timeoutMs: 10_000,
    ...(embeddingModel ? { embeddingModel } : {}),
  });

describe('OpenAiProvider.embed', () => {
  it('answers one vector per text, in order, from the embedding model, with its usage', async () => {
    const used: AiUsage[] = [];
    const made = await provider().embed(
      { texts: ['Items are refunded within 30 days.', 'The office opens at 7:30.'] },
      { signal: new AbortController().signal, onUsage: (usage) => used.push(usage) },
    );
    expect(made.model).toBe('text-embedding-3-small');
    expect(made.vectors).toHaveLength(2);
    made.vectors.forEach((vector, i) => {
      const expected = fakeEmbedding(
        i === 0 ? 'Items are refunded within 30 days.' : 'The office opens at 7:30.',
      );
      vector.forEach((x, j) => expect(x).toBeCloseTo(expected[j]!, 12));
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/embeddings',
      body: {
        model: 'text-embedding-3-small',
        input: ['Items are refunded within 30 days.', 'The office opens at 7:30.'],
      },
    });
    expect(used).toEqual([
      { model: 'text-embedding-3-small', promptTokens: expect.any(Number), totalTokens: expect.any(Number) },
    ]);
  });

  it('uses the configured embedding model, and says so when the server has none of that name', async () => {
    const made = await provider('text-embedding-3-large').embed(
      { texts: ['a'] },
      { signal: new AbortController().signal },
    );
    expect(made.model).toBe('text-embedding-3-large');
    const refused = provider('gpt-4o-mini').embed({ texts: ['a'] }, { signal: new AbortController().signal });
    await expect(refused).rejects.toBeInstanceOf(AiProviderError);
    await expect(refused).rejects.toThrow(/gpt-4o-mini/);
  });
});
