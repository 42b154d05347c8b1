import { ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { aiSettingsFrom, createProvider as fromSettings, describeProvider } from './create-provider';

/** The provider the environment `env` asks for, as the server's configuration reads it. */
const routerFor = (env: Record<string, string | undefined>) => fromSettings(aiSettingsFrom(env));
import { OfflineProvider } from './offline-provider';
import { OpenAiProvider } from './openai-provider';

/** The one provider the environment `env` configures. */
function createProvider(env: Record<string, string | undefined>) {
  const router = routerFor(env);
  expect(router.providers).toHaveLength(1);
  return router.providers[0]!;
}

describe('createProvider', () => {
  it('answers offline when no key is set, and says so', () => {
    const provider = createProvider({});
    expect(provider).toBeInstanceOf(OfflineProvider);
    expect(describeProvider(provider)).toBe(
      'offline (no AI provider configured (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or OLLAMA_HOST): answers are marked [Offline preview])',
    );
  });

  it('explains that a base URL alone is not enough', () => {
    const provider = createProvider({ OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_API_KEY: ' ' });
    expect(provider).toBeInstanceOf(OfflineProvider);
    expect(describeProvider(provider)).toContain('OPENAI_API_KEY=ollama');
  });

  it('uses the OpenAI-compatible provider with every setting read', async () => {
    const provider = createProvider({
      OPENAI_API_KEY: 'ollama',
      OPENAI_BASE_URL: 'http://localhost:11434/v1/',
      OPENAI_TEXT_MODEL: 'llama3.1',
      OPENAI_IMAGE_MODEL: 'flux',
      OPENAI_VISION_MODEL: 'llava',
      OPENAI_MODEL_ALIASES: 'gpt-4=llama3.1:70b, gpt-3.5-turbo=llama3.1',
      OPENAI_IMAGE_MODELS: 'flux, sdxl',
      OPENAI_TIMEOUT_MS: '120000',
      OPENAI_MAX_RETRIES: '0',
      OPENAI_JSON_MODE: 'json_object',
    }) as OpenAiProvider;
    expect(provider).toBeInstanceOf(OpenAiProvider);
    expect(provider).toMatchObject({
      baseURL: 'http://localhost:11434/v1',
      textModel: 'llama3.1',
      imageModel: 'flux',
      visionModel: 'llava',
      timeoutMs: 120000,
      maxRetries: 0,
      jsonMode: 'json_object',
    });
    expect(provider.resolveModel('gpt-4', provider.textModel)).toBe('llama3.1:70b');
    expect(provider.resolveModel('dalle', provider.imageModel)).toBe('flux');
    expect(provider.models()).toMatchObject({ image: ['flux', 'sdxl'], defaultImage: 'flux' });
    expect(describeProvider(provider)).toBe(
      'openai at http://localhost:11434/v1 (text model llama3.1, image model flux)',
    );
  });

  it('defaults to OpenAI itself', () => {
    const provider = createProvider({ OPENAI_API_KEY: 'sk-abc' });
    expect(describeProvider(provider)).toBe(
      'openai at https://api.openai.com/v1 (text model gpt-4o-mini, image model dall-e-3)',
    );
    expect(describeProvider(provider)).not.toContain('sk-abc');
  });

  it.each([
    ['OPENAI_TIMEOUT_MS', 'soon'],
    ['OPENAI_TIMEOUT_MS', '0'],
    ['OPENAI_MAX_RETRIES', '-1'],
    ['OPENAI_MAX_RETRIES', '1.5'],
    ['OPENAI_JSON_MODE', 'yaml'],
    ['OPENAI_BASE_URL', 'localhost:11434'],
    ['OPENAI_MODEL_ALIASES', 'gpt-4'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => createProvider({ OPENAI_API_KEY: 'k', [name]: value })).toThrow(name);
    expect(() => createProvider({ [name]: value })).toThrow(name);
  });

  it('reads extra credits per model and the default models', () => {
    const settings = aiSettingsFrom({
      MODEL_CREDITS: 'claude-opus-4-1=4, gpt-4o = 1',
      DEFAULT_TEXT_MODEL: 'gpt-4o',
      DEFAULT_IMAGE_MODEL: 'dall-e-3',
    });
    expect(settings.modelCredits).toEqual({ 'claude-opus-4-1': 4, 'gpt-4o': 1 });
    expect(settings.defaultModels).toEqual({ text: 'gpt-4o', image: 'dall-e-3' });
    expect(() => aiSettingsFrom({ MODEL_CREDITS: 'gpt-4o=lots' })).toThrow('MODEL_CREDITS');
    expect(() => aiSettingsFrom({ MODEL_CREDITS: 'gpt-4o' })).toThrow('MODEL_CREDITS');
  });

  it('uses every provider the environment configures, in a fixed order, and no offline stand-in', () => {
    const router = routerFor({
      OLLAMA_HOST: 'http://127.0.0.1:11434',
      GEMINI_API_KEY: 'g-key',
      ANTHROPIC_API_KEY: 'a-key',
      OPENAI_API_KEY: 'o-key',
    });
    expect(router.providers.map((p) => p.name)).toEqual(['openai', 'anthropic', 'gemini', 'ollama']);
    const described = describeProvider(router);
    expect(described).toContain('anthropic at https://api.anthropic.com');
    expect(described).toContain('gemini at');
    expect(described).toContain('ollama at http://127.0.0.1:11434');
    for (const key of ['g-key', 'a-key', 'o-key']) expect(described).not.toContain(key);
    expect(routerFor({ ANTHROPIC_API_KEY: 'a-key' }).providers.map((p) => p.name)).toEqual(['anthropic']);
  });

  it.each([
    ['ANTHROPIC_BASE_URL', 'not a url'],
    ['GEMINI_BASE_URL', 'ftp://x'],
    ['OLLAMA_HOST', 'ftp://x'],
  ])('refuses %s=%s at start-up, naming it', (name, value) => {
    expect(() => aiSettingsFrom({ ANTHROPIC_API_KEY: 'k', GEMINI_API_KEY: 'k', [name]: value })).toThrow(
      name,
    );
  });

  it('describes every provider of the router, one after another', () => {
    expect(describeProvider(routerFor({}))).toBe(
      'offline (no AI provider configured (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or OLLAMA_HOST): answers are marked [Offline preview])',
    );
  });

  it('describes other providers by name', () => {
    expect(describeProvider(new ScriptedProvider())).toBe('scripted (offline)');
  });
});
