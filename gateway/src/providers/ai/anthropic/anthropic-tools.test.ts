import type Anthropic from '@anthropic-ai/sdk';
import type { AiUsage, ToolMessage, ToolSpec, ToolTurnOptions } from '@blocksmith/block-sdk';
import { startFakeAnthropic, type FakeAnthropic } from '../../../testing/fake-anthropic-server';
import { AnthropicProvider } from './anthropic-provider';
import { ToolUseCollector } from './anthropic-tools';

let fake: FakeAnthropic;

beforeAll(async () => {
  fake = await startFakeAnthropic();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
});

const provider = (timeoutMs = 5000) =>
  new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, maxRetries: 0, timeoutMs });

const live = (extra: Partial<ToolTurnOptions> = {}): ToolTurnOptions => ({
  signal: new AbortController().signal,
  ...extra,
});

const weather: ToolSpec = {
  name: 'get_weather',
  description: 'The weather in a city today.',
  parameters: {
    type: 'object',
    required: ['city', 'days'],
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  },
};
const search: ToolSpec = {
  name: 'search_web',
  description: 'Searches the web.',
  parameters: { type: 'object', properties: { query: { type: 'string' } } },
};

describe('AnthropicProvider tool turns', () => {
  it('calls a tool, then answers from its result, in the Messages API’s own tool use', async () => {
    const ask: ToolMessage = { role: 'user', text: 'Should I take an umbrella in Paris?' };
    const first = await provider().toolTurn(
      { system: 'Help travellers.', messages: [ask], tools: [weather, search] },
      live(),
    );
    expect(first).toEqual({
      text: 'I will call get_weather.',
      toolCalls: [
        {
          id: 'toolu_fake01',
          name: 'get_weather',
          arguments: { city: 'Should I take an umbrella in Paris?', days: 1 },
        },
      ],
    });
    const sent = fake.requests[0]!.body;
    expect(sent).toMatchObject({
      stream: true,
      system: 'Help travellers.',
      tool_choice: { type: 'auto' },
      messages: [{ role: 'user', content: ask.text }],
    });
    expect(sent.tools).toEqual([
      { name: 'get_weather', description: weather.description, input_schema: weather.parameters },
      { name: 'search_web', description: search.description, input_schema: search.parameters },
    ]);

    const second = await provider().toolTurn(
      {
        messages: [
          ask,
          { role: 'assistant', ...first },
          {
            role: 'tool',
            results: [{ callId: 'toolu_fake01', name: 'get_weather', content: 'Rain, 12 C' }],
          },
        ],
        tools: [weather, search],
      },
      live(),
    );
    expect(second).toEqual({ text: 'Based on get_weather: Rain, 12 C', toolCalls: [] });
    expect(fake.requests[1]!.body.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'I will call get_weather.' },
          { type: 'tool_use', id: 'toolu_fake01', name: 'get_weather', input: first.toolCalls[0]!.arguments },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_fake01', content: 'Rain, 12 C' }],
      },
    ]);
  });

  it('calls the tool the user names', async () => {
    const turn = await provider().toolTurn(
      { messages: [{ role: 'user', text: 'Use search_web for cats' }], tools: [weather, search] },
      live(),
    );
    expect(turn.toolCalls).toEqual([
      { id: 'toolu_fake01', name: 'search_web', arguments: { query: 'Use search_web for cats' } },
    ]);
  });

  it('tells the text as it streams in, and reports the usage once', async () => {
    const pieces: string[] = [];
    const usage: AiUsage[] = [];
    const turn = await provider().toolTurn(
      { messages: [{ role: 'user', text: 'Weather please' }], tools: [weather], model: 'claude-haiku-4-5' },
      live({ onText: (piece) => pieces.push(piece), onUsage: (u) => usage.push(u) }),
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(turn.text);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ model: 'claude-haiku-4-5' });
    expect(usage[0]!.promptTokens).toBeGreaterThan(0);
    expect(usage[0]!.totalTokens).toBe(usage[0]!.promptTokens! + usage[0]!.completionTokens!);
  });

  it('sends a failed tool as an error result, and a later user message in the same turn', async () => {
    const turn = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          {
            role: 'assistant',
            text: '',
            toolCalls: [{ id: 'toolu_a', name: 'get_weather', arguments: { city: 'Oslo', days: 1 } }],
          },
          {
            role: 'tool',
            results: [{ callId: 'toolu_a', name: 'get_weather', content: 'Service down', isError: true }],
          },
        ],
        tools: [weather],
      },
      live(),
    );
    expect(turn).toEqual({ text: 'get_weather failed: Service down', toolCalls: [] });
    const [, assistant, results] = fake.requests[0]!.body.messages;
    expect(assistant.content).toEqual([
      { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Oslo', days: 1 } },
    ]);
    expect(results.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_a', content: 'Service down', is_error: true },
    ]);

    await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [{ id: 'toolu_a', name: 'get_weather', arguments: {} }] },
          { role: 'tool', results: [{ callId: 'toolu_a', name: 'get_weather', content: 'Sun' }] },
          { role: 'user', text: 'And tomorrow?' },
        ],
        tools: [weather],
      },
      live(),
    );
    expect(fake.requests[1]!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_a', content: 'Sun' },
        { type: 'text', text: 'And tomorrow?' },
      ],
    });
  });

  it('reports the service’s refusal of results that answer no call, and of calls left unanswered', async () => {
    const call = { id: 'toolu_a', name: 'get_weather', arguments: {} };
    const stray = provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [call] },
          { role: 'tool', results: [{ callId: 'toolu_other', name: 'get_weather', content: 'Sun' }] },
        ],
        tools: [weather],
      },
      live(),
    );
    await expect(stray).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(
        /^Anthropic refused the request \(400: messages\.2\.content\.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_other\./,
      ),
    });
    const unanswered = provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [call] },
          { role: 'user', text: 'Never mind' },
        ],
        tools: [weather],
      },
      live(),
    );
    await expect(unanswered).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('`tool_use` ids were found without `tool_result` blocks'),
    });
  });

  it('refuses a tool whose parameters are not an object schema, before sending anything', async () => {
    const list: ToolSpec = { ...search, parameters: { type: 'array', items: { type: 'string' } } };
    await expect(
      provider().toolTurn({ messages: [{ role: 'user', text: 'x' }], tools: [list] }, live()),
    ).rejects.toMatchObject({ kind: 'rejected', message: expect.stringContaining('"search_web"') });
    expect(fake.requests).toHaveLength(0);
  });

  it('stops part way when the run is aborted, without reporting usage', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const usage: AiUsage[] = [];
    const turn = provider().toolTurn(
      { messages: [{ role: 'user', text: 'Weather?' }], tools: [weather], model: 'stalling-model' },
      {
        signal: controller.signal,
        onText: (piece) => {
          pieces.push(piece);
          controller.abort();
        },
        onUsage: (u) => usage.push(u),
      },
    );
    await expect(turn).rejects.toMatchObject({ kind: 'aborted', message: 'The run was stopped.' });
    expect(pieces).toHaveLength(1);
    expect(usage).toEqual([]);
  });
});

