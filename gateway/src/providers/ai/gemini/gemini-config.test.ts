import { geminiConfigFrom } from './gemini-config';

describe('geminiConfigFrom', () => {
  it('is off without GEMINI_API_KEY (empty counts as unset)', () => {
    expect(geminiConfigFrom({})).toBeUndefined();
    expect(geminiConfigFrom({ GEMINI_API_KEY: '  ', GEMINI_TEXT_MODEL: 'gemini-2.5-pro' })).toBeUndefined();
  });

  it('takes the key alone, leaving the defaults to the provider', () => {
    expect(geminiConfigFrom({ GEMINI_API_KEY: ' AIza-key ' })).toEqual({ apiKey: 'AIza-key' });
  });

  it('reads every variable', () => {
    expect(
      geminiConfigFrom({
        GEMINI_API_KEY: 'AIza-key',
        GEMINI_BASE_URL: 'http://127.0.0.1:8089',
        GEMINI_TEXT_MODEL: 'gemini-2.5-pro',
        GEMINI_IMAGE_MODEL: 'gemini-3-pro-image-preview',
        GEMINI_TIMEOUT_MS: '120000',
        GEMINI_MAX_RETRIES: '0',
      }),
    ).toEqual({
      apiKey: 'AIza-key',
      baseUrl: 'http://127.0.0.1:8089',
      textModel: 'gemini-2.5-pro',
      imageModel: 'gemini-3-pro-image-preview',
      timeoutMs: 120000,
      maxRetries: 0,
    });
  });

  it.each([
    ['GEMINI_BASE_URL', 'not a url', 'GEMINI_BASE_URL must be a URL'],
    ['GEMINI_BASE_URL', 'ftp://example.com', 'GEMINI_BASE_URL must start with http:// or https://'],
    ['GEMINI_TIMEOUT_MS', 'soon', 'GEMINI_TIMEOUT_MS must be a whole number of at least 1, got "soon".'],
    ['GEMINI_TIMEOUT_MS', '0', 'GEMINI_TIMEOUT_MS must be a whole number of at least 1'],
    ['GEMINI_MAX_RETRIES', '-1', 'GEMINI_MAX_RETRIES must be a whole number, got "-1".'],
    ['GEMINI_MAX_RETRIES', '1.5', 'GEMINI_MAX_RETRIES must be a whole number'],
    ['GEMINI_IMAGE_MODEL', 'imagen-4.0-generate-001', 'GEMINI_IMAGE_MODEL must be a Gemini image model'],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => geminiConfigFrom({ GEMINI_API_KEY: 'AIza-key', [name]: value })).toThrow(message);
  });

  it('checks nothing else while the provider is off', () => {
    expect(geminiConfigFrom({ GEMINI_TIMEOUT_MS: 'soon' })).toBeUndefined();
  });
});
