import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { Ai } from '@blocksmith/block-sdk';
import type { AiUsage, JsonSchema } from '@blocksmith/block-sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import { OpenAiProvider, type OpenAiProviderConfig } from './openai-provider';

/** A request as the fake server saw it. */
interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

type Responder = (request: Seen, res: ServerResponse) => void;

/** A small OpenAI-compatible server: each test queues how the next requests are answered. */
let server: Server;
let baseURL: string;
let seen: Seen[] = [];
let responders: Responder[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const request: Seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      };
      seen.push(request);
      const respond = responders.length > 1 ? responders.shift()! : responders[0];
      if (!respond) return sendJson(res, 500, { error: { message: 'nothing scripted' } });
      respond(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  responders = [];
});

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function completion(content: string) {
  return (_request: Seen, res: ServerResponse) =>
    sendJson(res, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: 'test',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    });
}

function chunk(content: string) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;
}

function streamed(pieces: string[]) {
  return (_request: Seen, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of pieces) res.write(chunk(piece));
    res.end('data: [DONE]\n\n');
  };
}

function provider(config: Partial<OpenAiProviderConfig> = {}) {
  return new OpenAiProvider({ apiKey: 'sk-test-secret', baseURL, maxRetries: 0, timeoutMs: 2000, ...config });
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

describe('OpenAiProvider text', () => {
  it('streams the content deltas, with the key, the mapped model and the system message', async () => {
    responders = [streamed(['Hello', ' there', '!'])];
    const ai = provider({ modelAliases: { 'gpt-4': 'llama3.1' } });
    const pieces = await collect(
      ai.streamText({ prompt: 'Greet me', system: 'Be brief', model: 'gpt-4' }, live()),
    );
    expect(pieces).toEqual(['Hello', ' there', '!']);
    const [request] = seen;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-test-secret',
    });
    expect(request!.body).toMatchObject({
      model: 'llama3.1',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Greet me' },
      ],
    });
  });

  it('uses the text model when none is asked for and passes spec names through', async () => {
    responders = [streamed(['ok'])];
    await collect(provider().streamText({ prompt: 'Hi', temperature: 0.2, maxTokens: 50 }, live()));
    await collect(provider().streamText({ prompt: 'Hi', model: 'gpt-3.5-turbo' }, live()));
    expect(seen.map((r) => r.body.model)).toEqual(['gpt-4o-mini', 'gpt-3.5-turbo']);
    expect(seen[0]!.body).toMatchObject({ temperature: 0.2, max_tokens: 50 });
  });

  it('stops a stream part way when the run is aborted', async () => {
    responders = [
      (_request, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk('First'));
        // ...and never finishes.
      },
    ];
    const controller = new AbortController();
    const pieces: string[] = [];
    const run = async () => {
      for await (const piece of provider().streamText({ prompt: 'Go' }, controller)) {
        pieces.push(piece);
        controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ kind: 'aborted', message: 'The run was stopped.' });
    expect(pieces).toEqual(['First']);
  });
});

describe('OpenAiProvider JSON', () => {
  it('asks for a json_schema answer and describes the schema in the system message', async () => {
    responders = [completion('{"category":"Bug","confidence":0.9}')];
    const raw = await provider().completeJson(
      { prompt: 'The app crashes', system: 'Classify tickets.', schema, schemaName: 'ticket class' },
      live(),
    );
    expect(raw).toBe('{"category":"Bug","confidence":0.9}');
    const body = seen[0]!.body as { response_format: unknown; messages: { role: string; content: string }[] };
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'ticket_class', schema, strict: false },
    });
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages[0]!.content).toContain('Classify tickets.');
    expect(body.messages[0]!.content).toContain(JSON.stringify(schema));
  });

  it('uses plain JSON mode when configured', async () => {
    responders = [completion('{}')];
    await provider({ jsonMode: 'json_object' }).completeJson(
      { prompt: 'x', schema, schemaName: 's' },
      live(),
    );
    expect(seen[0]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('sends a refused answer back once with the validation error, through the Ai facade', async () => {
    responders = [
      completion('{"category":"Feature"}'),
      completion('{"category":"Question","confidence":0.4}'),
    ];
    const ai = new Ai(provider(), new AbortController().signal);
    const value = await ai.json({ prompt: 'How do I export?', schema, schemaName: 'classification' });
    expect(value).toEqual({ category: 'Question', confidence: 0.4 });
    expect(seen).toHaveLength(2);
    const retry = seen[1]!.body.messages as { role: string; content: string }[];
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"category":"Feature"}' });
    expect(retry.at(-1)!.role).toBe('user');
    expect(retry.at(-1)!.content).toContain("must have required property 'confidence'");
    expect(retry.at(-1)!.content).toContain('/category must be equal to one of the allowed values');
  });
});

