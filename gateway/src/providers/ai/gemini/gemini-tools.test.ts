import type { AiUsage, ToolMessage, ToolSpec, ToolTurnOptions } from '@blocksmith/block-sdk';
import { FAKE_GEMINI_KEY, startFakeGemini, type FakeGemini } from '../../../testing/fake-gemini-server';
import { GeminiProvider } from './gemini-provider';
import { FunctionCallCollector, toolContents, UNSIGNED_CALL } from './gemini-tools';

let fake: FakeGemini;

beforeAll(async () => {
  fake = await startFakeGemini();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
});

const provider = () =>
  new GeminiProvider({ apiKey: FAKE_GEMINI_KEY, baseUrl: fake.url, maxRetries: 0, timeoutMs: 5000 });

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

const called = (id = 'call_1'): ToolMessage => ({
  role: 'assistant',
  text: '',
  toolCalls: [{ id, name: 'get_weather', arguments: { city: 'Oslo', days: 1 } }],
});

describe('GeminiProvider tool turns', () => {
  it('calls a function, then answers from its response, through Gemini’s own function calling', async () => {
    const ask: ToolMessage = { role: 'user', text: 'Umbrella in Paris?' };
    const first = await provider().toolTurn(
      { system: 'Help travellers.', messages: [ask], tools: [weather, search] },
      live(),
    );
    expect(first).toEqual({
      text: '',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Umbrella in Paris?', days: 1 } }],
    });
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(sent.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Umbrella in Paris?' }] }],
      systemInstruction: { parts: [{ text: 'Help travellers.' }] },
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: weather.description,
              parametersJsonSchema: weather.parameters,
            },
            { name: 'search_web', description: search.description, parametersJsonSchema: search.parameters },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
    });

    const second = await provider().toolTurn(
      {
        messages: [
          ask,
          { role: 'assistant', ...first },
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Rain, 12 C' }] },
        ],
        tools: [weather, search],
      },
      live(),
    );
    expect(second).toEqual({ text: 'Based on get_weather: Rain, 12 C', toolCalls: [] });
    expect(fake.requests[1]!.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Umbrella in Paris?' }] },
      {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: first.toolCalls[0]!.arguments } }],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: { output: 'Rain, 12 C' } } }],
      },
    ]);
  });

  it('calls the function the user names, numbering its id after the calls before it', async () => {
    const turn = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          called(),
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Sun' }] },
          { role: 'assistant', text: 'Sunny.', toolCalls: [] },
          { role: 'user', text: 'Now search_web for beaches' },
        ],
        tools: [weather, search],
      },
      live(),
    );
    expect(turn.toolCalls).toEqual([
      { id: 'call_2', name: 'search_web', arguments: { query: 'Now search_web for beaches' } },
    ]);
  });

  it('joins a user message that follows function responses to their turn', async () => {
    await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          called(),
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Sun' }] },
          { role: 'user', text: 'And tomorrow?' },
        ],
        tools: [weather],
      },
      live(),
    );
    const contents = fake.requests[0]!.body.contents as { role: string; parts: unknown[] }[];
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(contents[2]!.parts).toEqual([
      { functionResponse: { name: 'get_weather', response: { output: 'Sun' } } },
      { text: 'And tomorrow?' },
    ]);
  });

  it('tells the answer as it streams in, and reports the usage once', async () => {
    const pieces: string[] = [];
    const usage: AiUsage[] = [];
    const turn = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          called(),
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Sunny and warm' }] },
        ],
        tools: [weather],
        model: 'gemini-2.5-pro',
      },
      live({ onText: (piece) => pieces.push(piece), onUsage: (u) => usage.push(u) }),
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(turn.text);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ model: 'gemini-2.5-pro' });
    expect(usage[0]!.totalTokens).toBe(usage[0]!.promptTokens! + usage[0]!.completionTokens!);
  });

  it('sends a failed function’s result as its error', async () => {
    const turn = await provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          called(),
          {
            role: 'tool',
            results: [{ callId: 'call_1', name: 'get_weather', content: 'Service down', isError: true }],
          },
        ],
        tools: [weather],
      },
      live(),
    );
    expect(turn).toEqual({ text: 'get_weather failed: Service down', toolCalls: [] });
    expect((fake.requests[0]!.body.contents as { parts: unknown[] }[]).at(-1)!.parts).toEqual([
      { functionResponse: { name: 'get_weather', response: { error: 'Service down' } } },
    ]);
  });

  it('reports the service’s refusal of responses that do not answer the calls', async () => {
    const turn = provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          called(),
          {
            role: 'tool',
            results: [
              { callId: 'call_1', name: 'get_weather', content: 'Sun' },
              { callId: 'call_7', name: 'search_web', content: 'Beaches' },
            ],
          },
        ],
        tools: [weather, search],
      },
      live(),
    );
    await expect(turn).rejects.toMatchObject({
      kind: 'rejected',
      message:
        'Google Gemini refused the request (400: Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.).',
    });
  });

  it('stops part way when the run is aborted, without reporting usage', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const usage: AiUsage[] = [];
    const turn = provider().toolTurn(
      {
        messages: [
          { role: 'user', text: 'Weather?' },
          called(),
          { role: 'tool', results: [{ callId: 'call_1', name: 'get_weather', content: 'Sun and wind' }] },
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

describe('toolContents', () => {
  it('marks replayed calls as unsigned for the models that check thought signatures', () => {
    const request = {
      messages: [{ role: 'user' as const, text: 'x' }, called('call_1'), called('call_2')],
      tools: [],
    };
    const signatures = (model: string) =>
      toolContents(request, model)
        .filter((c) => c.role === 'model')
        .flatMap((c) => c.parts!.map((p) => p.thoughtSignature));
    expect(signatures('gemini-3-pro-preview')).toEqual([UNSIGNED_CALL, UNSIGNED_CALL]);
    expect(signatures('gemini-2.5-flash')).toEqual([undefined, undefined]);
    expect(signatures('gemma-3-27b-it')).toEqual([undefined, undefined]);
  });
});

describe('FunctionCallCollector', () => {
  it('keeps the ids Gemini gives, and makes up the others', () => {
    const collector = new FunctionCallCollector([{ role: 'user', text: 'x' }, called('call_1')]);
    const chunk = (functionCall: object) =>
      ({ candidates: [{ content: { parts: [{ functionCall }] } }] }) as never;
    collector.add(chunk({ name: 'get_weather', args: { city: 'Oslo' } }));
    collector.add(chunk({ id: 'fc_9', name: 'search_web' }));
    expect(collector.calls()).toEqual([
      { id: 'call_2', name: 'get_weather', arguments: { city: 'Oslo' } },
      { id: 'fc_9', name: 'search_web', arguments: {} },
    ]);
  });
});
