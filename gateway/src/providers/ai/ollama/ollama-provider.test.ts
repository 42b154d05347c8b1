import { inspect } from 'node:util';
import { Ai, type AiUsage, type JsonSchema } from '@blocksmith/block-sdk';
import { FAKE_OLLAMA_MODELS, startFakeOllama, type FakeOllama } from '../../../testing/fake-ollama-server';
import { tokenCount as fakeTokenCount } from '../../../testing/fake-vendor-answers';
import { OllamaProvider } from './ollama-provider';
import type { OllamaProviderConfig } from './ollama-config';

let fake: FakeOllama;

beforeAll(async () => {
  fake = await startFakeOllama();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

function provider(config: Partial<OllamaProviderConfig> = {}) {
  return new OllamaProvider({ host: fake.url, maxRetries: 0, timeoutMs: 10_000, ...config });
}

const live = () => ({ signal: new AbortController().signal });

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

const chats = () => fake.requests.filter((r) => r.path === '/api/chat');

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'confidence', 'reason'],
  properties: {
    category: { type: 'string', enum: ['Bug', 'Question'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    reason: { type: 'string' },
  },
};

describe('OllamaProvider text', () => {
  it('streams the answer in pieces from /api/chat, with the system message and the options', async () => {
    const pieces = await collect(
      provider().streamText(
        { prompt: 'Greet me', system: 'Be brief', model: 'llama3.2:1b', temperature: 0.2, maxTokens: 50 },
        live(),
      ),
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Answer to: Greet me');
    const [request] = chats();
    expect(request).toMatchObject({ method: 'POST', path: '/api/chat' });
    expect(request!.body).toEqual({
      model: 'llama3.2:1b',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Greet me' },
      ],
      options: { temperature: 0.2, num_predict: 50 },
    });
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('reports the usage of the last line once: model and token counts', async () => {
    const reports: AiUsage[] = [];
    const options = { signal: new AbortController().signal, onUsage: (u: AiUsage) => reports.push(u) };
    await collect(provider().streamText({ prompt: 'Count me', model: 'llama3.2:1b' }, options));
    const prompt = fakeTokenCount('Count me');
    const completion = fakeTokenCount('Answer to: Count me');
    expect(reports).toEqual([
      {
        model: 'llama3.2:1b',
        promptTokens: prompt,
        completionTokens: completion,
        totalTokens: prompt + completion,
      },
    ]);
  });

  it('uses OLLAMA_TEXT_MODEL when a request names no model', async () => {
    await collect(provider({ textModel: 'gemma3:4b' }).streamText({ prompt: 'Hi' }, live()));
    expect(chats()[0]!.body!.model).toBe('gemma3:4b');
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/chat']);
  });

  it('uses the first model the server lists when none is configured', async () => {
    const ai = provider();
    await collect(ai.streamText({ prompt: 'Hi' }, live()));
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/api/tags' });
    expect(chats()[0]!.body!.model).toBe('llama3.2:1b');
    expect(ai.textModel).toBe('llama3.2:1b');
  });

  it('says what to do when the server has no models pulled', async () => {
    const empty = await startFakeOllama({ models: [] });
    try {
      const ai = new OllamaProvider({ host: empty.url, maxRetries: 0 });
      await expect(collect(ai.streamText({ prompt: 'Hi' }, live()))).rejects.toMatchObject({
        kind: 'rejected',
        message: `Ollama has no models pulled at ${new URL(empty.url).host}. Run \`ollama pull llama3.2\`.`,
      });
    } finally {
      await empty.close();
    }
  });

  it('stops a stream part way when the run is aborted', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const run = async () => {
      for await (const piece of provider().streamText(
        { prompt: 'Go on', model: 'stalling-model' },
        controller,
      )) {
        pieces.push(piece);
        controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ kind: 'aborted', message: 'The run was stopped.' });
    expect(pieces).toEqual(['Answer ']);
  });

  it('cuts a stream that stops sending for the timeout', async () => {
    const pieces: string[] = [];
    const run = async () => {
      const stream = provider({ timeoutMs: 1000 }).streamText(
        { prompt: 'Go on', model: 'stalling-model' },
        live(),
      );
      for await (const piece of stream) pieces.push(piece);
    };
    await expect(run()).rejects.toMatchObject({
      kind: 'timeout',
      message:
        'Ollama stopped sending its answer for 1 s. Try again, or raise OLLAMA_TIMEOUT_MS if the model is slow to load.',
    });
    expect(pieces).toEqual(['Answer ']);
  });

  it('does not count the time the caller holds a piece against the timeout', async () => {
    // 1.5 s for the server (a loaded machine took over 0.3 s), 1.8 s held by the caller for each piece.
    const stream = provider({ timeoutMs: 1500 }).streamText(
      { prompt: 'One two three', model: 'llama3.2:1b' },
      live(),
    );
    const pieces: string[] = [];
    for await (const piece of stream) {
      pieces.push(piece);
      // Longer than the timeout, but spent here, not waiting for the server.
      await new Promise((resolve) => setTimeout(resolve, 1800));
    }
    expect(pieces.join('')).toBe('Answer to: One two three');
  });
});

describe('OllamaProvider JSON', () => {
  it('sends the schema as format on /api/chat and returns the raw JSON text', async () => {
    const raw = await provider().completeJson(
      {
        prompt: 'The app crashes',
        system: 'Classify tickets.',
        schema,
        schemaName: 'ticket',
        model: 'llama3.2:1b',
      },
      live(),
    );
    expect(JSON.parse(raw)).toEqual({ category: 'Bug', confidence: 0, reason: 'Answer to: The app crashes' });
    const body = chats()[0]!.body as { format: unknown; messages: { role: string; content: string }[] };
    expect(body.format).toEqual(schema);
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages[0]!.content).toContain('Classify tickets.');
    expect(body.messages[0]!.content).toContain(JSON.stringify(schema));
  });

  it('answers through the Ai facade, validated against the schema', async () => {
    const reports: AiUsage[] = [];
    const ai = new Ai(
      provider({ textModel: 'llama3.2:1b' }),
      new AbortController().signal,
      () => {},
      (u) => reports.push(u),
    );
    const value = await ai.json({ prompt: 'How do I export?', schema, schemaName: 'classification' });
    expect(value).toEqual({ category: 'Bug', confidence: 0, reason: 'Answer to: How do I export?' });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ model: 'llama3.2:1b', promptTokens: expect.any(Number) });
  });

  it('puts the previous attempt and why it was refused into the conversation on the retry', async () => {
    await provider().completeJson(
      {
        prompt: 'The app crashes',
        schema,
        schemaName: 'ticket',
        model: 'llama3.2:1b',
        previousAttempt: {
          output: '{"category":"Feature"}',
          error: "must have required property 'confidence'",
        },
      },
      live(),
    );
    const messages = chats()[0]!.body!.messages as { role: string; content: string }[];
    expect(messages.at(-2)).toEqual({ role: 'assistant', content: '{"category":"Feature"}' });
    expect(messages.at(-1)!.role).toBe('user');
    expect(messages.at(-1)!.content).toContain("must have required property 'confidence'");
    expect(chats()[0]!.body!.format).toEqual(schema);
  });
});

