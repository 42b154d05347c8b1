import { AiProviderError } from '@blocksmith/block-sdk';
import { geminiSdk } from './gemini-sdk';
import { mapGeminiError, type GeminiErrorContext } from './map-gemini-error';

const { ApiError } = geminiSdk();

const context = (extra: Partial<GeminiErrorContext> = {}): GeminiErrorContext => ({
  signal: new AbortController().signal,
  timeoutMs: 60_000,
  maxRetries: 0,
  host: 'generativelanguage.googleapis.com',
  apiKey: 'AIza-secret-key',
  model: 'gemini-2.5-flash',
  ...extra,
});

/** As the SDK throws it: the service's error body as the message. */
const apiError = (status: number, error: Record<string, unknown>) =>
  new ApiError({ status, message: JSON.stringify({ error: { code: status, ...error } }) });

describe('mapGeminiError', () => {
  it('reads a 401 as a refused key, without the key the service echoed', () => {
    const error = mapGeminiError(
      apiError(401, { message: 'Key AIza-secret-key is not valid', status: 'UNAUTHENTICATED' }),
      context(),
    );
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({
      kind: 'rejected',
      message:
        'Google Gemini refused the API key (401: Key [API key] is not valid). Check GEMINI_API_KEY or the key on the admin page (Admin -> AI providers).',
    });
  });

  it("takes the wait from the body's RetryInfo when no retry-after header came", () => {
    const error = mapGeminiError(
      apiError(429, {
        message: 'Quota exceeded',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12.5s' }],
      }),
      context({ maxRetries: 2 }),
    );
    expect(error).toMatchObject({
      kind: 'rate_limited',
      message:
        'Google Gemini is limiting requests (429: Quota exceeded), also after 2 retries; retry after 13 s.',
    });
  });

  it('advises waiting when the service says nothing about when to retry', () => {
    expect(mapGeminiError(apiError(429, { message: 'Slow down' }), context()).message).toBe(
      'Google Gemini is limiting requests (429: Slow down); wait a minute and run again.',
    );
  });

  it('reads an error sent inside a stream', () => {
    const body = { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } };
    const error = mapGeminiError(
      new ApiError({ status: 500, message: `got status: INTERNAL. ${JSON.stringify(body)}` }),
      context(),
    );
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Google Gemini is unavailable (500: Internal error encountered.). Try again later.',
    });
  });

  it('passes other refusals on with the service message', () => {
    const error = mapGeminiError(
      apiError(400, { message: '* GenerateContentRequest.contents: contents is not specified\n' }),
      context(),
    );
    expect(error).toMatchObject({
      kind: 'rejected',
      message:
        'Google Gemini refused the request (400: * GenerateContentRequest.contents: contents is not specified).',
    });
  });

  it('reads a stopped run as aborted, and an abort nobody asked for as the timeout', () => {
    const controller = new AbortController();
    controller.abort();
    const abort = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    expect(mapGeminiError(abort, context({ signal: controller.signal }))).toMatchObject({ kind: 'aborted' });
    const wrapped = new Error('exception AbortError sending request', { cause: abort });
    expect(mapGeminiError(wrapped, context({ timeoutMs: 1500 }))).toMatchObject({
      kind: 'timeout',
      message: 'Google Gemini did not answer within 1.5 s.',
    });
  });

  it('names the host and the network error of a service that cannot be reached', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ENOTFOUND' }),
    });
    expect(mapGeminiError(refused, context())).toMatchObject({
      kind: 'unavailable',
      message:
        'Google Gemini could not be reached at generativelanguage.googleapis.com (ENOTFOUND). Check GEMINI_BASE_URL and that the server is running.',
    });
  });

  it("reads fetch's own failure without a system error under it as a service that cannot be reached", () => {
    expect(mapGeminiError(new TypeError('fetch failed'), context())).toMatchObject({
      kind: 'unavailable',
      message:
        'Google Gemini could not be reached at generativelanguage.googleapis.com. Check GEMINI_BASE_URL and that the server is running.',
    });
  });

  it('keeps an AiProviderError as it is, and reads anything else as an unreadable answer', () => {
    const own = new AiProviderError('rejected', 'Already clear.');
    expect(mapGeminiError(own, context())).toBe(own);
    expect(mapGeminiError(new Error('Unexpected token < in JSON'), context())).toMatchObject({
      kind: 'unavailable',
      message: 'Google Gemini answered in a way that could not be read: Unexpected token < in JSON',
    });
  });
});
