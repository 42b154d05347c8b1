import { AiProviderError, type AiProviderErrorKind } from '@blocksmith/block-sdk';
import { startFakeOllama, type FakeOllama } from '../../../testing/fake-ollama-server';
import { mapOllamaError } from './map-ollama-error';
import { OllamaProvider } from './ollama-provider';
import type { OllamaProviderConfig } from './ollama-config';

// Every failure goes through the real SDK against the fake server, as in production.

let fake: FakeOllama;
let keyed: FakeOllama;

beforeAll(async () => {
  fake = await startFakeOllama();
  keyed = await startFakeOllama({ requireKey: true });
});

afterAll(async () => {
  await fake.close();
  await keyed.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  keyed.requests.length = 0;
});

function provider(config: Partial<OllamaProviderConfig> = {}) {
  return new OllamaProvider({ host: fake.url, maxRetries: 0, timeoutMs: 10_000, ...config });
}

const live = () => ({ signal: new AbortController().signal });

/** The error a text call with `model` fails with. */
async function failure(ai: OllamaProvider, model: string): Promise<AiProviderError> {
  try {
    for await (const piece of ai.streamText({ prompt: 'Hello', model }, live())) void piece;
  } catch (error) {
    expect(error).toBeInstanceOf(AiProviderError);
    return error as AiProviderError;
  }
  throw new Error('the call did not fail');
}

function expectError(error: AiProviderError, kind: AiProviderErrorKind, message: string) {
  expect({ kind: error.kind, message: error.message }).toEqual({ kind, message });
}

describe('Ollama errors', () => {
  it('a wrong key: rejected, naming where to fix it, without the key', async () => {
    const error = await failure(provider({ host: keyed.url, apiKey: 'wrong-key-1234' }), 'llama3.2:1b');
    expectError(
      error,
      'rejected',
      'Ollama refused the API key (401: unauthorized). Check OLLAMA_API_KEY or the key on the admin page (Admin -> AI providers).',
    );
    expect(error.message).not.toContain('wrong-key-1234');
    expect(keyed.requests[0]!.headers.authorization).toBe('Bearer wrong-key-1234');
  });

  it('the right key is sent as a bearer token on every request', async () => {
    const ai = provider({ host: keyed.url, apiKey: 'test-key' });
    await ai.listModels({ signal: new AbortController().signal });
    for await (const piece of ai.streamText({ prompt: 'Hi', model: 'llama3.2:1b' }, live())) void piece;
    expect(keyed.requests.length).toBeGreaterThan(2);
    expect(keyed.requests.every((r) => r.headers.authorization === 'Bearer test-key')).toBe(true);
  });

  it('a rate limit: rate_limited, with the retry-after the server gave', async () => {
    expectError(
      await failure(provider(), 'busy-model'),
      'rate_limited',
      'Ollama is limiting requests (429: too many requests); retry after 7 s.',
    );
  });

  it('a model the server does not have: rejected, naming the model', async () => {
    expectError(
      await failure(provider(), 'missing-model'),
      'rejected',
      `Ollama has no model "missing-model" (404: model 'missing-model' not found). Choose another model in the block's settings.`,
    );
  });

  it('an overloaded server: unavailable, after the retries', async () => {
    const error = await failure(provider({ maxRetries: 1 }), 'overloaded-model');
    expectError(
      error,
      'unavailable',
      'Ollama is overloaded or failing (503: server busy, please try again. maximum pending requests exceeded), also after 1 retry. Try again later.',
    );
    expect(fake.requests.filter((r) => r.path === '/api/chat')).toHaveLength(2);
  });

  it('a refused connection: unavailable, naming the host and OLLAMA_HOST', async () => {
    const gone = await startFakeOllama();
    await gone.close();
    const error = await failure(provider({ host: gone.url }), 'llama3.2:1b');
    expectError(
      error,
      'unavailable',
      `Ollama could not be reached at ${new URL(gone.url).host} (ECONNREFUSED). Check OLLAMA_HOST and that the server is running.`,
    );
  });

  it('a listing that fails is mapped the same way', async () => {
    const ai = provider({ host: keyed.url, apiKey: 'nope-nope' });
    await expect(ai.listModels({ signal: new AbortController().signal })).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Ollama refused the API key (401'),
    });
  });

  it('a server that does not start answering within the timeout: timeout', async () => {
    const ai = provider({
      timeoutMs: 200,
      // Never answers; gives up only when the request is aborted.
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })),
          ),
        ),
    });
    expectError(
      await failure(ai, 'llama3.2:1b'),
      'timeout',
      'Ollama did not answer within 0.2 s. Try again, or raise OLLAMA_TIMEOUT_MS if the model is slow to load.',
    );
  });

  it('a stop while waiting to retry ends the call at once', async () => {
    let answered!: () => void;
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    const ai = provider({
      maxRetries: 3,
      fetch: async (input, init) => {
        // The whole answer is read first, so the stop comes while waiting to retry.
        const response = await fetch(input, init);
        const body = await response.text();
        answered();
        return new Response(body, { status: response.status, headers: response.headers });
      },
    });
    const controller = new AbortController();
    const run = (async () => {
      for await (const piece of ai.streamText({ prompt: 'Hi', model: 'busy-model' }, controller)) void piece;
    })();
    await firstAnswer;
    controller.abort();
    await expect(run).rejects.toMatchObject({ kind: 'aborted', message: 'The run was stopped.' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('mapOllamaError', () => {
  const context = {
    signal: new AbortController().signal,
    timeoutMs: 1000,
    retries: 0,
    host: 'ollama.example:443',
  };
  const responseError = (message: string, status: number) =>
    Object.assign(new Error(message), { name: 'ResponseError', error: message, status_code: status });

  it('never lets the key through, even when a proxy echoes it back', () => {
    const error = mapOllamaError(responseError('bad token sk-proxy-secret', 403), {
      ...context,
      apiKey: 'sk-proxy-secret',
    });
    expect(error.message).toBe(
      'Ollama refused the API key (403: bad token [API key]). Check OLLAMA_API_KEY or the key on the admin page (Admin -> AI providers).',
    );
  });

  it('a rate limit without retry-after says to wait a minute', () => {
    expect(mapOllamaError(responseError('too many requests', 429), { ...context, retries: 2 }).message).toBe(
      'Ollama is limiting requests (429: too many requests), also after 2 retries; wait a minute and run again.',
    );
  });

  it('an error line in the middle of a stream is unavailable, with its text', () => {
    const error = mapOllamaError(new Error('an error was encountered while running the model'), context);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      'Ollama could not answer: an error was encountered while running the model. Try again later.',
    );
  });

  it('another refusal is rejected, with the server message', () => {
    expect(mapOllamaError(responseError('model is required', 400), context)).toMatchObject({
      kind: 'rejected',
      message: 'Ollama refused the request (400: model is required).',
    });
  });

  it('an abort is a stop', () => {
    const abort = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    expect(mapOllamaError(abort, context)).toMatchObject({
      kind: 'aborted',
      message: 'The run was stopped.',
    });
  });
});
