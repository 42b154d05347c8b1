import { startFakeAnthropic, type FakeAnthropic } from './fake-anthropic-server';

let fake: FakeAnthropic;

beforeAll(async () => {
  fake = await startFakeAnthropic({ maxPageSize: 2 });
});

afterAll(() => fake.close());

const headers = {
  'content-type': 'application/json',
  'x-api-key': 'test-key',
  'anthropic-version': '2023-06-01',
};

async function post(body: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${fake.url}/v1/messages`, {
    method: 'POST',
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const ask = {
  model: 'claude-sonnet-4-6',
  max_tokens: 100,
  messages: [{ role: 'user', content: 'Hello there' }],
};

/** The `data` of each server-sent event, by event name. */
function events(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .trim()
    .split('\n\n')
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.replace('event: ', ''), data: JSON.parse(dataLine!.replace('data: ', '')) };
    });
}

describe('fake Anthropic API', () => {
  it('answers a message from the last user turn, with usage derived from the text', async () => {
    const { status, text } = await post(ask);
    expect(status).toBe(200);
    const message = JSON.parse(text);
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [{ type: 'text', text: 'Answer to: Hello there' }],
      stop_reason: 'end_turn',
    });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/messages', body: ask });
  });

  it('streams the documented event sequence, the text in several deltas', async () => {
    const { text, headers: answerHeaders } = await post({ ...ask, stream: true });
    expect(answerHeaders.get('content-type')).toBe('text/event-stream');
    const seen = events(text);
    expect(seen.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const deltas = seen
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => (e.data.delta as { text: string }).text);
    expect(deltas.join('')).toBe('Answer to: Hello there');
    expect(seen[7]!.data).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { output_tokens: expect.any(Number) },
    });
  });

  it('fills a forced tool from its input_schema, streamed as input_json_delta', async () => {
    const tool = {
      name: 'verdict',
      input_schema: {
        type: 'object',
        required: ['label', 'score', 'tags'],
        properties: {
          label: { enum: ['good', 'bad'] },
          score: { type: 'integer', minimum: 3 },
          tags: { type: 'array', items: { type: 'string' } },
          note: { type: 'string' },
        },
      },
    };
    const body = { ...ask, tools: [tool], tool_choice: { type: 'tool', name: 'verdict' } };
    const plain = JSON.parse((await post(body)).text);
    expect(plain.stop_reason).toBe('tool_use');
    expect(plain.content).toEqual([
      {
        type: 'tool_use',
        id: expect.any(String),
        name: 'verdict',
        input: { label: 'good', score: 3, tags: ['Hello there'] },
      },
    ]);
    const streamed = events((await post({ ...body, stream: true })).text);
    const json = streamed
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => (e.data.delta as { type: string; partial_json: string }).partial_json)
      .join('');
    expect(JSON.parse(json)).toEqual(plain.content[0].input);
  });

  it('gives no structured answer to a forced tool without a schema', async () => {
    const { status, text } = await post({
      ...ask,
      tools: [{ name: 'verdict' }],
      tool_choice: { type: 'tool', name: 'verdict' },
    });
    expect(status).toBe(400);
    expect(JSON.parse(text)).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'tools.0.input_schema: Field required' },
    });
  });

  it('acknowledges an image of the message', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } };
    const { text } = await post({
      ...ask,
      messages: [{ role: 'user', content: [image, { type: 'text', text: 'What?' }] }],
    });
    expect(JSON.parse(text).content[0].text).toBe('I see a 1x1 image/png image. Answer to: What?');
  });

  it.each([
    [{ ...ask, model: undefined }, 'model: Field required'],
    [{ ...ask, max_tokens: undefined }, 'max_tokens: Field required'],
    [{ ...ask, messages: [] }, 'messages: Field required'],
  ])('refuses a request without a required field (%#)', async (body, message) => {
    const { status, text } = await post(body);
    expect(status).toBe(400);
    expect(JSON.parse(text).error).toEqual({ type: 'invalid_request_error', message });
  });

  it('refuses sampling parameters from API version 2026-10-21 on', async () => {
    expect((await post({ ...ask, temperature: 0.5 })).status).toBe(200);
    const refused = await post({ ...ask, temperature: 0.5 }, { 'anthropic-version': '2026-10-21' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).error.message).toBe('temperature: Extra inputs are not permitted');
  });

  it('checks the key in either header, and the version header', async () => {
    expect((await post(ask, { 'x-api-key': 'other' })).status).toBe(401);
    const bearer = { 'x-api-key': '', authorization: 'Bearer test-key' };
    expect((await post(ask, bearer)).status).toBe(200);
    const unversioned = await post(ask, { 'anthropic-version': '' });
    expect(unversioned.status).toBe(400);
    expect(JSON.parse(unversioned.text).error.message).toBe('anthropic-version: header is required');
  });

  it('answers the error models as the service does', async () => {
    const missing = await post({ ...ask, model: 'missing-model' });
    expect([missing.status, JSON.parse(missing.text).error.type]).toEqual([404, 'not_found_error']);
    const busy = await post({ ...ask, model: 'busy-model' });
    expect([busy.status, busy.headers.get('retry-after'), JSON.parse(busy.text).error.type]).toEqual([
      429,
      '7',
      'rate_limit_error',
    ]);
    const overloaded = await post({ ...ask, model: 'overloaded-model' });
    expect([overloaded.status, JSON.parse(overloaded.text).error.type]).toEqual([529, 'overloaded_error']);
  });

  it('lists models in pages with has_more, first_id and last_id', async () => {
    const get = async (query: string) =>
      (await fetch(`${fake.url}/v1/models${query}`, { headers })).json() as Promise<Record<string, unknown>>;
    const first = await get('');
    expect(first).toMatchObject({
      has_more: true,
      first_id: 'claude-sonnet-5-5',
      last_id: 'claude-sonnet-4-6',
    });
    expect(first.data).toEqual([
      expect.objectContaining({
        type: 'model',
        id: 'claude-sonnet-5-5',
        display_name: 'Claude Sonnet 5.5',
      }),
      expect.objectContaining({ id: 'claude-sonnet-4-6' }),
    ]);
    const second = await get('?after_id=claude-sonnet-4-6');
    expect(second).toMatchObject({ has_more: false, first_id: 'claude-haiku-4-5-20251001' });
    const back = await get('?before_id=claude-haiku-4-5-20251001&limit=1');
    expect(back).toMatchObject({ has_more: true, first_id: 'claude-sonnet-4-6' });
  });
});
