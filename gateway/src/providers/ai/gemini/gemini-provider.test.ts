import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { Ai, AiProviderError, type AiUsage, type JsonSchema } from '@blocksmith/block-sdk';
import { pngFor } from '../../../testing/fake-vendor-answers';
import { FAKE_GEMINI_KEY, startFakeGemini, type FakeGemini } from '../../../testing/fake-gemini-server';
import { imageDimensions } from '../image-dimensions';
import { GeminiProvider } from './gemini-provider';
import type { GeminiProviderConfig } from './gemini-config';

let fake: FakeGemini;

beforeAll(async () => {
  fake = await startFakeGemini();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

function provider(config: Partial<GeminiProviderConfig> = {}) {
  return new GeminiProvider({
    apiKey: FAKE_GEMINI_KEY,
    baseUrl: fake.url,
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

const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'confidence'],
  properties: {
    category: { type: 'string', enum: ['Bug', 'Question'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
};

describe('GeminiProvider text', () => {
  it('streams the answer in pieces, with the key, the model and the system instruction', async () => {
    const pieces = await collect(
      provider().streamText(
        { prompt: 'Greet me', system: 'Be brief', model: 'gemini-2.5-pro', temperature: 0.2, maxTokens: 50 },
        live(),
      ),
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Answer to: Greet me');
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
    });
    expect(request!.headers['x-goog-api-key']).toBe(FAKE_GEMINI_KEY);
    expect(request!.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Greet me' }] }],
      systemInstruction: { parts: [{ text: 'Be brief' }] },
      generationConfig: { temperature: 0.2, maxOutputTokens: 50 },
    });
  });

  it('uses the configured text model when none is asked for', async () => {
    await collect(provider().streamText({ prompt: 'Hi' }, live()));
    await collect(provider({ textModel: 'gemini-2.5-flash-lite' }).streamText({ prompt: 'Hi' }, live()));
    expect(fake.requests.map((r) => r.path.split(':')[0])).toEqual([
      '/v1beta/models/gemini-2.5-flash',
      '/v1beta/models/gemini-2.5-flash-lite',
    ]);
  });

  it('reports the usage of a stream once, from its last chunk', async () => {
    const reported: AiUsage[] = [];
    await collect(
      provider().streamText({ prompt: 'Count me' }, { ...live(), onUsage: (usage) => reported.push(usage) }),
    );
    // "Count me" is 8 characters (2 tokens), "Answer to: Count me" 19 (5 tokens).
    expect(reported).toEqual([
      { model: 'gemini-2.5-flash', promptTokens: 2, completionTokens: 5, totalTokens: 7 },
    ]);
  });

  it('stops a stream part way when the run is aborted', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const run = async () => {
      for await (const piece of provider().streamText(
        { prompt: 'Go', model: 'stalling-model' },
        controller,
      )) {
        pieces.push(piece);
        controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ kind: 'aborted', message: 'The run was stopped.' });
    expect(pieces).toEqual(['Answer to: Go']);
  });

  it('cuts a stream that stalls part way at the timeout', async () => {
    const pieces: string[] = [];
    const run = async () => {
      for await (const piece of provider({ timeoutMs: 1000 }).streamText(
        { prompt: 'Go', model: 'stalling-model' },
        live(),
      ))
        pieces.push(piece);
    };
    await expect(run()).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Google Gemini stopped sending its answer for 1 s.',
    });
    expect(pieces).toEqual(['Answer to: Go']);
  });
});

describe('GeminiProvider JSON', () => {
  it('asks for JSON with the block schema as responseJsonSchema, and the answer follows it', async () => {
    const reported: AiUsage[] = [];
    const raw = await provider().completeJson(
      { prompt: 'The app crashes', system: 'Classify tickets.', schema, schemaName: 'ticket' },
      { ...live(), onUsage: (usage) => reported.push(usage) },
    );
    expect(JSON.parse(raw)).toEqual({ category: 'Bug', confidence: 0 });
    const [request] = fake.requests;
    expect(request!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request!.body).toMatchObject({
      systemInstruction: { parts: [{ text: 'Classify tickets.' }] },
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema },
    });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ model: 'gemini-2.5-flash', promptTokens: expect.any(Number) });
  });

  it('sends a refused answer back once with the validation error, through the Ai facade', async () => {
    // The fake fills required properties only: `note` is missing the first time and every time,
    // so the facade asks twice, the second time with the first answer and its error.
    const strict: JsonSchema = { ...schema, required: ['category', 'confidence'], minProperties: 3 };
    const ai = new Ai(provider(), new AbortController().signal);
    await expect(
      ai.json({ prompt: 'How do I export?', schema: strict, schemaName: 'classification' }),
    ).rejects.toThrow('did not have the expected shape');
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.contents as { role: string; parts: { text: string }[] }[];
    expect(retry).toHaveLength(3);
    expect(retry[1]).toEqual({ role: 'model', parts: [{ text: '{"category":"Bug","confidence":0}' }] });
    expect(retry[2]!.role).toBe('user');
    expect(retry[2]!.parts[0]!.text).toContain(
      'That answer was refused: (root) must NOT have fewer than 3 properties',
    );
  });
});