describe('OllamaProvider images', () => {
  it('sends the image as base64 in the user message images, to the first vision model', async () => {
    const reports: AiUsage[] = [];
    const text = await provider().describeImage(
      { prompt: 'What is this?', image: { data: Uint8Array.from(png), mime: 'image/png' } },
      { signal: new AbortController().signal, onUsage: (u) => reports.push(u) },
    );
    expect(text).toBe('I see a 1x1 image/png image. Answer to: What is this?');
    const body = chats()[0]!.body as { model: string; messages: unknown[] };
    expect(body.model).toBe('gemma3:4b');
    expect(body.messages).toEqual([
      { role: 'user', content: 'What is this?', images: [png.toString('base64')] },
    ]);
    expect(reports).toEqual([expect.objectContaining({ model: 'gemma3:4b' })]);
  });

  it('refuses to make images, naming what to choose instead', async () => {
    await expect(provider().generateImage({ prompt: 'A fox' }, live())).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Choose an image model of another provider'),
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('OllamaProvider models', () => {
  it('lists the pulled models with what show says they can do, skipping embedding models', async () => {
    const models = await provider().listModels({ signal: new AbortController().signal });
    expect(models).toEqual([
      {
        id: 'llama3.2:1b',
        label: 'llama3.2:1b',
        capabilities: ['text', 'structured', 'streaming', 'tools'],
        contextTokens: 131072,
      },
      {
        id: 'gemma3:4b',
        label: 'gemma3:4b',
        capabilities: ['text', 'structured', 'streaming', 'vision'],
        contextTokens: 131072,
      },
    ]);
    const shown = fake.requests.filter((r) => r.path === '/api/show').map((r) => r.body!.model);
    expect(shown.sort()).toEqual(FAKE_OLLAMA_MODELS.map((m) => m.name).sort());
  });

  it('takes a model from a server that does not say its capabilities as a text model', async () => {
    const old = await startFakeOllama({
      models: [{ name: 'mistral:7b', architecture: 'llama', parameterSize: '7.2B', quantization: 'Q4_0' }],
    });
    try {
      const models = await new OllamaProvider({ host: old.url }).listModels({
        signal: new AbortController().signal,
      });
      expect(models).toEqual([
        { id: 'mistral:7b', label: 'mistral:7b', capabilities: ['text', 'structured', 'streaming'] },
      ]);
    } finally {
      await old.close();
    }
  });

  it('offers the configured model, then the listed ones, and no image models', async () => {
    const ai = provider({ textModel: 'qwen3:8b' });
    expect(ai.models()).toEqual({ text: ['qwen3:8b'], image: [], defaultText: 'qwen3:8b', defaultImage: '' });
    await ai.listModels({ signal: new AbortController().signal });
    expect(ai.models()).toEqual({
      text: ['qwen3:8b', 'llama3.2:1b', 'gemma3:4b'],
      image: [],
      defaultText: 'qwen3:8b',
      defaultImage: '',
    });
    const unset = provider();
    expect(unset.models().defaultText).toBe('');
    await unset.listModels({ signal: new AbortController().signal });
    expect(unset.models().defaultText).toBe('llama3.2:1b');
  });

  it('never shows the key when printed', () => {
    const printed = inspect(provider({ apiKey: 'secret-proxy-key' }), { depth: 5, showHidden: true });
    expect(printed).not.toContain('secret-proxy-key');
    expect(printed).toContain('ollama');
  });
});
