import { anthropicConfigFrom } from './anthropic-config';

describe('anthropicConfigFrom', () => {
  it('is off without ANTHROPIC_API_KEY, and an empty key counts as unset', () => {
    expect(anthropicConfigFrom({})).toBeUndefined();
    expect(
      anthropicConfigFrom({ ANTHROPIC_API_KEY: '  ', ANTHROPIC_TEXT_MODEL: 'claude-haiku-4-5' }),
    ).toBeUndefined();
  });

  it('takes the key alone, leaving every default to the provider', () => {
    expect(anthropicConfigFrom({ ANTHROPIC_API_KEY: 'sk-ant-1' })).toEqual({ apiKey: 'sk-ant-1' });
  });

  it('reads every variable', () => {
    expect(
      anthropicConfigFrom({
        ANTHROPIC_API_KEY: ' sk-ant-1 ',
        ANTHROPIC_BASE_URL: 'http://localhost:8080',
        ANTHROPIC_TEXT_MODEL: 'claude-haiku-4-5',
        ANTHROPIC_TIMEOUT_MS: '120000',
        ANTHROPIC_MAX_RETRIES: '0',
        ANTHROPIC_MAX_TOKENS: '8192',
      }),
    ).toEqual({
      apiKey: 'sk-ant-1',
      baseURL: 'http://localhost:8080',
      textModel: 'claude-haiku-4-5',
      timeoutMs: 120_000,
      maxRetries: 0,
      maxTokens: 8192,
    });
  });

  it.each([
    [{ ANTHROPIC_BASE_URL: 'api.anthropic.com' }, 'ANTHROPIC_BASE_URL must be a URL'],
    [
      { ANTHROPIC_BASE_URL: 'ftp://api.anthropic.com' },
      'ANTHROPIC_BASE_URL must start with http:// or https://',
    ],
    [
      { ANTHROPIC_BASE_URL: 'https://api.anthropic.com/v1' },
      "ANTHROPIC_BASE_URL is the API's root without /v1",
    ],
    [{ ANTHROPIC_TEXT_MODEL: 'claude sonnet' }, 'ANTHROPIC_TEXT_MODEL must be a model id'],
    [
      { ANTHROPIC_TIMEOUT_MS: 'soon' },
      'ANTHROPIC_TIMEOUT_MS must be a whole number of at least 1, got "soon".',
    ],
    [{ ANTHROPIC_TIMEOUT_MS: '0' }, 'ANTHROPIC_TIMEOUT_MS must be a whole number of at least 1'],
    [{ ANTHROPIC_MAX_RETRIES: '-1' }, 'ANTHROPIC_MAX_RETRIES must be a whole number, got "-1".'],
    [{ ANTHROPIC_MAX_TOKENS: '1.5' }, 'ANTHROPIC_MAX_TOKENS must be a whole number of at least 1'],
  ])('refuses %j, naming the variable, even before a key is set', (env, message) => {
    expect(() => anthropicConfigFrom(env)).toThrow(message);
    expect(() => anthropicConfigFrom({ ...env, ANTHROPIC_API_KEY: 'sk-ant-1' })).toThrow(message);
  });
});
