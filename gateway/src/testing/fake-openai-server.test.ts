import { imageDimensions } from '../providers/ai/image-dimensions';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';
import { pngFor, tokenCount } from './fake-vendor-answers';

// The fake speaks OpenAI's documented wire format; these checks read it raw, without the SDK.

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});

afterAll(() => fake.close());

const post = (path: string, body: unknown, key = 'test-key') =>
  fetch(`${fake.url}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });

const ask = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }] };

/** The `data:` payloads of a server-sent event stream. */
const dataLines = (text: string) =>
  text
    .split('\n\n')
    .filter(Boolean)
    .map((event) => event.replace(/^data: /, ''));

describe('fake OpenAI API', () => {
  it('answers a chat completion from the last user message, with usage from the text', async () => {
    const response = await post('/chat/completions', ask);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: 'Answer to: Hello there' },
        },
      ],
      usage: {
        prompt_tokens: tokenCount('Hello there'),
        completion_tokens: tokenCount('Answer to: Hello there'),
      },
    });
  });

  it('streams chunks in several pieces, a usage chunk when asked, then [DONE]', async () => {
    const response = await post('/chat/completions', {
      ...ask,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const lines = dataLines(await response.text());
    expect(lines.at(-1)).toBe('[DONE]');
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line));
    const deltas = chunks.map((c) => c.choices[0]?.delta?.content).filter(Boolean);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Answer to: Hello there');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      usage: { total_tokens: expect.any(Number) },
    });
    const plain = dataLines(await (await post('/chat/completions', { ...ask, stream: true })).text());
    expect(plain.slice(0, -1).every((line) => !('usage' in JSON.parse(line)))).toBe(true);
  });

  it('answers a json_schema response format with a value built from that schema', async () => {
    const schema = {
      type: 'object',
      required: ['label', 'score'],
      properties: {
        label: { type: 'string', enum: ['spam', 'ham'] },
        score: { type: 'integer', minimum: 2 },
      },
    };
    const response = await post('/chat/completions', {
      ...ask,
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema } },
    });
    const content = ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!
      .message.content;
    expect(JSON.parse(content)).toEqual({ label: 'spam', score: 2 });
    const unnamed = await post('/chat/completions', {
      ...ask,
      response_format: { type: 'json_schema', json_schema: { schema } },
    });
    expect([
      unnamed.status,
      ((await unnamed.json()) as { error: { message: string } }).error.message,
    ]).toEqual([400, "Missing required parameter: 'response_format.json_schema.name'."]);
    const jsonMode = await post('/chat/completions', { ...ask, response_format: { type: 'json_object' } });
    expect(jsonMode.status).toBe(400);
  });

  it('acknowledges an image sent as image_url', async () => {
    const url = `data:image/png;base64,${pngFor(undefined).toString('base64')}`;
    const response = await post('/chat/completions', {
      ...ask,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What?' },
            { type: 'image_url', image_url: { url } },
          ],
        },
      ],
    });
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]!.message.content).toBe('I see a 1x1 image/png image. Answer to: What?');
  });

  it('generates images as b64_json or a link to itself, of the asked proportions', async () => {
    const b64 = await post('/images/generations', {
      model: 'dall-e-3',
      prompt: 'a fox',
      size: '1792x1024',
      response_format: 'b64_json',
    });
    const [image] = ((await b64.json()) as { data: { b64_json: string }[] }).data;
    expect(imageDimensions(Buffer.from(image!.b64_json, 'base64'))).toMatchObject({
      format: 'png',
      width: 7,
      height: 4,
    });
    const linked = (await (
      await post('/images/generations', { model: 'dall-e-3', prompt: 'a fox' })
    ).json()) as { data: { url: string }[] };
    const download = await fetch(linked.data[0]!.url);
    expect(download.headers.get('content-type')).toBe('image/png');
    const refused = await post('/images/generations', {
      model: 'gpt-image-1',
      prompt: 'a fox',
      response_format: 'b64_json',
    });
    expect(refused.status).toBe(400);
    const badSize = await post('/images/generations', { model: 'dall-e-3', prompt: 'a fox', size: '10x10' });
    expect(((await badSize.json()) as { error: { param: string } }).error.param).toBe('size');
  });

  it('lists its models', async () => {
    const response = await fetch(`${fake.url}/v1/models`, { headers: { authorization: 'Bearer test-key' } });
    const list = (await response.json()) as { object: string; data: { id: string; object: string }[] };
    expect(list.object).toBe('list');
    expect(list.data.map((m) => m.id)).toContain('gpt-4o-mini');
    expect(list.data.every((m) => m.object === 'model')).toBe(true);
  });

  it('answers errors as the API does: the key, a missing model, rate limits, a bad request', async () => {
    const wrongKey = await post('/chat/completions', ask, 'sk-wrong-secret-key');
    const keyError = ((await wrongKey.json()) as { error: Record<string, unknown> }).error;
    expect([wrongKey.status, keyError.code, keyError.type]).toEqual([
      401,
      'invalid_api_key',
      'invalid_request_error',
    ]);
    expect(String(keyError.message)).not.toContain('sk-wrong-secret-key');
    const missing = await post('/chat/completions', { ...ask, model: 'gpt-9' });
    expect([missing.status, ((await missing.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'model_not_found',
    ]);
    const busy = await post('/chat/completions', { ...ask, model: 'busy-model' });
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await post('/chat/completions', { ...ask, model: 'overloaded-model' })).status).toBe(503);
    const noMessages = await post('/chat/completions', { model: 'gpt-4o-mini' });
    expect(await noMessages.json()).toEqual({
      error: {
        message: "Missing required parameter: 'messages'.",
        type: 'invalid_request_error',
        param: 'messages',
        code: null,
      },
    });
    const options = await post('/chat/completions', { ...ask, stream_options: { include_usage: true } });
    expect(options.status).toBe(400);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
  });

  describe('tool calls', () => {
    type Delta = {
      tool_calls?: {
        index: number;
        id?: string;
        type?: string;
        function: { name?: string; arguments: string };
      }[];
    };
    const tools = [
      { type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } },
      {
        type: 'function',
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ];
    const weatherAsk = {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'get_weather in Oslo' }],
      tools,
    };

    it('calls the tool the prompt names, with arguments from its schema', async () => {
      const response = await post('/chat/completions', weatherAsk);
      expect(await response.json()).toMatchObject({
        choices: [
          {
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_fake01',
                  type: 'function',
                  function: { name: 'get_weather', arguments: '{"city":"get_weather in Oslo"}' },
                },
              ],
            },
          },
        ],
      });
    });

    it('streams the call: its id and name, then its arguments in pieces', async () => {
      const response = await post('/chat/completions', { ...weatherAsk, stream: true });
      const chunks = dataLines(await response.text())
        .slice(0, -1)
        .map((line) => JSON.parse(line) as { choices: { delta: Delta; finish_reason: string }[] });
      const deltas = chunks.map((c) => c.choices[0]!.delta);
      expect(deltas[0]!.tool_calls).toEqual([
        { index: 0, id: 'call_fake01', type: 'function', function: { name: 'get_weather', arguments: '' } },
      ]);
      const pieces = deltas.slice(1, -1).map((d) => d.tool_calls![0]!.function.arguments);
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join('')).toBe('{"city":"get_weather in Oslo"}');
      expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
    });

    it('answers from the tool results that end the conversation', async () => {
      const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } };
      const response = await post('/chat/completions', {
        ...weatherAsk,
        messages: [
          ...weatherAsk.messages,
          { role: 'assistant', content: null, tool_calls: [call] },
          { role: 'tool', tool_call_id: 'call_1', content: 'Rain' },
        ],
      });
      expect(await response.json()).toMatchObject({
        choices: [{ finish_reason: 'stop', message: { content: 'Based on get_weather: Rain' } }],
      });
    });

    it('refuses a tool result answering no call, an empty tools list and a bad tool name', async () => {
      const orphan = await post('/chat/completions', {
        ...weatherAsk,
        messages: [...weatherAsk.messages, { role: 'tool', tool_call_id: 'call_x', content: 'Rain' }],
      });
      expect(orphan.status).toBe(400);
      expect(((await orphan.json()) as { error: { message: string } }).error.message).toContain(
        "messages with role 'tool' must be a response to a preceeding message with 'tool_calls'",
      );
      expect((await post('/chat/completions', { ...weatherAsk, tools: [] })).status).toBe(400);
      const badName = await post('/chat/completions', {
        ...weatherAsk,
        tools: [{ type: 'function', function: { name: 'get weather' } }],
      });
      expect(badName.status).toBe(400);
      expect(((await badName.json()) as { error: { param: string } }).error.param).toBe(
        'tools[0].function.name',
      );
    });
  });
});
