import { checkJsonAnswer } from '@blocksmith/block-sdk';
import type { JsonSchema } from '@blocksmith/block-sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import { OfflineProvider } from './offline-provider';

const provider = new OfflineProvider();
const live = () => ({ signal: new AbortController().signal });

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

async function text(prompt: string, system?: string): Promise<string> {
  return (await collect(provider.streamText({ prompt, ...(system ? { system } : {}) }, live()))).join('');
}

describe('OfflineProvider text', () => {
  it('reports its model name for each answer, and no token counts', async () => {
    const reported: unknown[] = [];
    const options = {
      signal: new AbortController().signal,
      onUsage: (usage: unknown) => reported.push(usage),
    };
    await collect(provider.streamText({ prompt: 'Hi' }, options));
    await provider.completeJson({ prompt: 'x', schema: { type: 'object' }, schemaName: 'x' }, options);
    expect(reported).toEqual([{ model: 'offline' }, { model: 'offline' }]);
  });

  it('marks the answer, restates the request and is deterministic', async () => {
    const prompt = 'Write a tagline for a coffee shop called Bean There that roasts its own beans.';
    const first = await text(prompt);
    expect(first.startsWith('[Offline preview] ')).toBe(true);
    expect(first).toContain('coffee shop');
    expect(first).toContain('Bean There');
    expect(await text(prompt)).toBe(first);
    expect(await text('Explain photosynthesis to a child.')).not.toBe(first);
  });

  it('quotes the request without a second full stop after its own', async () => {
    for (const prompt of [
      'Summarise the notes below.',
      'Why is the sky blue?',
      'Name a colour',
      'Describe rain.',
    ]) {
      const answer = await text(prompt);
      expect(answer).not.toMatch(/[.!?]'\./);
      expect(answer).toMatch(
        /'(Summarise the notes below\.|Why is the sky blue\?|Name a colour|Describe rain\.)'/,
      );
    }
  });

  it('streams in several word-sized pieces that add up to the answer', async () => {
    const pieces = await collect(provider.streamText({ prompt: 'Describe the moon landing.' }, live()));
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.every((p) => p.trim().split(/\s+/).length <= 1)).toBe(true);
    expect(pieces.join('')).toBe(await text('Describe the moon landing.'));
  });

  it('answers a list request with one item per line, as many as asked', async () => {
    const answer = await text(
      'Give 5 names for a coffee shop in Lisbon',
      'You write lists. Reply with the items only, one per line, without an introduction.',
    );
    const lines = answer.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]!.startsWith('[Offline preview] ')).toBe(true);
    expect(new Set(lines).size).toBe(5);
    expect(answer).toMatch(/coffee shop/i);
  });

  it('gives a few lines for a list request without a number', async () => {
    const lines = (await text('List the benefits of remote work, one per line')).split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeLessThanOrEqual(5);
  });
});

const classification: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'sentiment', 'confidence'],
  properties: {
    category: { type: 'string', enum: ['Bug', 'Feature request', 'Question'] },
    sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
};

const investors: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['industry', 'businessModel', 'stage', 'investors'],
  properties: {
    industry: { type: 'string' },
    businessModel: { type: 'string' },
    stage: { type: 'string', enum: ['pre-seed', 'seed', 'series A'] },
    investors: {
      type: 'array',
      minItems: 5,
      maxItems: 5,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'fundName', 'country', 'email', 'contactPage', 'tags'],
        properties: {
          name: { type: 'string', minLength: 1 },
          fundName: { type: 'string' },
          country: { type: 'string', maxLength: 56 },
          email: { type: 'string', format: 'email' },
          contactPage: { type: 'string', format: 'uri' },
          tags: { type: 'array', items: { type: 'string', maxLength: 12 }, maxItems: 4 },
        },
      },
    },
  },
};

const ycScore: JsonSchema = {
  $defs: {
    score: { type: 'integer', minimum: 0, maximum: 10 },
    section: {
      type: 'object',
      additionalProperties: false,
      required: ['question', 'answer', 'score', 'feedback'],
      properties: {
        question: { type: 'string' },
        answer: { type: 'string' },
        score: { $ref: '#/$defs/score' },
        feedback: { type: 'string', minLength: 20 },
      },
    },
  },
  type: 'object',
  additionalProperties: false,
  required: ['overallScore', 'overallFeedback', 'recommendations', 'sections'],
  properties: {
    overallScore: { $ref: '#/$defs/score' },
    overallFeedback: { type: 'string' },
    recommendations: { type: 'array', items: { type: 'string' }, minItems: 3 },
    sections: { type: 'array', items: { $ref: '#/$defs/section' }, minItems: 1 },
    fullApplication: { type: 'string' },
  },
};

