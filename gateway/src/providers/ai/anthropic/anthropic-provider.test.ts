import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { Ai, AiOutputError, AiProviderError, type AiUsage, type JsonSchema } from '@blocksmith/block-sdk';
import { startFakeAnthropic, type FakeAnthropic } from '../../../testing/fake-anthropic-server';
import { AnthropicProvider, type AnthropicProviderConfig } from './anthropic-provider';

let fake: FakeAnthropic;

beforeAll(async () => {
  fake = await startFakeAnthropic({ maxPageSize: 2 });
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
});

function provider(config: Partial<AnthropicProviderConfig> = {}) {
  return new AnthropicProvider({
    apiKey: 'test-key',
    baseURL: fake.url,
    maxRetries: 0,
    timeoutMs: 5000,
    ...config,
  });
}

const live = () => ({ signal: new AbortController().signal });

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'confidence', 'summary'],
  properties: {
    category: { type: 'string', enum: ['Bug', 'Question'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    summary: { type: 'string' },
  },
};

describe('AnthropicProvider text', () => {
  it('streams the answer in pieces, with the key, the version header, the model and the system text', async () => {
    const pieces = await collect(
      provider().streamText(
        { prompt: 'Greet the team', system: 'Be brief', model: 'claude-haiku-4-5' },
        live(),
      ),
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Answer to: Greet the team');
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.headers['anthropic-version']).toBe('2026-10-21');
    expect(request!.body).toMatchObject({
      model: 'claude-haiku-4-5',
      stream: true,
      system: 'Be brief',
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'Greet the team' }],
    });
  });

  it('uses the configured text model when none is asked for, and the request max tokens, never a temperature', async () => {
    await collect(provider().streamText({ prompt: 'Hi', temperature: 0.2, maxTokens: 50 }, live()));
    await collect(
      provider({ textModel: 'claude-haiku-4-5', maxTokens: 1000 }).streamText({ prompt: 'Hi' }, live()),
    );
    expect(fake.requests.map((r) => r.body.model)).toEqual(['claude-sonnet-4-6', 'claude-haiku-4-5']);
    expect(fake.requests.map((r) => r.body.max_tokens)).toEqual([50, 1000]);
    // API version 2026-10-21 refuses sampling parameters.
    expect(fake.requests[0]!.body).not.toHaveProperty('temperature');
  });

  it('reports the model and token counts of the answer once, at its end', async () => {
    const reported: AiUsage[] = [];
    await collect(
      provider().streamText(
        { prompt: 'Count my tokens' },
        { signal: new AbortController().signal, onUsage: (usage) => reported.push(usage) },
      ),
    );
    expect(reported).toHaveLength(1);
    const [usage] = reported;
    expect(usage!.model).toBe('claude-sonnet-4-6');
    expect(usage!.promptTokens).toBeGreaterThan(0);
    expect(usage!.completionTokens).toBeGreaterThan(1);
    expect(usage!.totalTokens).toBe(usage!.promptTokens! + usage!.completionTokens!);
  });

  it('stops part way when the run is aborted, without reporting usage', async () => {
    const controller = new AbortController();
    const reported: AiUsage[] = [];
    const pieces: string[] = [];
    const run = async () => {
      const options = { signal: controller.signal, onUsage: (usage: AiUsage) => reported.push(usage) };
      for await (const piece of provider().streamText(
        { prompt: 'Go on', model: 'stalling-model' },
        options,
      )) {
        pieces.push(piece);
        controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ kind: 'aborted', message: 'The run was stopped.' });
    expect(pieces).toHaveLength(1);
    expect(reported).toEqual([]);
  });

  it('cuts an answer that stops arriving after the timeout', async () => {
    const pieces: string[] = [];
    const run = async () => {
      for await (const piece of provider({ timeoutMs: 1000 }).streamText(
        { prompt: 'Tell me', model: 'stalling-model' },
        live(),
      ))
        pieces.push(piece);
    };
    await expect(run()).rejects.toMatchObject({
      kind: 'timeout',
      message:
        'Anthropic stopped sending its answer for 1 s. Try again later, or raise ANTHROPIC_TIMEOUT_MS.',
    });
    expect(pieces).toHaveLength(1);
  });
});

