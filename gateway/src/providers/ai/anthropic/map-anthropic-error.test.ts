import { APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import { mapAnthropicError, type AnthropicErrorContext } from './map-anthropic-error';

const context = (over: Partial<AnthropicErrorContext> = {}): AnthropicErrorContext => ({
  signal: new AbortController().signal,
  timeoutMs: 60_000,
  maxRetries: 0,
  host: 'api.anthropic.com',
  apiKey: 'sk-ant-secret-key',
  ...over,
});

/** An error as the SDK makes it from a response: status, the vendor's error body, headers. */
function apiError(
  status: number | undefined,
  type: string,
  message: string,
  headers: Record<string, string> = {},
) {
  const body = { type: 'error', error: { type, message } };
  return status === undefined
    ? new APIError(undefined, body, undefined, new Headers(headers), type as 'overloaded_error')
    : APIError.generate(status, body, undefined, new Headers(headers));
}

describe('mapAnthropicError', () => {
  it('keeps an AiProviderError as it is', () => {
    const error = new AiProviderError('rejected', 'Already explained.');
    expect(mapAnthropicError(error, context())).toBe(error);
  });

  it('reads a refused key (401 or 403), never repeating the key', () => {
    const error = mapAnthropicError(
      apiError(403, 'permission_error', 'Key sk-ant-secret-key may not use this'),
      context(),
    );
    expect(error).toMatchObject({ kind: 'rejected' });
    expect(error.message).toBe(
      'Anthropic refused the API key (403: Key [API key] may not use this). Check ANTHROPIC_API_KEY or the key on the admin page (Admin -> AI providers).',
    );
  });

  it('reads rate limiting with and without a retry-after header', () => {
    expect(
      mapAnthropicError(apiError(429, 'rate_limit_error', 'Slow down', { 'retry-after': '12' }), context())
        .message,
    ).toBe('Anthropic is limiting requests (429: Slow down); retry after 12 s.');
    const plain = mapAnthropicError(
      apiError(429, 'rate_limit_error', 'Slow down'),
      context({ maxRetries: 2 }),
    );
    expect(plain).toMatchObject({ kind: 'rate_limited' });
    expect(plain.message).toBe(
      'Anthropic is limiting requests (429: Slow down), also after 2 retries; wait a minute and run again.',
    );
  });

  it('reads an error the service sends in the middle of a stream by its type', () => {
    expect(mapAnthropicError(apiError(undefined, 'overloaded_error', 'Overloaded'), context())).toMatchObject(
      {
        kind: 'unavailable',
        message: 'Anthropic is unavailable or overloaded (overloaded_error: Overloaded). Try again later.',
      },
    );
    expect(mapAnthropicError(apiError(undefined, 'rate_limit_error', 'Too many'), context())).toMatchObject({
      kind: 'rate_limited',
    });
  });

  it('reads a 404 about something else than the model, and other refusals, as rejected with the vendor message', () => {
    expect(
      mapAnthropicError(apiError(404, 'not_found_error', 'Not found'), context({ model: 'x' })).message,
    ).toBe('Anthropic refused the request (404: Not found).');
    expect(
      mapAnthropicError(apiError(400, 'invalid_request_error', 'messages: Field required'), context()),
    ).toMatchObject({
      kind: 'rejected',
      message: 'Anthropic refused the request (400: messages: Field required).',
    });
  });

  it('reads timeouts and aborts', () => {
    expect(
      mapAnthropicError(new APIConnectionTimeoutError(), context({ timeoutMs: 1500, maxRetries: 1 })).message,
    ).toBe(
      'Anthropic did not answer within 1.5 s, also after 1 retry. Try again later, or raise ANTHROPIC_TIMEOUT_MS.',
    );
    expect(mapAnthropicError(new APIUserAbortError(), context())).toMatchObject({ kind: 'aborted' });
    const stopped = new AbortController();
    stopped.abort();
    expect(mapAnthropicError(new Error('whatever'), context({ signal: stopped.signal }))).toMatchObject({
      kind: 'aborted',
    });
  });

  it('reads anything else as unavailable, without the key', () => {
    const error = mapAnthropicError(new Error('bad sk-ant-secret-key chunk'), context());
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.message).toBe(
      'Anthropic answered in a way that could not be read: bad [API key] chunk. Try again later.',
    );
  });
});
