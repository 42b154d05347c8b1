import { APIError } from 'openai';
import { mapOpenAiError } from './map-openai-error';

const context = (host: string) => ({
  signal: new AbortController().signal,
  timeoutMs: 60_000,
  maxRetries: 0,
  host,
  apiKey: 'sk-secret-key-1234',
});

describe('mapOpenAiError', () => {
  const refused = () =>
    APIError.generate(
      401,
      { error: { message: 'Incorrect API key provided: sk-secret-key-1234' } },
      undefined,
      new Headers(),
    );

  it('names OpenAI, says where to check the key, and never shows it', () => {
    const mapped = mapOpenAiError(refused(), context('api.openai.com'));
    expect(mapped.kind).toBe('rejected');
    expect(mapped.message).toBe(
      'OpenAI refused the credentials (401: Incorrect API key provided: [API key]). Check OPENAI_API_KEY or the key on the admin page (Admin -> AI providers).',
    );
  });

  it('names an OpenAI-compatible server as such, not as OpenAI', () => {
    expect(mapOpenAiError(refused(), context('localhost:11434')).message).toMatch(
      /^The OpenAI-compatible AI service refused the credentials/,
    );
  });
});
