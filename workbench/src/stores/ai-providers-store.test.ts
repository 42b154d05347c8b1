import { ApiError } from '../api/blocksmith-api';
import { aiProvider } from '../testing/fake-ai-providers';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { AiProvidersStore } from './ai-providers-store';
import { ToastStore } from './toast-store';

const ADMIN = { ...ADA, user_metadata: { full_name: 'Ada Lovelace', isAdmin: true } };

async function setup({ admin = true } = {}) {
  const api = new FakeApi();
  api.meAnswer = admin ? ADMIN : ADA;
  api.ai.providers = api.ai.providers.map((p) =>
    p.provider === 'openai'
      ? aiProvider('openai', {
          configured: true,
          source: 'env',
          keySet: true,
          baseUrl: 'https://api.openai.com/v1',
          working: true,
          modelCount: 12,
        })
      : p,
  );
  const session = await restoredSession(api, memoryStorage());
  const toasts = new ToastStore(manualTimers());
  const store = new AiProvidersStore(api, session, toasts);
  return { api, store, toasts };
}

describe('AiProvidersStore', () => {
  it('opens for admins with every provider, no key filled in', async () => {
    const { store } = await setup();
    await store.open();
    expect(store.state).toBe('ready');
    expect(store.providers.map((p) => [p.provider, p.source])).toEqual([
      ['openai', 'env'],
      ['anthropic', 'none'],
      ['gemini', 'none'],
      ['ollama', 'none'],
    ]);
    expect(store.draft('openai')).toEqual({ apiKey: '', baseUrl: '', keyError: null, urlError: null });
  });

  it('refuses everyone else before asking for the providers', async () => {
    const { api, store } = await setup({ admin: false });
    await store.open();
    expect(store.gate.access).toBe('denied');
    expect(api.ai.calls).toEqual([]);
  });

  it('checks what is typed before sending it, saying what to fix', async () => {
    const { api, store } = await setup();
    await store.open();
    await store.save('anthropic');
    expect(store.draft('anthropic').keyError).toBe("Paste Anthropic's API key.");
    store.setKey('anthropic', 'short');
    store.setUrl('anthropic', 'ftp://example.com');
    await store.save('anthropic');
    expect(store.draft('anthropic').keyError).toContain('at least 8 characters');
    expect(store.draft('anthropic').urlError).toContain('must start with http:// or https://');
    await store.save('ollama');
    expect(store.draft('ollama').urlError).toBe("Give Ollama's address, such as http://localhost:11434.");
    expect(api.ai.calls.filter(([name]) => name === 'setAiProvider')).toEqual([]);
  });

  it("saves a key, shows the provider's answer and empties the key field", async () => {
    const { api, store, toasts } = await setup();
    await store.open();
    store.setKey('anthropic', 'wrong-key-123');
    await store.save('anthropic');
    const refused = store.providers.find((p) => p.provider === 'anthropic')!;
    expect(refused).toMatchObject({ source: 'page', working: false });
    expect(refused.problem).toContain('Anthropic refused the API key');
    expect(toasts.toasts.at(-1)?.intent).toBe('warning');

    store.setKey('anthropic', ' good-key-123 ');
    store.setUrl('anthropic', 'http://127.0.0.1:9000');
    await store.save('anthropic');
    expect(api.ai.calls.at(-1)).toEqual([
      'setAiProvider',
      'anthropic',
      'good-key-123',
      'http://127.0.0.1:9000',
    ]);
    expect(store.providers.find((p) => p.provider === 'anthropic')).toMatchObject({
      working: true,
      modelCount: 3,
    });
    expect(store.draft('anthropic')).toEqual({
      apiKey: '',
      baseUrl: 'http://127.0.0.1:9000',
      keyError: null,
      urlError: null,
    });
    expect(toasts.toasts.at(-1)?.message).toBe('Anthropic works: 3 models listed.');

    // Saved again with the key field empty: the key set before is kept.
    await store.save('anthropic');
    expect(api.ai.calls.at(-1)).toEqual(['setAiProvider', 'anthropic', null, 'http://127.0.0.1:9000']);
  });

  it("shows the server's refusal by the field it names, and clears the page's settings", async () => {
    const { api, store } = await setup();
    await store.open();
    api.ai.failNext = new ApiError(
      "Anthropic's address must be a URL such as https://api.anthropic.com.",
      'BAD_USER_INPUT',
    );
    store.setKey('anthropic', 'good-key-123');
    await store.save('anthropic');
    expect(store.draft('anthropic').urlError).toContain("Anthropic's address");
    expect(store.busy).toBeNull();

    await store.save('anthropic');
    await store.clear('anthropic');
    expect(store.providers.find((p) => p.provider === 'anthropic')).toMatchObject({ source: 'none' });
  });
});
