import { Ai, type AiUsage, type JsonSchema } from '@blocksmith/block-sdk';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai-server';
import { pngFor, tokenCount } from '../../testing/fake-vendor-answers';
import { imageDimensions } from './image-dimensions';
import { OpenAiProvider, type OpenAiProviderConfig } from './openai-provider';

// OpenAiProvider through the real `openai` SDK against a fake OpenAI API that answers from each
// request (openai-provider.test.ts covers the same provider with canned answers).

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
});

const provider = (config: Partial<OpenAiProviderConfig> = {}) =>
  new OpenAiProvider({
    apiKey: 'test-key',
    baseURL: `${fake.url}/v1`,
    maxRetries: 0,
    timeoutMs: 10_000,
    ...config,
  });

const live = (onUsage?: (usage: AiUsage) => void) => ({
  signal: new AbortController().signal,
  ...(onUsage ? { onUsage } : {}),
});

const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'confidence'],
  properties: {
    category: { type: 'string', enum: ['Bug', 'Question'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
};

describe('OpenAiProvider against the fake OpenAI API', () => {
  it('streams the answer to the prompt in several pieces and reports the tokens the API counted', async () => {
    const usage: AiUsage[] = [];
    const pieces: string[] = [];
    for await (const piece of provider().streamText(
      { prompt: 'Greet the team', model: 'gpt-4o' },
      live((u) => usage.push(u)),
    )) {
      pieces.push(piece);
    }
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Answer to: Greet the team');
    expect(usage).toEqual([
      {
        model: 'gpt-4o',
        promptTokens: tokenCount('Greet the team'),
        completionTokens: tokenCount('Answer to: Greet the team'),
        totalTokens: tokenCount('Greet the team') + tokenCount('Answer to: Greet the team'),
      },
    ]);
  });

  it("gets a structured answer built from the schema it sent as OpenAI's json_schema", async () => {
    const ai = new Ai(provider(), new AbortController().signal);
    const value = await ai.json({ prompt: 'The app crashes', schema, schemaName: 'ticket class' });
    expect(value).toEqual({ category: 'Bug', confidence: 0 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'ticket_class', schema, strict: false },
    });
  });

  it('gets no value that fits when the schema is not sent (plain JSON mode): the answer is refused', async () => {
    const ai = new Ai(provider({ jsonMode: 'json_object' }), new AbortController().signal);
    const refused = await ai.json({ prompt: 'The app crashes', schema, schemaName: 'ticket' }).then(
      () => new Error('answered'),
      (e: unknown) => e as Error,
    );
    expect(refused.message).toMatch(/category/);
    expect(fake.requests.map((r) => r.body.response_format)).toEqual([
      { type: 'json_object' },
      { type: 'json_object' },
    ]);
  });

  it('has an image described, sent as an image_url data URL', async () => {
    const answer = await provider().describeImage(
      { prompt: 'What is this?', image: { data: Uint8Array.from(pngFor(undefined)), mime: 'image/png' } },
      live(),
    );
    expect(answer).toBe('I see a 1x1 image/png image. Answer to: What is this?');
  });

  it('generates images from DALL·E (b64_json asked) and GPT image models (base64 always)', async () => {
    const usage: AiUsage[] = [];
    const dalle = await provider().generateImage({ prompt: 'A fox', size: '1024x1792' }, live());
    expect(imageDimensions(dalle.data)).toMatchObject({ format: 'png', width: 4, height: 7 });
    const gptImage = await provider().generateImage(
      { prompt: 'A fox', model: 'gpt-image-1' },
      live((u) => usage.push(u)),
    );
    expect(gptImage.mime).toBe('image/png');
    expect(usage[0]).toMatchObject({ model: 'gpt-image-1', promptTokens: tokenCount('A fox') });
    expect(fake.requests.map((r) => r.body.response_format)).toEqual(['b64_json', undefined]);
  });

  it('lists the models blocks can use, leaving out the others', async () => {
    const models = await provider().listModels({ signal: new AbortController().signal });
    const ids = models.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['gpt-4o-mini', 'dall-e-3']));
    expect(ids).not.toContain('text-embedding-3-small');
    expect(models.find((m) => m.id === 'dall-e-3')!.capabilities).toEqual(['image']);
  });

  it('says to check the key when the API refuses it, without showing the key', async () => {
    const error = await provider({ apiKey: 'sk-not-the-right-key' })
      .completeJson({ prompt: 'x', schema, schemaName: 's' }, live())
      .then(
        () => new Error('answered'),
        (e: unknown) => e as Error,
      );
    expect(error).toMatchObject({ kind: 'rejected' });
    expect(error.message).toMatch(/refused the credentials \(401.*Check OPENAI_API_KEY/);
    expect(error.message).not.toContain('sk-not-the-right-key');
  });

  it('reports a model the API does not have, and rate limiting', async () => {
    const ask = (model: string) =>
      provider()
        .completeJson({ prompt: 'x', schema, schemaName: 's', model }, live())
        .then(
          () => new Error('answered'),
          (e: unknown) => e as Error,
        );
    expect(await ask('gpt-9')).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('The model `gpt-9` does not exist'),
    });
    expect(await ask('busy-model')).toMatchObject({
      kind: 'rate_limited',
      message: expect.stringContaining('429'),
    });
  });
});
