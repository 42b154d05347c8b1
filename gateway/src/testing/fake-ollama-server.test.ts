import { startFakeOllama, type FakeOllama } from './fake-ollama-server';
import { tokenCount as fakeTokenCount } from './fake-vendor-answers';

// The fake speaks Ollama's documented wire format; these checks read it raw, without the SDK.

let fake: FakeOllama;

beforeAll(async () => {
  fake = await startFakeOllama();
});

afterAll(async () => {
  await fake.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const lines = async (response: Response) =>
  (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('fake Ollama server', () => {
  it('streams a chat answer as NDJSON lines made from the last user message, then a done line', async () => {
    const response = await post('/api/chat', {
      model: 'llama3.2:1b',
      messages: [
        { role: 'user', content: 'First' },
        { role: 'assistant', content: 'Ok' },
        { role: 'user', content: 'Tell me more' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const parts = await lines(response);
    const done = parts.at(-1)!;
    const streamed = parts.slice(0, -1);
    expect(streamed.length).toBeGreaterThan(1);
    for (const part of streamed) {
      expect(part).toMatchObject({ model: 'llama3.2:1b', created_at: expect.any(String), done: false });
    }
    expect(streamed.map((p) => (p.message as { content: string }).content).join('')).toBe(
      'Answer to: Tell me more',
    );
    expect(done).toMatchObject({
      done: true,
      done_reason: 'stop',
      prompt_eval_count: fakeTokenCount('First\nOk\nTell me more'),
      eval_count: fakeTokenCount('Answer to: Tell me more'),
    });
  });

  it('answers one JSON object with stream: false', async () => {
    const response = await post('/api/chat', {
      model: 'llama3.2:1b',
      stream: false,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(await response.json()).toMatchObject({
      message: { role: 'assistant', content: 'Answer to: Hi' },
      done: true,
    });
  });

  it('builds a structured answer from the schema in format, and none without one', async () => {
    const format = {
      type: 'object',
      required: ['label', 'score', 'tags'],
      properties: {
        label: { enum: ['spam', 'ham'] },
        score: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    const messages = [{ role: 'user', content: 'Buy now' }];
    const shaped = await post('/api/chat', { model: 'llama3.2:1b', stream: false, format, messages });
    const content = ((await shaped.json()) as { message: { content: string } }).message.content;
    expect(JSON.parse(content)).toEqual({ label: 'spam', score: 0, tags: ['Answer to: Buy now'] });
    const plain = await post('/api/chat', { model: 'llama3.2:1b', stream: false, messages });
    const text = ((await plain.json()) as { message: { content: string } }).message.content;
    expect(() => JSON.parse(text)).toThrow();
  });

  it('answers errors as Ollama does, from the request', async () => {
    const chat = (body: unknown) => post('/api/chat', body);
    const missingModel = await chat({ messages: [] });
    expect([missingModel.status, await missingModel.json()]).toEqual([400, { error: 'model is required' }]);
    const unknown = await chat({ model: 'missing-model', messages: [] });
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { error: "model 'missing-model' not found" },
    ]);
    const busy = await chat({ model: 'busy-model', messages: [] });
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await chat({ model: 'overloaded-model', messages: [] })).status).toBe(503);
    const badFormat = await chat({ model: 'llama3.2:1b', format: 'yaml', messages: [] });
    expect(badFormat.status).toBe(400);
  });

  it('lists, shows and says its version', async () => {
    const tags = (await (await fetch(`${fake.url}/api/tags`)).json()) as { models: { name: string }[] };
    expect(tags.models.map((m) => m.name)).toEqual(['llama3.2:1b', 'gemma3:4b', 'nomic-embed-text:latest']);
    const shown = (await (await post('/api/show', { model: 'gemma3:4b' })).json()) as Record<string, unknown>;
    expect(shown).toMatchObject({
      capabilities: ['completion', 'vision'],
      model_info: { 'general.architecture': 'gemma3', 'gemma3.context_length': 131072 },
    });
    expect((await post('/api/show', { model: 'nope' })).status).toBe(404);
    expect(await (await fetch(`${fake.url}/api/version`)).json()).toEqual({ version: expect.any(String) });
  });

  it('wants the test key only when started with requireKey', async () => {
    const keyed = await startFakeOllama({ requireKey: true });
    try {
      const without = await fetch(`${keyed.url}/api/tags`);
      expect([without.status, await without.json()]).toEqual([401, { error: 'unauthorized' }]);
      const wrong = await fetch(`${keyed.url}/api/tags`, { headers: { authorization: 'Bearer other' } });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${keyed.url}/api/tags`, { headers: { authorization: 'Bearer test-key' } });
      expect(right.status).toBe(200);
      expect(keyed.requests.map((r) => r.headers.authorization)).toEqual([
        undefined,
        'Bearer other',
        'Bearer test-key',
      ]);
    } finally {
      await keyed.close();
    }
  });
});
