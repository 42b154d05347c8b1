import type { ToolMessage, ToolSpec, ToolTurnRequest } from '@blocksmith/block-sdk';
import { AiProviderError, checkJsonAnswer } from '@blocksmith/block-sdk';
import { argumentsFrom, offlineToolTurn } from './offline-agent';
import { OfflineProvider } from './offline-provider';

const weather: ToolSpec = {
  name: 'get_weather',
  description: 'The forecast for a city',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      days: { type: 'integer', minimum: 1, maximum: 7 },
      units: { type: 'string', enum: ['metric', 'imperial'] },
      hourly: { type: 'boolean' },
      note: { type: 'string' },
    },
    required: ['city', 'days', 'units', 'hourly'],
  },
};
const search: ToolSpec = {
  name: 'searchWeb',
  description: 'Searches the web for pages',
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};
const user = (text: string): ToolMessage => ({ role: 'user', text });

describe('offlineToolTurn', () => {
  it('calls the tool whose name or description shares a word with the message, with arguments from it', () => {
    const message = 'What is the forecast for Oslo?';
    expect(offlineToolTurn({ messages: [user(message)], tools: [search, weather] })).toEqual({
      text: '',
      toolCalls: [
        {
          id: 'offline_call_1',
          name: 'get_weather',
          arguments: { city: message, days: 1, units: 'metric', hourly: true },
        },
      ],
    });
    // A word of the tool's name counts, split at capitals and underscores.
    const turn = offlineToolTurn({ messages: [user('web pages about otters')], tools: [weather, search] });
    expect(turn.toolCalls).toMatchObject([
      { name: 'searchWeb', arguments: { query: 'web pages about otters' } },
    ]);
  });

  it('calls the first tool when none shares a word with the message', () => {
    const turn = offlineToolTurn({ messages: [user('Tell me a joke')], tools: [search, weather] });
    expect(turn.toolCalls).toMatchObject([{ name: 'searchWeb', arguments: { query: 'Tell me a joke' } }]);
  });

  it('answers from the tools’ results once they have answered, marked as a preview', () => {
    const messages: ToolMessage[] = [
      user('Weather in Oslo and news?'),
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          { id: 'offline_call_1', name: 'get_weather', arguments: {} },
          { id: 'offline_call_2', name: 'searchWeb', arguments: {} },
        ],
      },
      {
        role: 'tool',
        results: [
          { callId: 'offline_call_1', name: 'get_weather', content: 'Sunny, 21 °C' },
          { callId: 'offline_call_2', name: 'searchWeb', content: 'timed out', isError: true },
        ],
      },
    ];
    expect(offlineToolTurn({ messages, tools: [weather, search] })).toEqual({
      text: '[Offline preview] From get_weather: Sunny, 21 °C searchWeb failed: timed out',
      toolCalls: [],
    });
  });

  it('calls a tool again for a new message from the user, with the next call id', () => {
    const messages: ToolMessage[] = [
      user('forecast please'),
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'offline_call_1', name: 'get_weather', arguments: {} }],
      },
      { role: 'tool', results: [{ callId: 'offline_call_1', name: 'get_weather', content: 'Rain' }] },
      { role: 'assistant', text: '[Offline preview] From get_weather: Rain', toolCalls: [] },
      user('and the web?'),
    ];
    expect(offlineToolTurn({ messages, tools: [weather, search] }).toolCalls).toMatchObject([
      { id: 'offline_call_2', name: 'searchWeb', arguments: { query: 'and the web?' } },
    ]);
  });

  it('answers at once when it has no tools', () => {
    const turn = offlineToolTurn({ messages: [user('Summarise the Oslo weather')], tools: [] });
    expect(turn.toolCalls).toEqual([]);
    expect(turn.text).toMatch(/^\[Offline preview\] .*Oslo weather/);
  });

  it('is deterministic', () => {
    const request: ToolTurnRequest = { messages: [user('forecast for Oslo')], tools: [search, weather] };
    expect(offlineToolTurn(request)).toEqual(offlineToolTurn(structuredClone(request)));
  });

  it('answers JSON matching the answer schema, from the tools’ results or at once', () => {
    const answerSchema = {
      type: 'object',
      properties: {
        summary: { type: 'string' },
        sources: { type: 'array', items: { type: 'string' }, minItems: 1 },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        verdict: { enum: ['yes', 'no'] },
      },
      required: ['summary', 'sources', 'confidence', 'verdict'],
      additionalProperties: false,
    };
    const after = offlineToolTurn({
      messages: [
        user('forecast for Oslo'),
        { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: {} }] },
        { role: 'tool', results: [{ callId: 'c1', name: 'get_weather', content: 'Sunny, 21 °C' }] },
      ],
      tools: [weather],
      answerSchema,
    });
    expect(after.toolCalls).toEqual([]);
    const value = JSON.parse(after.text) as Record<string, unknown>;
    expect(checkJsonAnswer(after.text, answerSchema)).toEqual({ ok: true, value });
    expect(value.summary).toMatch(/^\[Offline preview\] From get_weather: Sunny/);
    const alone = offlineToolTurn({ messages: [user('Say yes')], tools: [], answerSchema });
    expect(checkJsonAnswer(alone.text, answerSchema).ok).toBe(true);
  });
});

describe('argumentsFrom', () => {
  it('fills required parameters only, nested objects and arrays included, within bounds', () => {
    expect(
      argumentsFrom(
        {
          type: 'object',
          properties: {
            title: { type: 'string', maxLength: 5 },
            count: { type: 'number', minimum: 3 },
            kind: { const: 'note' },
            tags: { type: 'array', items: { type: 'string' } },
            where: {
              type: 'object',
              properties: { place: { type: ['string', 'null'] } },
              required: ['place'],
            },
            optional: { type: 'string' },
          },
          required: ['title', 'count', 'kind', 'tags', 'where'],
        },
        'Hello world',
      ),
    ).toEqual({
      title: 'Hello',
      count: 3,
      kind: 'note',
      tags: ['Hello world'],
      where: { place: 'Hello world' },
    });
  });
});

describe('OfflineProvider.toolTurn', () => {
  it('streams its answer in word-sized pieces and reports the offline model', async () => {
    const pieces: string[] = [];
    const usage: unknown[] = [];
    const turn = await new OfflineProvider().toolTurn(
      { messages: [user('Hi there')], tools: [] },
      { signal: new AbortController().signal, onText: (p) => pieces.push(p), onUsage: (u) => usage.push(u) },
    );
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(turn.text);
    expect(usage).toEqual([{ model: 'offline' }]);
  });

  it('ends with an aborted error when the run is stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      new OfflineProvider().toolTurn(
        { messages: [user('Hi')], tools: [weather] },
        { signal: controller.signal },
      ),
    ).rejects.toEqual(new AiProviderError('aborted', 'The run was stopped.'));
  });
});