describe('AnthropicProvider structured output', () => {
  it('sends the schema as a forced tool and answers that tool input', async () => {
    const reported: AiUsage[] = [];
    const raw = await provider().completeJson(
      { prompt: 'The app crashes on save', system: 'Classify tickets.', schema, schemaName: 'ticket class' },
      { signal: new AbortController().signal, onUsage: (usage) => reported.push(usage) },
    );
    expect(JSON.parse(raw)).toEqual({ category: 'Bug', confidence: 0, summary: 'The app crashes on save' });
    const body = fake.requests[0]!.body;
    expect(body.tools).toEqual([expect.objectContaining({ name: 'ticket_class', input_schema: schema })]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'ticket_class' });
    expect(body.system).toBe('Classify tickets.');
    expect(reported).toEqual([expect.objectContaining({ model: 'claude-sonnet-4-6' })]);
  });

  it('wraps a schema that is not an object, and unwraps the answer', async () => {
    const list: JsonSchema = { type: 'array', items: { type: 'string' }, minItems: 2 };
    const raw = await provider().completeJson(
      { prompt: 'Two names', schema: list, schemaName: 'names' },
      live(),
    );
    expect(JSON.parse(raw)).toEqual(['Two names', 'Two names']);
    expect(fake.requests[0]!.body.tools[0].input_schema).toEqual({
      type: 'object',
      properties: { value: list },
      required: ['value'],
      additionalProperties: false,
    });
  });

  it('sends a refused answer back once as a failed tool call, through the Ai facade', async () => {
    // The fake cannot follow the pattern, so both answers are refused.
    const strict: JsonSchema = {
      type: 'object',
      required: ['code'],
      properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
    };
    const ai = new Ai(provider(), new AbortController().signal);
    await expect(
      ai.json({ prompt: 'Airport of Paris', schema: strict, schemaName: 'airport' }),
    ).rejects.toBeInstanceOf(AiOutputError);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages;
    expect(retry).toHaveLength(3);
    expect(retry[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool_use', id: expect.any(String), name: 'airport', input: { code: 'Airport of Paris' } },
      ],
    });
    expect(retry[2].content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: retry[1].content[0].id,
      is_error: true,
    });
    expect(retry[2].content[0].content).toContain('/code must match pattern');
  });
});

describe('AnthropicProvider images', () => {
  it('describes an image sent as a base64 image block before the text', async () => {
    const answer = await provider().describeImage(
      { prompt: 'What is this?', image: { data: Uint8Array.from(png), mime: 'image/png' } },
      live(),
    );
    expect(answer).toBe('I see a 1x1 image/png image. Answer to: What is this?');
    expect(fake.requests[0]!.body.messages[0].content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } },
      { type: 'text', text: 'What is this?' },
    ]);
  });

  it('refuses an image type the API does not read, before sending it', async () => {
    await expect(
      provider().describeImage(
        { prompt: 'x', image: { data: new Uint8Array([60]), mime: 'image/svg+xml' } },
        live(),
      ),
    ).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('this one is image/svg+xml'),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('does not generate images and says which models do', async () => {
    await expect(provider().generateImage()).rejects.toMatchObject({
      kind: 'rejected',
      message:
        "Anthropic models do not generate images. Choose an image model (for example one of OpenAI or Gemini) in the block's settings.",
    });
  });
});

