import {
  Ai,
  AiProviderError,
  type AiUsage,
  type ToolMessage,
  type ToolSpec,
  type ToolTurnRequest,
} from '@blocksmith/block-sdk';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai-server';
import { tokenCount } from '../../testing/fake-vendor-answers';
import { OpenAiProvider, type OpenAiProviderConfig } from './openai-provider';
import { openAiMessages } from './openai-tools';

// OpenAiProvider.toolTurn through the real `openai` SDK against the fake OpenAI API, which calls
// tools and answers from their results as the request asks.

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

const weather: ToolSpec = {
  name: 'get_weather',
  description: 'The forecast for a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, units: { type: 'string', enum: ['metric', 'imperial'] } },
    required: ['city', 'units'],
  },
};
const search: ToolSpec = {
  name: 'search',
  description: 'Searches the web',
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};

const live = (more: { onUsage?: (u: AiUsage) => void; onText?: (p: string) => void } = {}) => ({
  signal: new AbortController().signal,
  ...more,
});

describe('OpenAiProvider.toolTurn against the fake OpenAI API', () => {
  it('calls a tool, then answers from its result: a two-turn conversation', async () => {
    const question: ToolMessage = { role: 'user', text: 'Use get_weather for Oslo' };
    const request: ToolTurnRequest = {
      system: 'You help with travel.',
      model: 'gpt-4o',
      messages: [question],
      tools: [search, weather],
    };
    const first = await provider().toolTurn(request, live());
    expect(first).toEqual({
      text: '',
      toolCalls: [
        {
          id: 'call_fake01',
          name: 'get_weather',
          arguments: { city: 'Use get_weather for Oslo', units: 'metric' },
        },
      ],
    });
    expect(fake.requests[0]!.body).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      messages: [
        { role: 'system', content: 'You help with travel.' },
        { role: 'user', content: 'Use get_weather for Oslo' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'search', description: 'Searches the web', parameters: search.parameters },
        },
        { type: 'function', function: { name: 'get_weather', parameters: weather.parameters } },
      ],
    });

    const pieces: string[] = [];
    const second = await provider().toolTurn(
      {
        ...request,
        messages: [
          question,
          { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
          {
            role: 'tool',
            results: [{ callId: 'call_fake01', name: 'get_weather', content: 'Sunny, 21 °C' }],
          },
        ],
      },
      live({ onText: (p) => pieces.push(p) }),
    );
    expect(second).toEqual({ text: 'Based on get_weather: Sunny, 21 °C', toolCalls: [] });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(second.text);
    expect(fake.requests[1]!.body.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_fake01',
            type: 'function',
            function: {
              name: 'get_weather',
              arguments: '{"city":"Use get_weather for Oslo","units":"metric"}',
            },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_fake01', content: 'Sunny, 21 °C' },
    ]);
  });

  it('calls the first tool when the prompt names none, and tells a failed tool as an error', async () => {
    const first = await provider().toolTurn(
      { messages: [{ role: 'user', text: 'What is new?' }], tools: [search, weather] },
      live(),
    );
    expect(first.toolCalls).toEqual([
      { id: 'call_fake01', name: 'search', arguments: { query: 'What is new?' } },
    ]);
    const second = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'What is new?' },
          { role: 'assistant', text: '', toolCalls: first.toolCalls },
          {
            role: 'tool',
            results: [{ callId: 'call_fake01', name: 'search', content: 'timed out', isError: true }],
          },
        ],
        tools: [search, weather],
      },
      live(),
    );
    expect(second.text).toBe('Based on search: Error: timed out');
  });

  it('answers text at once without tools (no empty tools list is sent)', async () => {
    const turn = await provider().toolTurn(
      { messages: [{ role: 'user', text: 'Hello' }], tools: [] },
      live(),
    );
    expect(turn).toEqual({ text: 'Answer to: Hello', toolCalls: [] });
    expect(fake.requests[0]!.body).not.toHaveProperty('tools');
  });

  it('reports the tokens the API counted for the turn', async () => {
    const usage: AiUsage[] = [];
    const text = 'Use search please';
    const turn = await provider().toolTurn(
      { messages: [{ role: 'user', text }], tools: [search], model: 'gpt-4o-mini' },
      live({ onUsage: (u) => usage.push(u) }),
    );
    const call = `search${JSON.stringify(turn.toolCalls[0]!.arguments)}`;
    expect(usage).toEqual([
      {
        model: 'gpt-4o-mini',
        promptTokens: tokenCount(text),
        completionTokens: tokenCount(call),
        totalTokens: tokenCount(text) + tokenCount(call),
      },
    ]);
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });
  });

  it('marks a call whose arguments are not JSON, with {} as its arguments', async () => {
    const turn = await provider().toolTurn(
      { messages: [{ role: 'user', text: 'Find otters' }], tools: [search], model: 'mangling-model' },
      live(),
    );
    expect(turn.toolCalls).toEqual([
      {
        id: 'call_fake01',
        name: 'search',
        arguments: {},
        argumentsError: expect.stringMatching(
          /^the arguments are not valid JSON \(.+\): \{"query":"Find otters$/,
        ),
      },
    ]);
  });

  it('goes through the Ai facade, which streams the text to the progress', async () => {
    const progress: string[] = [];
    const ai = new Ai(provider(), new AbortController().signal, (p) => progress.push(p));
    const messages: ToolMessage[] = [
      { role: 'user', text: 'search otters' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'c1', name: 'search', arguments: { query: 'otters' } }],
      },
      { role: 'tool', results: [{ callId: 'c1', name: 'search', content: 'Otters hold hands.' }] },
    ];
    await expect(ai.toolTurn({ messages, tools: [search] })).resolves.toEqual({
      text: 'Based on search: Otters hold hands.',
      toolCalls: [],
    });
    expect(progress.join('')).toBe('Based on search: Otters hold hands.');
  });
});