const edgeCases: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'kind',
    'note',
    'code',
    'ratio',
    'count',
    'flag',
    'tags',
    'pair',
    'choice',
    'both',
    'when',
    'id',
  ],
  properties: {
    kind: { const: 'report' },
    note: { type: ['string', 'null'] },
    code: { type: 'string', minLength: 3, maxLength: 5 },
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.5, multipleOf: 0.05 },
    count: { type: 'integer', exclusiveMinimum: 2, exclusiveMaximum: 5 },
    flag: { type: 'boolean' },
    tags: { type: 'array', uniqueItems: true, minItems: 3, items: { enum: ['a', 'b', 'c', 'd'] } },
    pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: false },
    choice: { oneOf: [{ type: 'null' }, { type: 'string', pattern: '^[a-z]+$' }] },
    both: {
      allOf: [
        { type: 'object', required: ['x'], properties: { x: { type: 'integer', maximum: -3 } } },
        { required: ['y'], properties: { y: { type: 'string', format: 'date' } } },
      ],
    },
    when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'integer' }] },
    id: { type: 'string', format: 'uuid' },
    tree: { $ref: '#/$defs/node' },
  },
  $defs: {
    node: {
      type: 'object',
      required: ['label'],
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
    },
  },
};

async function json(
  schema: JsonSchema,
  prompt = 'Analyse this startup: a fintech app for farmers in Kenya.',
) {
  return provider.completeJson({ prompt, schema, schemaName: 'answer' }, live());
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('OfflineProvider JSON', () => {
  it.each([
    ['classification', classification],
    ['investor analysis', investors],
    ['YC score with $refs', ycScore],
    ['edge cases', edgeCases],
  ])('answers %s with JSON that validates', async (_name, schema) => {
    const raw = await json(schema);
    const checked = checkJsonAnswer(raw, schema);
    expect(checked).toEqual({ ok: true, value: expect.anything() });
    expect(await json(schema)).toBe(raw);
  });

  it('gives values every checked string format accepts, alone and in lists', async () => {
    const formats = [
      'email',
      'uri',
      'url',
      'uri-reference',
      'date',
      'date-time',
      'time',
      'duration',
      'uuid',
      'hostname',
      'ipv4',
      'ipv6',
    ];
    const properties = Object.fromEntries(
      formats.flatMap((format) => [
        [format, { type: 'string', format }],
        [`${format}_list`, { type: 'array', minItems: 3, items: { type: 'string', format } }],
      ]),
    );
    const schema: JsonSchema = { type: 'object', required: Object.keys(properties), properties };
    const warn = jest.spyOn(console, 'warn');
    for (const prompt of ['Contact the investors', 'Plan a trip']) {
      expect(checkJsonAnswer(await json(schema, prompt), schema)).toEqual({
        ok: true,
        value: expect.anything(),
      });
    }
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps classification values in range and enums exact', async () => {
    const value = JSON.parse(await json(classification)) as Record<string, unknown>;
    expect(['Bug', 'Feature request', 'Question']).toContain(value.category);
    expect(['positive', 'neutral', 'negative']).toContain(value.sentiment);
    expect(value.confidence).toBeGreaterThanOrEqual(0);
    expect(value.confidence).toBeLessThanOrEqual(1);
  });

  it('gives five investors with real-looking e-mails and links, free text marked offline', async () => {
    const value = JSON.parse(await json(investors)) as {
      industry: string;
      investors: { email: string; contactPage: string; name: string }[];
    };
    expect(value.investors).toHaveLength(5);
    for (const investor of value.investors) {
      expect(investor.email).toMatch(/^[a-z0-9.]+@example\.com$/);
      expect(new URL(investor.contactPage).protocol).toBe('https:');
      expect(investor.name).toContain('[Offline preview]');
    }
    expect(new Set(value.investors.map((i) => i.name)).size).toBe(5);
    expect(value.industry).toContain('[Offline preview]');
  });

  it('fits formats, lengths and bounds in the edge-case schema', async () => {
    const value = JSON.parse(await json(edgeCases)) as Record<string, unknown>;
    expect(value.kind).toBe('report');
    expect(String(value.code).length).toBeGreaterThanOrEqual(3);
    expect(value.count).toBeGreaterThan(2);
    expect(value.count).toBeLessThan(5);
    expect(value.both).toMatchObject({
      x: expect.any(Number),
      y: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(value.id).toMatch(/^[0-9a-f]{8}-0000-4000-8000-[0-9a-f]{12}$/);
    expect(strings(value.note)[0]).toContain('[Offline preview]');
  });

  it('answers a string or array at the root', async () => {
    for (const schema of [
      { type: 'string' },
      { type: 'array', items: { type: 'number', minimum: 10 } },
      {},
    ] as JsonSchema[]) {
      expect(checkJsonAnswer(await json(schema), schema).ok).toBe(true);
    }
  });
});

describe('OfflineProvider images', () => {
  it('draws an SVG of the requested size with the prompt and the offline label', async () => {
    const image = await provider.generateImage(
      { prompt: 'A fox & a <hound> at dawn over the hills', size: '320x200' },
      live(),
    );
    const svg = new TextDecoder().decode(image.data);
    expect(image.mime).toBe('image/svg+xml');
    expect(svg).toMatch(/^<svg [^>]*width="320" height="200"/);
    expect(svg).toContain('A fox &amp; a &lt;hound&gt; at …');
    expect(svg).toContain('Offline preview');
    expect(svg).not.toContain('<hound>');
    expect(
      (
        await provider.generateImage(
          { prompt: 'A fox & a <hound> at dawn over the hills', size: '320x200' },
          live(),
        )
      ).data,
    ).toEqual(image.data);
  });

  it('defaults to 512x512', async () => {
    const svg = new TextDecoder().decode((await provider.generateImage({ prompt: 'Sunset' }, live())).data);
    expect(svg).toContain('width="512" height="512"');
  });

  it('describes a PNG from its header', async () => {
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 640);
    new DataView(png.buffer).setUint32(20, 480);
    const description = await provider.describeImage(
      { prompt: 'What is in this picture?', image: { data: png, mime: 'image/png' } },
      live(),
    );
    expect(description.startsWith('[Offline preview] ')).toBe(true);
    expect(description).toContain('image/png');
    expect(description).toContain('640 × 480 pixels');
    expect(description).toContain('33 bytes');
  });

  it('reads GIF and JPEG sizes too', async () => {
    const gif = Uint8Array.from([...Buffer.from('GIF89a'), 10, 0, 20, 0, 0, 0]);
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 200, 1, 44, 3, 0, 0, 0,
    ]);
    const describe = (data: Uint8Array, mime: string) =>
      provider.describeImage({ prompt: 'Describe', image: { data, mime } }, live());
    expect(await describe(gif, 'image/gif')).toContain('10 × 20 pixels');
    expect(await describe(jpeg, 'image/jpeg')).toContain('300 × 200 pixels');
  });
});