describe('GeminiProvider images', () => {
  const png = pngFor('1:1');

  it('sends an image as an inlineData part beside the prompt', async () => {
    const answer = await provider().describeImage(
      { prompt: 'What is this?', image: { data: Uint8Array.from(png), mime: 'image/png' } },
      live(),
    );
    expect(answer).toBe('Answer to: What is this? I see a 1x1 image/png image.');
    expect(fake.requests[0]!.body.contents).toEqual([
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'image/png', data: png.toString('base64') } },
          { text: 'What is this?' },
        ],
      },
    ]);
  });

  it('generates an image through a Gemini image model, in the asked aspect ratio', async () => {
    const reported: AiUsage[] = [];
    const image = await provider().generateImage(
      { prompt: 'A red fox', size: '1024x576' },
      { ...live(), onUsage: (usage) => reported.push(usage) },
    );
    expect(image.mime).toBe('image/png');
    expect(imageDimensions(image.data)).toEqual({ format: 'png', width: 16, height: 9 });
    expect(fake.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(fake.requests[0]!.body.generationConfig).toEqual({
      responseModalities: ['IMAGE'],
      imageConfig: { aspectRatio: '16:9' },
    });
    expect(reported).toEqual([expect.objectContaining({ model: 'gemini-2.5-flash-image' })]);
  });

  it('refuses Imagen models (Vertex AI only) before asking, and passes on a refused modality', async () => {
    await expect(
      provider().generateImage({ prompt: 'A fox', model: 'imagen-4.0-generate-001' }, live()),
    ).rejects.toMatchObject({ kind: 'rejected', message: expect.stringContaining('through Vertex AI only') });
    expect(fake.requests).toHaveLength(0);
    await expect(
      provider().generateImage({ prompt: 'A fox', model: 'gemini-2.5-flash' }, live()),
    ).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(
        /^Google Gemini refused the request \(400: The requested combination of response modalities \(IMAGE\) is not supported/,
      ),
    });
  });
});

