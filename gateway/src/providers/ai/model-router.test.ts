import {
  AiProviderError,
  type AiProvider,
  type ModelList,
  type ToolTurn,
  type ToolTurnRequest,
} from '@blocksmith/block-sdk';
import type { ProviderModel } from '@blocksmith/schema';
import { OfflineProvider } from './offline-provider';
import { ModelRouter } from './model-router';

const ALL = ['text', 'structured', 'vision', 'tools', 'streaming'] as const;

/** A provider that lists `listed` (or fails to) and answers each call with who it is and what it was asked. */
function vendor(
  name: string,
  own: ModelList,
  listed: ProviderModel[] | Error,
  { tools = false }: { tools?: boolean } = {},
) {
  const calls: string[] = [];
  const provider: AiProvider = {
    ...(tools && {
      async toolTurn(request: ToolTurnRequest): Promise<ToolTurn> {
        calls.push(`tools:${request.model ?? '(default)'}`);
        return { text: `${name} answered with ${request.model ?? 'its default'}`, toolCalls: [] };
      },
    }),
    name,
    offline: false,
    async *streamText(request) {
      calls.push(`text:${request.model ?? '(default)'}`);
      yield `${name} wrote with ${request.model ?? 'its default'}`;
    },
    async completeJson(request) {
      calls.push(`json:${request.model ?? '(default)'}`);
      return '{}';
    },
    async generateImage(request) {
      calls.push(`image:${request.model ?? '(default)'}`);
      return { data: new Uint8Array([1]), mime: 'image/png' };
    },
    async describeImage(request) {
      calls.push(`vision:${request.model ?? '(default)'}`);
      return 'seen';
    },
    models: () => own,
    async listModels() {
      if (listed instanceof Error) throw listed;
      return listed;
    },
  };
  return { provider, calls };
}

const openai = () =>
  vendor(
    'openai',
    {
      text: ['gpt-4', 'gpt-3.5-turbo', 'gpt-4o-mini'],
      image: ['dalle'],
      defaultText: 'gpt-4',
      defaultImage: 'dalle',
    },
    [
      { id: 'gpt-4o', label: 'GPT-4o', capabilities: [...ALL] },
      { id: 'dall-e-3', label: 'DALL·E 3', capabilities: ['image'] },
      { id: 'shared-model', label: 'Shared', capabilities: ['text'] },
    ],
    { tools: true },
  );
