import type { AiUsage, ToolMessage, ToolSpec, ToolTurnOptions } from '@blocksmith/block-sdk';
import { startFakeOllama, type FakeOllama } from '../../../testing/fake-ollama-server';
import { OllamaProvider } from './ollama-provider';
import { ToolCallCollector } from './ollama-tools';

let fake: FakeOllama;

beforeAll(async () => {
  fake = await startFakeOllama();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
});

const provider = () => new OllamaProvider({ host: fake.url, maxRetries: 0, timeoutMs: 10_000 });

const live = (extra: Partial<ToolTurnOptions> = {}): ToolTurnOptions => ({
  signal: new AbortController().signal,
  ...extra,
});

const chats = () => fake.requests.filter((r) => r.path === '/api/chat');

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

const model = 'llama3.2:1b';

describe('OllamaProvider tool turns', () => {
  it('calls a tool, then answers from its result, through /api/chat’s own tool calling', async () => {
    const ask: ToolMessage = { role: 'user', text: 'Umbrella in Paris?' };
    const first = await provider().toolTurn(
      { system: 'Help travellers.', messages: [ask], tools: [weather, search], model },
      live(),
    );
    expect(first).toEqual({
      text: '',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Umbrella in Paris?', days: 1 } }],
    });
    expect(chats()[0]!.body).toEqual({
      model,
      stream: true,
      messages: [
        { role: 'system', content: 'Help travellers.' },
        { role: 'user', content: 'Umbrella in Paris?' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', description: weather.description, parameters: weather.parameters },
        },
        {
          type: 'function',
          function: { name: 'search_web', description: search.description, parameters: search.parameters },
        },
      ],
    });

    const second = await provider().toolTurn(
      {
        messages: [
          ask,
          { role: 'assistant', ...first },
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Rain, 12 C' }] },
        ],
        tools: [weather, search],
        model,
      },
      live(),
    );
    expect(second).toEqual({ text: 'Based on get_weather: Rain, 12 C', toolCalls: [] });
    expect(chats()[1]!.body!.messages).toEqual([
      { role: 'user', content: 'Umbrella in Paris?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'get_weather', arguments: first.toolCalls[0]!.arguments } }],
      },
      { role: 'tool', tool_name: 'get_weather', content: 'Rain, 12 C' },
    ]);
  });

  it('calls the tool the user names, numbering its id after the calls before it', async () => {
    const turn = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: {} }] },
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Sun' }] },
          { role: 'user', text: 'Now search_web for beaches' },
        ],
        tools: [weather, search],
        model,
      },
      live(),
    );
    expect(turn.toolCalls).toEqual([
      { id: 'call_2', name: 'search_web', arguments: { query: 'Now search_web for beaches' } },
    ]);
  });

  it('tells the answer as it streams in, and reports the usage once', async () => {
    const pieces: string[] = [];
    const usage: AiUsage[] = [];
    const turn = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: {} }] },
          {
            role: 'tool',
            results: [{ callId: 'call_1', name: 'get_weather', content: 'Sunny and warm all day' }],
          },
        ],
        tools: [weather],
        model,
        maxTokens: 200,
      },
      live({ onText: (piece) => pieces.push(piece), onUsage: (u) => usage.push(u) }),
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(turn.text);
    expect(chats()[0]!.body!.options).toEqual({ num_predict: 200 });
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ model });
    expect(usage[0]!.totalTokens).toBe(usage[0]!.promptTokens! + usage[0]!.completionTokens!);
  });

  it('sends a failed tool’s result marked as an error', async () => {
    const turn = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: {} }] },
          {
            role: 'tool',
            results: [{ callId: 'call_1', name: 'get_weather', content: 'Service down', isError: true }],
          },
        ],
        tools: [weather],
        model,
      },
      live(),
    );
    expect((chats()[0]!.body!.messages as unknown[]).at(-1)).toEqual({
      role: 'tool',
      tool_name: 'get_weather',
      content: 'Error: Service down',
    });
    expect(turn.text).toBe('Based on get_weather: Error: Service down');
  });

  it('reports the server’s refusal of a result that answers no call', async () => {
    const turn = provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: {} }] },
          { role: 'tool', results: [{ callId: 'call_9', name: 'search_web', content: 'Sun' }] },
        ],
        tools: [weather, search],
        model,
      },
      live(),
    );
    await expect(turn).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(
        /^Ollama refused the request \(400: invalid message 2: tool "search_web"/,
      ),
    });
  });

  it('refuses clearly a model that cannot call tools', async () => {
    const turn = provider().toolTurn(
      { messages: [{ role: 'user', text: 'Weather?' }], tools: [weather], model: 'gemma3:4b' },
      live(),
    );
    await expect(turn).rejects.toMatchObject({
      kind: 'rejected',
      message:
        'Ollama\'s model "gemma3:4b" cannot call tools. Choose a model with tool calling (such as llama3.2 or qwen3) in the block\'s settings.',
    });
    expect(await provider().listModels(live())).toContainEqual(
      expect.objectContaining({ id: 'gemma3:4b', capabilities: expect.not.arrayContaining(['tools']) }),
    );
  });

  it('stops part way when the run is aborted, without reporting usage', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const usage: AiUsage[] = [];
    const turn = provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: {} }] },
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Sun' }] },
        ],
        tools: [weather],
        model: 'stalling-model',
      },
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

describe('ToolCallCollector', () => {
  it('gathers the calls of every line, reading arguments some models send as JSON text', () => {
    const collector = new ToolCallCollector([]);
    const line = (name: string, args: unknown) =>
      ({
        message: { role: 'assistant', content: '', tool_calls: [{ function: { name, arguments: args } }] },
      }) as never;
    collector.add(line('get_weather', { city: 'Oslo' }));
    collector.add(line('search_web', '{"query":"cats"}'));
    collector.add(line('search_web', 'cats'));
    expect(collector.calls()).toEqual([
      { id: 'call_1', name: 'get_weather', arguments: { city: 'Oslo' } },
      { id: 'call_2', name: 'search_web', arguments: { query: 'cats' } },
      { id: 'call_3', name: 'search_web', arguments: 'cats' },
    ]);
  });
});