describe('OpenAiProvider images', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  it('generates base64 images, mapping dalle to the image model', async () => {
    responders = [
      (_request, res) => sendJson(res, 200, { created: 0, data: [{ b64_json: png.toString('base64') }] }),
    ];
    const image = await provider().generateImage(
      { prompt: 'A red fox', model: 'dalle', size: '256x256' },
      live(),
    );
    expect(image.mime).toBe('image/png');
    expect(Buffer.from(image.data).equals(png)).toBe(true);
    expect(seen[0]).toMatchObject({ path: '/v1/images/generations' });
    expect(seen[0]!.body).toEqual({
      model: 'dall-e-3',
      prompt: 'A red fox',
      n: 1,
      response_format: 'b64_json',
      size: '256x256',
    });
  });

  it('downloads a link to its own host, and refuses a link elsewhere', async () => {
    responders = [
      (_request, res) => sendJson(res, 200, { created: 0, data: [{ url: `${baseURL}/files/fox.png` }] }),
      (_request, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(png);
      },
      (_request, res) =>
        sendJson(res, 200, { created: 0, data: [{ url: 'https://elsewhere.example/fox.png' }] }),
    ];
    const image = await provider().generateImage({ prompt: 'A fox' }, live());
    expect(Buffer.from(image.data).equals(png)).toBe(true);
    expect(seen[1]).toMatchObject({ method: 'GET', path: '/v1/files/fox.png' });
    await expect(provider().generateImage({ prompt: 'A fox' }, live())).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('elsewhere.example'),
    });
  });

  it('describes an image sent as a data: URL', async () => {
    responders = [completion('A small red square.')];
    const answer = await provider({ visionModel: 'llava' }).describeImage(
      { prompt: 'What is this?', image: { data: Uint8Array.from(png), mime: 'image/png' } },
      live(),
    );
    expect(answer).toBe('A small red square.');
    const body = seen[0]!.body as { model: string; messages: { content: unknown }[] };
    expect(body.model).toBe('llava');
    expect(body.messages[0]!.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
    ]);
  });
});