const anthropic = () =>
  vendor(
    'anthropic',
    { text: ['claude-sonnet-4-5'], image: [], defaultText: 'claude-sonnet-4-5', defaultImage: '' },
    [
      { id: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5', capabilities: [...ALL], contextTokens: 200000 },
      { id: 'claude-haiku-4-5', label: 'Claude Haiku 4.5', capabilities: [...ALL], contextTokens: 200000 },
      { id: 'shared-model', label: 'Shared', capabilities: ['text'] },
    ],
  );
const signal = new AbortController().signal;

async function text(router: ModelRouter, model?: string): Promise<string> {
  let answer = '';
  for await (const piece of router.streamText({ prompt: 'hi', ...(model && { model }) }, { signal }))
    answer += piece;
  return answer;
}

describe('ModelRouter', () => {
  it('offers the offline stand-in with the spec names when nothing is configured', async () => {
    const router = new ModelRouter({ providers: [new OfflineProvider()] });
    await router.catalogue.ready();
    expect(router.offline).toBe(true);
    expect(router.catalogue.list().map((m) => [m.id, m.provider, m.offline])).toEqual([
      ['gpt-4', 'offline', true],
      ['gpt-3.5-turbo', 'offline', true],
      ['dalle', 'offline', true],
    ]);
    expect(router.models()).toMatchObject({ image: ['dalle'], defaultImage: 'dalle', defaultText: 'gpt-4' });
    expect(await text(router, 'gpt-4')).toContain('[Offline preview]');
  });

  it("sends each call to the provider of the model it names, with that provider's id", async () => {
    const a = openai();
    const b = anthropic();
    const router = new ModelRouter({ providers: [a.provider, b.provider] });
    await router.catalogue.ready();
    expect(await text(router, 'claude-haiku-4-5')).toBe('anthropic wrote with claude-haiku-4-5');
    expect(await text(router, 'gpt-4o')).toBe('openai wrote with gpt-4o');
    await router.completeJson(
      { prompt: 'p', schema: {}, schemaName: 's', model: 'claude-sonnet-4-5' },
      { signal },
    );
    await router.generateImage({ prompt: 'p', model: 'dall-e-3' }, { signal });
    expect(a.calls).toEqual(['text:gpt-4o', 'image:dall-e-3']);
    expect(b.calls).toEqual(['text:claude-haiku-4-5', 'json:claude-sonnet-4-5']);
  });

  it("answers the spec's names and unnamed models with the first provider able, as it knows them", async () => {
    const a = openai();
    const b = anthropic();
    const router = new ModelRouter({ providers: [b.provider, a.provider] });
    await router.catalogue.ready();
    // Anthropic does not know "gpt-4": it gets its own default model's id.
    expect(await text(router, 'gpt-4')).toBe('anthropic wrote with claude-sonnet-4-5');
    expect(await text(router)).toBe('anthropic wrote with its default');
    // No Anthropic model makes images: "dalle" goes to OpenAI, which knows the name.
    await router.generateImage({ prompt: 'p', model: 'dalle' }, { signal });
    expect(a.calls).toEqual(['image:dalle']);
  });

  it("uses the operator's default models for the spec's names", async () => {
    const a = openai();
    const b = anthropic();
    const router = new ModelRouter({
      providers: [a.provider, b.provider],
      defaults: { text: 'claude-haiku-4-5' },
    });
    await router.catalogue.ready();
    expect(await text(router, 'gpt-3.5-turbo')).toBe('anthropic wrote with claude-haiku-4-5');
  });

  it('refuses a model the server does not have, or one that cannot do what is asked, instead of switching', async () => {
    const a = openai();
    const router = new ModelRouter({ providers: [a.provider] });
    await router.catalogue.ready();
    // A text stream is routed when it is read, as a generator would be, not when it is asked for.
    expect(() => router.streamText({ prompt: 'hi', model: 'claude-opus-4-1' }, { signal })).not.toThrow();
    await expect(text(router, 'claude-opus-4-1')).rejects.toThrow(
      new AiProviderError(
        'rejected',
        'Model "claude-opus-4-1" is not available on this server; choose another.',
      ),
    );
    expect(router.catalogue.check('dall-e-3', 'text')).toEqual({
      problem: 'Model "dall-e-3" cannot write text; choose another.',
    });
    expect(router.catalogue.check('gpt-4o', 'structured')).toEqual({ credits: 0 });
    expect(router.catalogue.check('constructor', 'text')).toEqual({
      problem: 'Model "constructor" is not available on this server; choose another.',
    });
    expect(a.calls).toEqual([]);
  });

  it("reads an answer in memory at once, and any other provider's stream piece by piece", async () => {
    const offline = new ModelRouter({ providers: [new OfflineProvider()] });
    await offline.catalogue.ready();
    const pieces: string[] = [];
    const whole = offline
      .streamText({ prompt: 'hi', model: 'gpt-4' }, { signal })
      .readAtOnce((piece) => pieces.push(piece));
    expect(whole).toBe(await text(offline, 'gpt-4'));
    expect(pieces.join('')).toBe(whole);

    const a = openai();
    const router = new ModelRouter({ providers: [a.provider] });
    await router.catalogue.ready();
    const stream = router.streamText({ prompt: 'hi', model: 'gpt-4o' }, { signal });
    expect(stream.readAtOnce(() => {})).toBeUndefined();
    let answer = '';
    for await (const piece of stream) answer += piece;
    expect(answer).toBe('openai wrote with gpt-4o');
    expect(a.calls).toEqual(['text:gpt-4o']);
    // A model the server does not have is refused when the stream is read at once too.
    const refused = router.streamText({ prompt: 'hi', model: 'claude-opus-4-1' }, { signal });
    expect(() => refused.readAtOnce()).toThrow(
      'Model "claude-opus-4-1" is not available on this server; choose another.',
    );
  });

  it('names a model two providers offer after the second provider, and prices models as configured', async () => {
    const router = new ModelRouter({
      providers: [openai().provider, anthropic().provider],
      credits: { 'claude-sonnet-4-5': 3, 'anthropic/shared-model': 2 },
    });
    await router.catalogue.ready();
    const ids = router.catalogue.list().map((m) => m.id);
    expect(ids).toContain('shared-model');
    expect(ids).toContain('anthropic/shared-model');
    expect(router.catalogue.check('claude-sonnet-4-5', 'text')).toEqual({ credits: 3 });
    expect(router.catalogue.check('anthropic/shared-model', 'text')).toEqual({ credits: 2 });
    expect(await text(router, 'anthropic/shared-model')).toBe('anthropic wrote with shared-model');
  });

  it('keeps the configured models of a provider that cannot be listed, and says why', async () => {
    const b = vendor(
      'anthropic',
      { text: ['claude-sonnet-4-5'], image: [], defaultText: 'claude-sonnet-4-5', defaultImage: '' },
      new AiProviderError('rejected', 'Anthropic refused the API key (401).'),
    );
    const router = new ModelRouter({ providers: [b.provider] });
    await router.catalogue.ready();
    expect(router.catalogue.list().map((m) => m.id)).toEqual(['claude-sonnet-4-5']);
    expect(router.catalogue.problems()).toEqual([
      { provider: 'anthropic', message: 'Anthropic refused the API key (401).' },
    ]);
    expect(router.catalogue.check('dalle', 'image')).toEqual({
      problem: 'No model on this server can make images; an administrator can connect a provider that can.',
    });
  });

  it('asks a provider whose listing failed again after the retry time, and only that one', async () => {
    let down = true;
    let asked = 0;
    const flaky: AiProvider = {
      ...anthropic().provider,
      async listModels() {
        asked += 1;
        if (down) throw new AiProviderError('unavailable', 'Anthropic could not be reached.');
        return [{ id: 'claude-haiku-4-5', label: 'Claude Haiku 4.5', capabilities: ['text'] }];
      },
    };
    let openaiAsked = 0;
    const steady: AiProvider = {
      ...openai().provider,
      async listModels() {
        openaiAsked += 1;
        return [];
      },
    };
    const patient = new ModelRouter({ providers: [steady, flaky], retryMs: 60_000 });
    await patient.catalogue.ready();
    await patient.catalogue.refresh();
    expect(asked).toBe(1);

    const router = new ModelRouter({ providers: [steady, flaky], retryMs: 0 });
    await router.catalogue.ready();
    expect(router.catalogue.problems()).toEqual([
      { provider: 'anthropic', message: 'Anthropic could not be reached.' },
    ]);
    down = false;
    const before = openaiAsked;
    // Refused until the provider has answered; the refusal itself has it asked again.
    expect(router.catalogue.check('claude-haiku-4-5', 'text')).toEqual({
      problem: expect.stringContaining('claude-haiku-4-5') as string,
    });
    await router.catalogue.refresh();
    expect(router.catalogue.problems()).toEqual([]);
    expect(router.catalogue.check('claude-haiku-4-5', 'text')).toEqual({ credits: 0 });
    expect(openaiAsked).toBe(before);
  });

  it('switches the same router to other providers when reconfigured, listing them anew', async () => {
    const a = openai();
    const router = new ModelRouter({ providers: [a.provider] });
    const catalogue = router.catalogue;
    await catalogue.ready();
    expect(await text(router, 'gpt-4o')).toBe('openai wrote with gpt-4o');

    const b = anthropic();
    await router.reconfigure({ providers: [b.provider], credits: { 'claude-haiku-4-5': 2 } });
    expect(router.catalogue).toBe(catalogue);
    expect(router.providers).toEqual([b.provider]);
    expect(catalogue.list().map((m) => m.id)).toEqual([
      'claude-sonnet-4-5',
      'claude-haiku-4-5',
      'shared-model',
    ]);
    expect(catalogue.check('claude-haiku-4-5', 'text')).toEqual({ credits: 2 });
    expect(await text(router, 'claude-haiku-4-5')).toBe('anthropic wrote with claude-haiku-4-5');
    expect(catalogue.check('gpt-4o', 'text')).toEqual({
      problem: expect.stringContaining('gpt-4o') as string,
    });
    expect(catalogue.options.providers).toEqual([b.provider]);
  });

  it('forgets the problems of the providers it no longer has, and ignores a listing begun before', async () => {
    let answer: (models: ProviderModel[]) => void = () => undefined;
    const slow: AiProvider = {
      ...anthropic().provider,
      name: 'slow',
      listModels: () => new Promise<ProviderModel[]>((resolve) => (answer = resolve)),
    };
    const failing = vendor(
      'anthropic',
      { text: ['claude-sonnet-4-5'], image: [], defaultText: 'claude-sonnet-4-5', defaultImage: '' },
      new AiProviderError('rejected', 'Anthropic refused the API key (401).'),
    );
    const router = new ModelRouter({ providers: [failing.provider] });
    await router.catalogue.ready();
    expect(router.catalogue.problems()).toHaveLength(1);

    const early = router.reconfigure({ providers: [slow] });
    expect(router.catalogue.problems()).toEqual([]);
    const a = openai();
    await router.reconfigure({ providers: [a.provider] });
    answer([{ id: 'late-model', label: 'Late', capabilities: ['text'] }]);
    await early;
    expect(router.catalogue.list().map((m) => m.id)).not.toContain('late-model');
    expect(router.catalogue.list().map((m) => m.id)).toContain('gpt-4o');
  });

  describe('tool turns', () => {
    const ask = { messages: [{ role: 'user' as const, text: 'hi' }], tools: [] };

    it('go to the provider of a model that can call tools, with its id', async () => {
      const a = openai();
      const router = new ModelRouter({ providers: [a.provider] });
      await router.catalogue.ready();
      await expect(router.toolTurn({ ...ask, model: 'gpt-4o' }, { signal })).resolves.toEqual({
        text: 'openai answered with gpt-4o',
        toolCalls: [],
      });
      // The configured models of a provider with tool calling call tools too.
      await router.toolTurn({ ...ask, model: 'gpt-4o-mini' }, { signal });
      await router.toolTurn(ask, { signal });
      expect(a.calls).toEqual(['tools:gpt-4o', 'tools:gpt-4o-mini', 'tools:(default)']);
    });

    it('refuse a model that cannot call tools, naming it', async () => {
      const a = openai();
      const router = new ModelRouter({ providers: [a.provider] });
      await router.catalogue.ready();
      await expect(router.toolTurn({ ...ask, model: 'shared-model' }, { signal })).rejects.toThrow(
        new AiProviderError('rejected', 'Model "shared-model" cannot call tools; choose another.'),
      );
      expect(a.calls).toEqual([]);
    });

    it('are offered only by providers with tool calling, whatever their models list', async () => {
      const b = anthropic();
      const router = new ModelRouter({ providers: [b.provider] });
      await router.catalogue.ready();
      const sonnet = router.catalogue.list().find((m) => m.id === 'claude-sonnet-4-5');
      expect(sonnet?.capabilities).toEqual(['text', 'structured', 'vision', 'streaming']);
      expect(router.catalogue.check('claude-sonnet-4-5', 'tools')).toEqual({
        problem: 'Model "claude-sonnet-4-5" cannot call tools; choose another.',
      });
      await expect(router.toolTurn(ask, { signal })).rejects.toThrow(
        'No model on this server can call tools; an administrator can connect a provider that can.',
      );
    });

    it('are answered offline by the offline stand-in, whose models call tools', async () => {
      const router = new ModelRouter({ providers: [new OfflineProvider()] });
      await router.catalogue.ready();
      expect(router.catalogue.check('gpt-4', 'tools')).toEqual({ credits: 0 });
      const turn = await router.toolTurn({ ...ask, model: 'gpt-4' }, { signal });
      expect(turn.text).toMatch(/^\[Offline preview\] /);
    });
  });
});