describe('GeminiProvider errors', () => {
  const ask = (p: GeminiProvider, model: string) =>
    p.completeJson({ prompt: 'x', model, schema, schemaName: 's' }, live()).catch((e: unknown) => e);

  it('says a wrong key was refused, where to change it, and never shows the key', async () => {
    const error = await ask(provider({ apiKey: 'AIza-wrong-secret' }), 'gemini-2.5-flash');
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ kind: 'rejected', code: 'AI_PROVIDER_ERROR' });
    expect((error as Error).message).toBe(
      'Google Gemini refused the API key (400: API key not valid. Please pass a valid API key.). Check GEMINI_API_KEY or the key on the admin page (Admin -> AI providers).',
    );
    expect((error as Error).message).not.toContain('AIza-wrong-secret');
  });

  it('names a model the service does not have', async () => {
    const error = await ask(provider(), 'missing-model');
    expect(error).toMatchObject({ kind: 'rejected' });
    expect((error as Error).message).toMatch(
      /^Google Gemini has no model "missing-model" \(404: models\/missing-model is not found .*\)\. Choose another model in the block's settings\.$/,
    );
  });

  it('says when to retry a rate-limited request', async () => {
    const error = await ask(provider(), 'busy-model');
    expect(error).toMatchObject({
      kind: 'rate_limited',
      message:
        'Google Gemini is limiting requests (429: You exceeded your current quota, please check your plan and billing details.); retry after 7 s.',
    });
  });

  it('reports an overloaded model as unavailable, after the retries', async () => {
    const error = await collect(
      provider({ maxRetries: 1 }).streamText({ prompt: 'x', model: 'overloaded-model' }, live()),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message:
        'Google Gemini is unavailable (503: The model is overloaded. Please try again later.), also after 1 retry. Try again later.',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('cuts a request that hangs at the timeout', async () => {
    await expect(ask(provider({ timeoutMs: 300 }), 'stalling-model')).resolves.toMatchObject({
      kind: 'timeout',
      message: 'Google Gemini did not answer within 0.3 s.',
    });
  });

  it('stops a waiting request when the run is aborted', async () => {
    const controller = new AbortController();
    const pending = provider().describeImage(
      { prompt: 'x', model: 'stalling-model', image: { data: new Uint8Array(1), mime: 'image/png' } },
      controller,
    );
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', message: 'The run was stopped.' });
  });

  it('reports a server that is not there, naming GEMINI_BASE_URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await ask(provider({ baseUrl: `http://127.0.0.1:${port}` }), 'gemini-2.5-flash');
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: `Google Gemini could not be reached at 127.0.0.1:${port} (ECONNREFUSED). Check GEMINI_BASE_URL and that the server is running.`,
    });
  });
});

describe('GeminiProvider models', () => {
  it('lists every page of the service models with what each can do', async () => {
    const models = await provider().listModels(live());
    expect(models).toEqual([
      {
        id: 'gemini-2.5-flash',
        label: 'Gemini 2.5 Flash',
        capabilities: ['text', 'structured', 'vision', 'tools', 'streaming'],
        contextTokens: 1_048_576,
      },
      {
        id: 'gemini-2.5-pro',
        label: 'Gemini 2.5 Pro',
        capabilities: ['text', 'structured', 'vision', 'tools', 'streaming'],
        contextTokens: 1_048_576,
      },
      { id: 'gemini-2.5-flash-image', label: 'Nano Banana', capabilities: ['image'], contextTokens: 32_768 },
    ]);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/v1beta/models?pageSize=100',
      '/v1beta/models?pageSize=100&pageToken=2',
      '/v1beta/models?pageSize=100&pageToken=4',
    ]);
  });

  it('reports a list the service refuses as an AiProviderError', async () => {
    await expect(provider({ apiKey: 'AIza-wrong' }).listModels(live())).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Check GEMINI_API_KEY'),
    });
  });

  it('offers the configured models and the current ones', () => {
    expect(provider().models()).toEqual({
      text: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite'],
      image: ['gemini-2.5-flash-image'],
      defaultText: 'gemini-2.5-flash',
      defaultImage: 'gemini-2.5-flash-image',
    });
    expect(provider({ textModel: 'gemini-3-pro-preview' }).models()).toMatchObject({
      text: ['gemini-3-pro-preview', 'gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite'],
      defaultText: 'gemini-3-pro-preview',
    });
  });

  it('never shows the key when the provider is logged', () => {
    const logged = inspect(provider({ apiKey: 'AIza-very-secret' }), { depth: 10 });
    expect(logged).not.toContain('AIza-very-secret');
    expect(provider()).toMatchObject({ name: 'gemini', offline: false });
  });
});
