import { ollamaConfigFrom, ollamaHost } from './ollama-config';

describe('ollamaConfigFrom', () => {
  it('is off without OLLAMA_HOST (an empty value counts as unset)', () => {
    expect(ollamaConfigFrom({})).toBeUndefined();
    expect(ollamaConfigFrom({ OLLAMA_HOST: '  ', OLLAMA_TEXT_MODEL: 'llama3.2' })).toBeUndefined();
  });

  it('reads the host alone, leaving every other setting to its default', () => {
    expect(ollamaConfigFrom({ OLLAMA_HOST: 'http://localhost:11434' })).toEqual({
      host: 'http://localhost:11434',
    });
  });

  it('reads every variable', () => {
    expect(
      ollamaConfigFrom({
        OLLAMA_HOST: 'https://ollama.example.com/',
        OLLAMA_API_KEY: ' proxy-key ',
        OLLAMA_TEXT_MODEL: 'llama3.2:1b',
        OLLAMA_TIMEOUT_MS: '180000',
        OLLAMA_MAX_RETRIES: '0',
      }),
    ).toEqual({
      host: 'https://ollama.example.com',
      apiKey: 'proxy-key',
      textModel: 'llama3.2:1b',
      timeoutMs: 180000,
      maxRetries: 0,
    });
  });

  it('refuses bad numbers, naming the variable', () => {
    expect(() => ollamaConfigFrom({ OLLAMA_HOST: 'localhost', OLLAMA_TIMEOUT_MS: 'soon' })).toThrow(
      'OLLAMA_TIMEOUT_MS must be a whole number of at least 1, got "soon".',
    );
    expect(() => ollamaConfigFrom({ OLLAMA_HOST: 'localhost', OLLAMA_TIMEOUT_MS: '0' })).toThrow(
      /OLLAMA_TIMEOUT_MS/,
    );
    expect(() => ollamaConfigFrom({ OLLAMA_HOST: 'localhost', OLLAMA_MAX_RETRIES: '-1' })).toThrow(
      'OLLAMA_MAX_RETRIES must be a whole number, got "-1".',
    );
  });
});

describe('ollamaHost', () => {
  it('takes the forms Ollama itself takes', () => {
    expect(ollamaHost('http://localhost:11434')).toBe('http://localhost:11434');
    expect(ollamaHost('localhost')).toBe('http://localhost:11434');
    expect(ollamaHost('gpu-box:8080')).toBe('http://gpu-box:8080');
    expect(ollamaHost(':11500')).toBe('http://127.0.0.1:11500');
    expect(ollamaHost('https://proxy.example.com/ollama/')).toBe('https://proxy.example.com/ollama');
  });

  it('refuses what is not the server root, saying what to write', () => {
    expect(() => ollamaHost('ftp://localhost:11434')).toThrow(
      'OLLAMA_HOST must start with http:// or https://, got "ftp://localhost:11434".',
    );
    expect(() => ollamaHost('http://local host')).toThrow(
      `OLLAMA_HOST must be the Ollama server's address such as http://localhost:11434, got "http://local host".`,
    );
    expect(() => ollamaHost('http://localhost:11434/v1')).toThrow(
      'OLLAMA_HOST is the server\'s root, without /v1 (the provider adds /api itself): use http://localhost:11434, got "http://localhost:11434/v1".',
    );
    expect(() => ollamaHost('http://localhost:11434/api/')).toThrow(/without \/api/);
    expect(() => ollamaHost('http://localhost:11434/?x=1')).toThrow(/without a query/);
  });

  it('refuses credentials in the address without repeating them', () => {
    const read = () => ollamaHost('https://me:hunter22@ollama.example.com');
    expect(read).toThrow(
      "OLLAMA_HOST must not carry a user name or password; put a proxy's key in OLLAMA_API_KEY.",
    );
  });
});