describe('OpenAiProvider usage', () => {
  it('reports the answering model and the token counts of a stream (asking for them)', async () => {
    responders = [
      (_request, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk('Hi'));
        // With include_usage the last chunk has no choices and carries the counts.
        res.write(
          `data: ${JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion.chunk',
            created: 0,
            model: 'llama3.1:8b',
            choices: [],
            usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
          })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      },
    ];
    const reported: AiUsage[] = [];
    const pieces = await collect(
      provider().streamText(
        { prompt: 'Hi' },
        { signal: new AbortController().signal, onUsage: (usage) => reported.push(usage) },
      ),
    );
    expect(pieces).toEqual(['Hi']);
    expect(seen[0]!.body.stream_options).toEqual({ include_usage: true });
    expect(reported).toEqual([
      { model: 'llama3.1:8b', promptTokens: 12, completionTokens: 3, totalTokens: 15 },
    ]);
  });

  it('reports the model alone when the server gives no counts, and the counts of a JSON answer', async () => {
    responders = [streamed(['ok'])];
    const reported: AiUsage[] = [];
    const onUsage = (usage: AiUsage) => reported.push(usage);
    await collect(provider().streamText({ prompt: 'Hi' }, { signal: new AbortController().signal, onUsage }));
    responders = [
      (_request, res) =>
        sendJson(res, 200, {
          id: 'chatcmpl-2',
          object: 'chat.completion',
          created: 0,
          model: 'gpt-4o-mini-2024',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '{}' } }],
          usage: { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 },
        }),
    ];
    await provider().completeJson(
      { prompt: 'x', schema: { type: 'object' }, schemaName: 'empty' },
      { signal: new AbortController().signal, onUsage },
    );
    expect(reported).toEqual([
      { model: 'test' },
      { model: 'gpt-4o-mini-2024', promptTokens: 40, completionTokens: 2, totalTokens: 42 },
    ]);
  });

  it('passes usage through the Ai facade to whoever asked for it', async () => {
    responders = [completion('A fox.')];
    const reported: AiUsage[] = [];
    const ai = new Ai(
      provider(),
      new AbortController().signal,
      () => {},
      (usage) => reported.push(usage),
    );
    await ai.vision({ prompt: 'What is it?', image: { data: new Uint8Array([1]), mime: 'image/png' } });
    expect(reported).toEqual([{ model: 'test' }]);
  });
});

describe('OpenAiProvider errors', () => {
  it('retries a 429 after the server-given delay', async () => {
    responders = [
      (_request, res) => sendJson(res, 429, { error: { message: 'Slow down' } }, { 'retry-after-ms': '10' }),
      completion('{"category":"Bug","confidence":1}'),
    ];
    const raw = await provider({ maxRetries: 2 }).completeJson(
      { prompt: 'x', schema, schemaName: 's' },
      live(),
    );
    expect(raw).toContain('Bug');
    expect(seen).toHaveLength(2);
  });

  it('reports rate limiting that outlasts the retries', async () => {
    responders = [
      (_request, res) => sendJson(res, 429, { error: { message: 'Slow down' } }, { 'retry-after-ms': '10' }),
    ];
    await expect(
      provider({ maxRetries: 1 }).completeJson({ prompt: 'x', schema, schemaName: 's' }, live()),
    ).rejects.toMatchObject({ kind: 'rate_limited', message: expect.stringContaining('Slow down') });
    expect(seen).toHaveLength(2);
  });

  it('reports a server that keeps failing as unavailable, after the retries', async () => {
    responders = [
      (_request, res) => sendJson(res, 500, { error: { message: 'Boom' } }, { 'retry-after-ms': '10' }),
    ];
    const error = await collect(provider({ maxRetries: 1 }).streamText({ prompt: 'x' }, live())).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ kind: 'unavailable', code: 'AI_PROVIDER_ERROR' });
    expect(error.message).toBe(
      'The OpenAI-compatible AI service had a problem (500: Boom), also after 1 retry. Try again later.',
    );
    expect(seen).toHaveLength(2);
  });

  it('cuts a request that hangs at the timeout', async () => {
    responders = [() => {}];
    const started = Date.now();
    await expect(
      provider({ timeoutMs: 300 }).completeJson({ prompt: 'x', schema, schemaName: 's' }, live()),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: 'The OpenAI-compatible AI service did not answer within 0.3 s.',
    });
    // Cut at the timeout, not left hanging until the test's own limit (generous for a busy machine).
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('cuts a stream that stalls part way at the timeout', async () => {
    responders = [
      (_request, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk('Start'));
      },
    ];
    const pieces: string[] = [];
    const run = async () => {
      for await (const piece of provider({ timeoutMs: 1000 }).streamText({ prompt: 'x' }, live()))
        pieces.push(piece);
    };
    await expect(run()).rejects.toMatchObject({
      kind: 'timeout',
      message: 'The OpenAI-compatible AI service stopped sending its answer for 1 s.',
    });
    expect(pieces).toEqual(['Start']);
  });

  it('stops a waiting request when the run is aborted', async () => {
    responders = [() => {}];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(
      provider().describeImage(
        { prompt: 'x', image: { data: new Uint8Array(1), mime: 'image/png' } },
        controller,
      ),
    ).rejects.toMatchObject({
      kind: 'aborted',
    });
  });

  it('reports a refused request with the server message, never the key', async () => {
    responders = [
      (_request, res) =>
        sendJson(res, 401, {
          error: { message: 'Incorrect API key provided: sk-test-secret.', type: 'invalid_request_error' },
        }),
      (_request, res) => sendJson(res, 404, { error: { message: "model 'gpt-4' not found" } }),
    ];
    const unauthorised = await provider()
      .completeJson({ prompt: 'x', schema, schemaName: 's' }, live())
      .catch((e) => e);
    expect(unauthorised).toMatchObject({ kind: 'rejected' });
    expect(unauthorised.message).toContain('Check OPENAI_API_KEY');
    expect(unauthorised.message).not.toContain('sk-test-secret');
    const missing = await provider()
      .completeJson({ prompt: 'x', model: 'gpt-4', schema, schemaName: 's' }, live())
      .catch((e) => e);
    expect(missing).toMatchObject({ kind: 'rejected' });
    expect(missing.message).toContain("(404: model 'gpt-4' not found)");
    expect(missing.message).toContain('OPENAI_MODEL_ALIASES');
  });

  it('reports a server that is not there as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await provider({ baseURL: `http://127.0.0.1:${port}/v1` })
      .completeJson({ prompt: 'x', schema, schemaName: 's' }, live())
      .catch((e) => e);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toBe(
      `The OpenAI-compatible AI service at 127.0.0.1:${port} could not be reached (ECONNREFUSED). Check OPENAI_BASE_URL and that the server is running.`,
    );
  });
});

describe('OpenAiProvider models', () => {
  it('never shows the key when the provider is logged', () => {
    expect(inspect(provider(), { depth: 10 })).not.toContain('sk-test-secret');
  });

  it('offers the spec names and the configured image models', () => {
    expect(provider().models()).toEqual({
      text: ['gpt-4', 'gpt-3.5-turbo', 'gpt-4o-mini'],
      image: ['dalle'],
      defaultText: 'gpt-4',
      defaultImage: 'dalle',
    });
    expect(provider({ imageModels: ['flux', 'sdxl'], imageModel: 'sdxl' }).models()).toMatchObject({
      image: ['flux', 'sdxl'],
      defaultImage: 'sdxl',
    });
  });
});

describe('OpenAiProvider models', () => {
  it('lists the models a block can use, with what each can do, and leaves out the others', async () => {
    responders = [
      (request, res) =>
        sendJson(res, 200, {
          object: 'list',
          data: ['gpt-4o', 'text-embedding-3-small', 'dall-e-3', 'whisper-1', 'llama3.1'].map((id) => ({
            id,
            object: 'model',
            created: 0,
            owned_by: request.authorization === 'Bearer sk-test-secret' ? 'you' : 'nobody',
          })),
        }),
    ];
    const models = await provider().listModels({ signal: new AbortController().signal });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/v1/models',
      authorization: 'Bearer sk-test-secret',
    });
    expect(models).toEqual([
      { id: 'dall-e-3', label: 'dall-e-3', capabilities: ['image'] },
      {
        id: 'gpt-4o',
        label: 'gpt-4o',
        capabilities: ['text', 'structured', 'streaming', 'tools', 'vision'],
        contextTokens: 128_000,
      },
      { id: 'llama3.1', label: 'llama3.1', capabilities: ['text', 'structured', 'streaming'] },
    ]);
  });

  it('says why the list could not be read', async () => {
    responders = [
      (_request, res) => sendJson(res, 401, { error: { message: 'Incorrect API key provided' } }),
    ];
    await expect(provider().listModels({ signal: new AbortController().signal })).rejects.toThrow(
      /refused the credentials \(401: Incorrect API key provided\)/,
    );
  });
});