describe('OfflineProvider abort', () => {
  it('refuses every call once the run is stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const options = { signal: controller.signal };
    const aborted = expect.objectContaining({ kind: 'aborted' });
    await expect(collect(provider.streamText({ prompt: 'Hi' }, options))).rejects.toEqual(aborted);
    await expect(
      provider.completeJson({ prompt: 'Hi', schema: classification, schemaName: 'c' }, options),
    ).rejects.toEqual(aborted);
    await expect(provider.generateImage({ prompt: 'Hi' }, options)).rejects.toBeInstanceOf(AiProviderError);
  });

  it('stops a stream part way', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const run = async () => {
      for await (const piece of provider.streamText(
        { prompt: 'Tell a long story about dragons.' },
        controller,
      )) {
        pieces.push(piece);
        if (pieces.length === 2) controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ kind: 'aborted' });
    expect(pieces).toHaveLength(2);
  });

  it('makes nothing before the stream is read, and stops for good when the reader stops', async () => {
    const controller = new AbortController();
    const reported: unknown[] = [];
    const options = { signal: controller.signal, onUsage: (usage: unknown) => reported.push(usage) };
    // Stopped before the first read: the stream is refused only when read, as a generator's would be.
    controller.abort();
    const stopped = provider.streamText({ prompt: 'Hi' }, options);
    await expect(collect(stopped)).rejects.toMatchObject({ kind: 'aborted' });
    // A reader that breaks off: no more pieces, and the answer's model is not reported.
    const stream = provider.streamText({ prompt: 'Tell a long story about dragons.' }, live());
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    for await (const piece of { [Symbol.asyncIterator]: () => iterator }) {
      expect(piece).not.toBe('');
      break;
    }
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(reported).toEqual([]);
  });

  it('reports the model once, at the end of a stream read to the end', async () => {
    const reported: unknown[] = [];
    const stream = provider.streamText({ prompt: 'Hi' }, { ...live(), onUsage: (u) => reported.push(u) });
    const iterator = stream[Symbol.asyncIterator]();
    let result = await iterator.next();
    while (!result.done) {
      expect(reported).toEqual([]);
      result = await iterator.next();
    }
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(reported).toEqual([{ model: 'offline' }]);
  });

  it('offers the spec model names', () => {
    expect(provider.models()).toEqual({
      text: ['gpt-4', 'gpt-3.5-turbo'],
      image: ['dalle'],
      defaultText: 'gpt-4',
      defaultImage: 'dalle',
    });
    expect(provider.offline).toBe(true);
    expect(provider.name).toBe('offline');
  });
});