describe('ToolUseCollector', () => {
  it('joins each call’s input pieces by block, in the order the blocks came', () => {
    const collector = new ToolUseCollector();
    const start = (index: number, id: string, name: string) =>
      ({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name, input: {} },
      }) as Anthropic.RawMessageStreamEvent;
    const piece = (index: number, partial_json: string) =>
      ({
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json },
      }) as Anthropic.RawMessageStreamEvent;
    for (const event of [
      start(2, 'toolu_b', 'search_web'),
      start(1, 'toolu_a', 'get_weather'),
      piece(1, '{"city":'),
      piece(2, '{"query":"cats"}'),
      piece(1, '"Oslo"}'),
      start(3, 'toolu_c', 'now'),
    ]) {
      collector.add(event);
    }
    expect(collector.calls()).toEqual([
      { id: 'toolu_a', name: 'get_weather', arguments: { city: 'Oslo' } },
      { id: 'toolu_b', name: 'search_web', arguments: { query: 'cats' } },
      { id: 'toolu_c', name: 'now', arguments: {} },
    ]);
  });

  it('says so when a call’s input is not JSON', () => {
    const collector = new ToolUseCollector();
    collector.add({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: {} },
    } as Anthropic.RawMessageStreamEvent);
    collector.add({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '{"city": Osl' },
    } as Anthropic.RawMessageStreamEvent);
    expect(() => collector.calls()).toThrow(
      'Anthropic sent the arguments of its call to "get_weather" as broken JSON',
    );
  });
});
