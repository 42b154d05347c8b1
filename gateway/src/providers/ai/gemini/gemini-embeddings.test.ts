import { AiProviderError } from '@blocksmith/block-sdk';
import { fakeEmbedding } from '../../../testing/fake-embeddings';
import { FAKE_GEMINI_KEY, startFakeGemini, type FakeGemini } from '../../../testing/fake-gemini-server';
import { geminiConfigFrom } from './gemini-config';
import { GeminiProvider } from './gemini-provider';

// Embeddings through Google's Gen AI SDK against the fake Gemini API's batchEmbedContents.

let fake: FakeGemini;

beforeAll(async () => {
  fake = await startFakeGemini();
});

afterAll(() => fake.close());

const provider = (embeddingModel?: string) =>
  new GeminiProvider({
    apiKey: FAKE_GEMINI_KEY,
    baseUrl: fake.url,
    maxRetries: 0,
    timeoutMs: 10_000,
    ...(embeddingModel ? { embeddingModel } : {}),
  });

describe('GeminiProvider.embed', () => {
  it('answers one vector per text, in order, from the embedding model', async () => {
    const texts = ['Items are refunded within 30 days.', 'The office opens at 7:30.'];
    const made = await provider().embed({ texts }, { signal: new AbortController().signal });
    expect(made).toEqual({ model: 'gemini-embedding-001', vectors: texts.map(fakeEmbedding) });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1beta/models/gemini-embedding-001:batchEmbedContents',
    });
  });

  it('takes GEMINI_EMBEDDING_MODEL, and says so when the model makes no embeddings', async () => {
    expect(
      geminiConfigFrom({ GEMINI_API_KEY: 'k', GEMINI_EMBEDDING_MODEL: 'text-embedding-004' }),
    ).toMatchObject({
      embeddingModel: 'text-embedding-004',
    });
    const refused = provider('gemini-2.5-flash').embed(
      { texts: ['a'] },
      { signal: new AbortController().signal },
    );
    await expect(refused).rejects.toBeInstanceOf(AiProviderError);
    await expect(refused).rejects.toThrow(/gemini-2\.5-flash/);
  });
});