describe('OpenAiProvider.toolTurn errors', () => {
  const ask: ToolTurnRequest = { messages: [{ role: 'user', text: 'hi' }], tools: [search] };

  it('maps a refused key, a missing model and a rate limit as the other calls do', async () => {
    await expect(provider({ apiKey: 'sk-wrong-key-1234' }).toolTurn(ask, live())).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('refused the credentials (401'),
    });
    await expect(provider().toolTurn({ ...ask, model: 'no-such-model' }, live())).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('no-such-model'),
    });
    await expect(provider().toolTurn({ ...ask, model: 'busy-model' }, live())).rejects.toMatchObject({
      kind: 'rate_limited',
    });
  });

  it('passes on the API refusing a tool result that answers no call', async () => {
    const error = await provider()
      .toolTurn(
        {
          messages: [
            { role: 'user', text: 'hi' },
            { role: 'tool', results: [{ callId: 'call_unknown', name: 'search', content: 'x' }] },
          ],
          tools: [search],
        },
        live(),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining(
        "messages with role 'tool' must be a response to a preceeding message",
      ),
    });
  });

  it('cuts an answer that stops arriving', async () => {
    const pieces: string[] = [];
    const messages: ToolMessage[] = [
      { role: 'user', text: 'search otters' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'search', arguments: {} }] },
      { role: 'tool', results: [{ callId: 'c1', name: 'search', content: 'Otters hold hands.' }] },
    ];
    await expect(
      provider({ timeoutMs: 1000 }).toolTurn(
        { messages, tools: [search], model: 'stalling-model' },
        live({ onText: (p) => pieces.push(p) }),
      ),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: 'The OpenAI-compatible AI service stopped sending its answer for 1 s.',
    });
    expect(pieces).toEqual(['Based on ']);
  });

  it('stops when the run is stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider().toolTurn(ask, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'aborted',
    });
  });
});

describe('openAiMessages', () => {
  it('sends each result of a turn as its own tool message, and text beside the calls', () => {
    expect(
      openAiMessages({
        tools: [],
        messages: [
          { role: 'user', text: 'Two things' },
          {
            role: 'assistant',
            text: 'Looking.',
            toolCalls: [
              { id: 'a', name: 'search', arguments: { query: 'x' } },
              { id: 'b', name: 'search', arguments: { query: 'y' } },
            ],
          },
          {
            role: 'tool',
            results: [
              { callId: 'a', name: 'search', content: 'X' },
              { callId: 'b', name: 'search', content: 'Y' },
            ],
          },
        ],
      }),
    ).toEqual([
      { role: 'user', content: 'Two things' },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'search', arguments: '{"query":"x"}' } },
          { id: 'b', type: 'function', function: { name: 'search', arguments: '{"query":"y"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'X' },
      { role: 'tool', tool_call_id: 'b', content: 'Y' },
    ]);
  });
});