describe('AnthropicProvider errors', () => {
  const ask = (p: AnthropicProvider, model?: string) =>
    p
      .completeJson({ prompt: 'x', schema, schemaName: 's', ...(model ? { model } : {}) }, live())
      .catch((e) => e);

  it('reports a wrong key, never showing it', async () => {
    const error = await ask(provider({ apiKey: 'sk-ant-wrong-secret' }));
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ kind: 'rejected' });
    expect(error.message).toBe(
      'Anthropic refused the API key (401: invalid x-api-key). Check ANTHROPIC_API_KEY or the key on the admin page (Admin -> AI providers).',
    );
    expect(error.message).not.toContain('sk-ant-wrong-secret');
  });

  it('reports a model the service does not have', async () => {
    const error = await ask(provider(), 'missing-model');
    expect(error).toMatchObject({
      kind: 'rejected',
      message:
        'Anthropic has no model "missing-model" (404: model: missing-model). Choose another model in the block\'s settings.',
    });
  });

  it('reports rate limiting with the delay the service asks for', async () => {
    const error = await ask(provider(), 'busy-model');
    expect(error).toMatchObject({ kind: 'rate_limited' });
    expect(error.message).toBe(
      'Anthropic is limiting requests (429: Number of request tokens has exceeded your per-minute rate limit); retry after 7 s.',
    );
  });

  it('reports an overloaded service as unavailable', async () => {
    const error = await collect(
      provider().streamText({ prompt: 'x', model: 'overloaded-model' }, live()),
    ).catch((e) => e);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.message).toBe('Anthropic is unavailable or overloaded (529: Overloaded). Try again later.');
  });

  it('says the model was retried when it was', async () => {
    const error = await ask(provider({ maxRetries: 1 }), 'overloaded-model');
    expect(error.message).toContain('(529: Overloaded), also after 1 retry. Try again later.');
    expect(fake.requests).toHaveLength(2);
  });

  it('stops a waiting call when the run is aborted', async () => {
    const controller = new AbortController();
    const call = provider().describeImage(
      { prompt: 'x', image: { data: Uint8Array.from(png), mime: 'image/png' }, model: 'stalling-model' },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('reports a server that is not there, naming where it was looked for', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await ask(provider({ baseURL: `http://127.0.0.1:${port}` }));
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.message).toBe(
      `Anthropic could not be reached at 127.0.0.1:${port} (ECONNREFUSED). Check ANTHROPIC_BASE_URL and that the server is running.`,
    );
  });
});

describe('AnthropicProvider models', () => {
  it('lists every page of the service models, with what each can do', async () => {
    const p = provider();
    const controller = new AbortController();
    const models = await p.listModels({ signal: controller.signal });
    const every = ['text', 'structured', 'vision', 'tools', 'streaming'];
    expect(models).toEqual([
      { id: 'claude-sonnet-5-5', label: 'Claude Sonnet 5.5', capabilities: every, contextTokens: 1_000_000 },
      { id: 'claude-sonnet-4-6', label: 'Claude Sonnet 4.6', capabilities: every, contextTokens: 200_000 },
      // Listed without a context size: the 200 000 every Claude model reads.
      {
        id: 'claude-haiku-4-5-20251001',
        label: 'Claude Haiku 4.5',
        capabilities: every,
        contextTokens: 200_000,
      },
    ]);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/models?limit=100',
      'GET /v1/models?limit=100&after_id=claude-sonnet-4-6',
    ]);
    expect(p.models()).toEqual({
      text: ['claude-sonnet-4-6', 'claude-sonnet-5-5', 'claude-haiku-4-5-20251001'],
      image: [],
      defaultText: 'claude-sonnet-4-6',
      defaultImage: '',
    });
  });

  it('offers the configured text model before listing', () => {
    expect(provider({ textModel: 'claude-haiku-4-5' }).models()).toMatchObject({
      text: ['claude-haiku-4-5'],
      image: [],
      defaultText: 'claude-haiku-4-5',
    });
  });

  it('reports a listing that is refused as an AiProviderError', async () => {
    await expect(
      provider({ apiKey: 'nope-wrong' }).listModels({ signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Check ANTHROPIC_API_KEY'),
    });
  });

  it('never shows the key when the provider is logged', () => {
    expect(inspect(provider({ apiKey: 'sk-ant-very-secret' }), { depth: 10 })).not.toContain(
      'sk-ant-very-secret',
    );
  });
});
