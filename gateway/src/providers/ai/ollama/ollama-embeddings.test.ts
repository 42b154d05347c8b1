import { AiProviderError } from '@blocksmith/block-sdk';
import { fakeEmbedding } from '../../../testing/fake-embeddings';
import { startFakeOllama, type FakeOllama } from '../../../testing/fake-ollama-server';
import { ollamaConfigFrom } from './ollama-config';
import { OllamaProvider } from './ollama-provider';

// Embeddings through the `ollama` client against the fake Ollama server's /api/embed.

let fake: FakeOllama;

beforeAll(async () => {
  fake = await startFakeOllama();
});

afterAll(() => fake.close());

const live = () => ({ signal: new AbortController().signal });

describe('OllamaProvider.embed', () => {
  it('makes no vectors without an embedding model configured', () => {
    expect(new OllamaProvider({ host: fake.url }).embed).toBeUndefined();
    expect(
      ollamaConfigFrom({ OLLAMA_HOST: fake.url, OLLAMA_EMBEDDING_MODEL: 'nomic-embed-text' }),
    ).toMatchObject({
      embeddingModel: 'nomic-embed-text',
    });
  });

  it('answers one vector per text, in order, from the configured model', async () => {
    const provider = new OllamaProvider({
      host: fake.url,
      embeddingModel: 'nomic-embed-text',
      maxRetries: 0,
    });
    const texts = ['Items are refunded within 30 days.', 'The office opens at 7:30.'];
    expect(await provider.embed!({ texts }, live())).toEqual({
      model: 'nomic-embed-text',
      vectors: texts.map(fakeEmbedding),
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/embed',
      body: { model: 'nomic-embed-text', input: texts },
    });
  });

  it('says so when the model is not pulled', async () => {
    const provider = new OllamaProvider({
      host: fake.url,
      embeddingModel: 'mxbai-embed-large',
      maxRetries: 0,
    });
    const refused = provider.embed!({ texts: ['a'] }, live());
    await expect(refused).rejects.toBeInstanceOf(AiProviderError);
    await expect(refused).rejects.toThrow(/mxbai-embed-large/);
  });
});
