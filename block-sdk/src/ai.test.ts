import { Ai, checkJsonAnswer } from './ai';
import type { JsonSchema } from './ai-provider';
import { AiOutputError, AiProviderError } from './errors';
import { ScriptedProvider } from './testing/scripted-provider';

const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sentiment', 'confidence'],
  properties: {
    sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
};

const live = () => new AbortController().signal;

describe('Ai.text', () => {
  it('streams each piece to onPartial and returns the whole text', async () => {
    const partials: string[] = [];
    const ai = new Ai(new ScriptedProvider({ text: ['The quick brown fox'] }), live(), (p) =>
      partials.push(p),
    );
    await expect(ai.text({ prompt: 'Write' })).resolves.toBe('The quick brown fox');
    expect(partials).toEqual(['The ', 'quick ', 'brown ', 'fox']);
  });

  it('does not stream when asked not to', async () => {
    const partials: string[] = [];
    const ai = new Ai(new ScriptedProvider({ text: ['Quiet answer'] }), live(), (p) => partials.push(p));
    await expect(ai.text({ prompt: 'Write' }, { stream: false })).resolves.toBe('Quiet answer');
    expect(partials).toEqual([]);
  });

  it('stops when the run is aborted part way', async () => {
    const controller = new AbortController();
    const partials: string[] = [];
    const ai = new Ai(new ScriptedProvider({ text: ['one two three four'] }), controller.signal, (p) => {
      partials.push(p);
      if (partials.length === 2) controller.abort();
    });
    const error = await ai.text({ prompt: 'Count' }).catch((e) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(partials).toEqual(['one ', 'two ']);
  });

  it('reads an answer already in memory at once, streaming its pieces, and any other stream piece by piece', async () => {
    const partials: string[] = [];
    const reads: string[] = [];
    const provider = new ScriptedProvider();
    provider.streamText = (request) => ({
      async *[Symbol.asyncIterator]() {
        reads.push('piece by piece');
        yield 'Read slowly';
      },
      readAtOnce(onPiece?: (piece: string) => void) {
        reads.push(onPiece ? 'at once, streamed' : 'at once');
        if (request.prompt === 'slow') return undefined;
        for (const piece of ['In ', '', 'memory']) onPiece?.(piece);
        return 'In memory';
      },
    });
    const ai = new Ai(provider, live(), (p) => partials.push(p));
    await expect(ai.text({ prompt: 'fast' })).resolves.toBe('In memory');
    expect(partials).toEqual(['In ', 'memory']);
    await expect(ai.text({ prompt: 'fast' }, { stream: false })).resolves.toBe('In memory');
    await expect(ai.text({ prompt: 'slow' })).resolves.toBe('Read slowly');
    expect(reads).toEqual(['at once, streamed', 'at once', 'at once, streamed', 'piece by piece']);
    expect(partials).toEqual(['In ', 'memory', 'Read slowly']);
  });

  it('hands an answer in memory to progress the run gathers (inside a loop) whole, once', async () => {
    const partials: string[] = [];
    const handed: unknown[] = [];
    const provider = new ScriptedProvider();
    provider.streamText = () => ({
      async *[Symbol.asyncIterator]() {
        yield 'not read';
      },
      readAtOnce(onPiece?: (piece: string) => void) {
        handed.push(onPiece);
        return 'In memory';
      },
    });
    const ai = new Ai(provider, live(), (p) => partials.push(p), undefined, true);
    await expect(ai.text({ prompt: 'fast' })).resolves.toBe('In memory');
    await expect(ai.text({ prompt: 'fast' }, { stream: false })).resolves.toBe('In memory');
    expect(handed).toEqual([undefined, undefined]);
    expect(partials).toEqual(['In memory']);
  });

  it('exposes the provider name and whether it is offline', () => {
    const ai = new Ai(new ScriptedProvider(), live());
    expect(ai.providerName).toBe('scripted');
    expect(ai.offline).toBe(true);
  });
});

describe('Ai.json', () => {
  it('returns a valid answer after one call', async () => {
    const provider = new ScriptedProvider({ json: [{ sentiment: 'positive', confidence: 0.8 }] });
    await expect(
      new Ai(provider, live()).json({ prompt: 'Rate', schema, schemaName: 'rating' }),
    ).resolves.toEqual({
      sentiment: 'positive',
      confidence: 0.8,
    });
    expect(provider.calls).toHaveLength(1);
  });

  it('accepts an answer fenced as Markdown JSON', async () => {
    const provider = new ScriptedProvider({
      json: ['```json\n{"sentiment":"neutral","confidence":0.5}\n```'],
    });
    await expect(
      new Ai(provider, live()).json({ prompt: 'Rate', schema, schemaName: 'rating' }),
    ).resolves.toEqual({
      sentiment: 'neutral',
      confidence: 0.5,
    });
  });

  it('retries once with the validation error, then accepts a corrected answer', async () => {
    const provider = new ScriptedProvider({
      json: ['{"sentiment":"great"}', { sentiment: 'positive', confidence: 1 }],
    });
    await expect(
      new Ai(provider, live()).json({ prompt: 'Rate', schema, schemaName: 'rating' }),
    ).resolves.toEqual({
      sentiment: 'positive',
      confidence: 1,
    });
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1]!.request).toMatchObject({
      previousAttempt: {
        output: '{"sentiment":"great"}',
        error: expect.stringContaining("must have required property 'confidence'"),
      },
    });
  });

  it('raises an AiOutputError naming the problem when the retry fails too', async () => {
    const provider = new ScriptedProvider({
      json: ['not json at all', '{"sentiment":"positive","confidence":7}'],
    });
    const error = (await new Ai(provider, live())
      .json({ prompt: 'Rate', schema, schemaName: 'rating' })
      .catch((e: unknown) => e)) as AiOutputError;
    expect(error).toBeInstanceOf(AiOutputError);
    expect(error.code).toBe('AI_OUTPUT_INVALID');
    expect(error.message).toBe(
      'The AI answer for rating did not have the expected shape: /confidence must be <= 1.',
    );
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1]!.request).toMatchObject({
      previousAttempt: { error: expect.stringContaining('the answer is not valid JSON') },
    });
  });

  it('checks string formats: an invalid email is sent back once, then refused', async () => {
    const contact: JsonSchema = {
      type: 'object',
      additionalProperties: false,
      required: ['email'],
      properties: { email: { type: 'string', format: 'email' } },
    };
    const warn = jest.spyOn(console, 'warn');
    const provider = new ScriptedProvider({ json: [{ email: 'not an email' }, { email: 'still@not' }] });
    const error = (await new Ai(provider, live())
      .json({ prompt: 'Contact', schema: contact, schemaName: 'contact' })
      .catch((e: unknown) => e)) as AiOutputError;
    expect(error).toBeInstanceOf(AiOutputError);
    expect(error.message).toBe(
      'The AI answer for contact did not have the expected shape: /email must match format "email".',
    );
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1]!.request).toMatchObject({
      previousAttempt: { output: '{"email":"not an email"}', error: '/email must match format "email"' },
    });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(checkJsonAnswer('{"email":"ada@example.com"}', contact)).toEqual({
      ok: true,
      value: { email: 'ada@example.com' },
    });
  });

  it('stops without retrying when the run is aborted during the call', async () => {
    const controller = new AbortController();
    const provider = new ScriptedProvider({
      json: [
        () => {
          controller.abort();
          return '{"sentiment":"bad"}';
        },
      ],
    });
    await expect(
      new Ai(provider, controller.signal).json({ prompt: 'Rate', schema, schemaName: 'rating' }),
    ).rejects.toMatchObject({ kind: 'aborted' });
    expect(provider.calls).toHaveLength(1);
  });
});

describe('checkJsonAnswer', () => {
  it('says what is wrong in a sentence', () => {
    expect(checkJsonAnswer('{"sentiment":"positive"}', schema)).toEqual({
      ok: false,
      error: "(root) must have required property 'confidence'",
    });
    expect(checkJsonAnswer('{', schema)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^the answer is not valid JSON/),
    });
  });
});

describe('Ai.toolTurn', () => {
  const lookup = {
    name: 'lookup',
    description: 'Looks a word up',
    parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  };
  const ask = { messages: [{ role: 'user' as const, text: 'What is a fox?' }], tools: [lookup] };

  it('returns the calls the model makes, streaming its text to the progress', async () => {
    const partials: string[] = [];
    const provider = new ScriptedProvider({
      tools: [{ text: 'Let me look.', toolCalls: [{ name: 'lookup', arguments: { word: 'fox' } }] }],
    });
    const turn = await new Ai(provider, live(), (p) => partials.push(p)).toolTurn(ask);
    expect(turn).toEqual({
      text: 'Let me look.',
      toolCalls: [{ id: 'call_1', name: 'lookup', arguments: { word: 'fox' } }],
    });
    expect(partials).toEqual(['Let ', 'me ', 'look.']);
    expect(provider.toolRequests).toEqual([ask]);
    expect(provider.calls).toEqual([]);
  });

  it('passes the conversation with the tool results to the next turn, and reports usage', async () => {
    const usage: unknown[] = [];
    const provider = new ScriptedProvider({ tools: ['A fox is a small wild canine.'] });
    provider.toolTurn = ((base) => async (request, options) => {
      options.onUsage?.({ model: 'scripted-model', promptTokens: 3 });
      return base(request, options);
    })(provider.toolTurn.bind(provider));
    const messages = [
      ...ask.messages,
      {
        role: 'assistant' as const,
        text: '',
        toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'fox' } }],
      },
      { role: 'tool' as const, results: [{ callId: 'c1', name: 'lookup', content: 'a small wild canine' }] },
    ];
    const ai = new Ai(
      provider,
      live(),
      () => {},
      (u) => usage.push(u),
    );
    await expect(ai.toolTurn({ ...ask, messages })).resolves.toEqual({
      text: 'A fox is a small wild canine.',
      toolCalls: [],
    });
    expect(provider.toolRequests[0]).toMatchObject({ messages });
    expect(usage).toEqual([{ model: 'scripted-model', promptTokens: 3 }]);
  });

  it('marks a call whose arguments are not a JSON object, with {} as its arguments', async () => {
    const provider = new ScriptedProvider({
      tools: [{ toolCalls: [{ name: 'lookup', arguments: ['fox'] as unknown as Record<string, unknown> }] }],
    });
    const turn = await new Ai(provider, live()).toolTurn(ask);
    expect(turn.toolCalls).toEqual([
      {
        id: 'call_1',
        name: 'lookup',
        arguments: {},
        argumentsError: 'the arguments must be a JSON object, got an array: ["fox"]',
      },
    ]);
  });

  it('refuses bad or repeated tool names before any call', async () => {
    const provider = new ScriptedProvider({ tools: ['never'] });
    const ai = new Ai(provider, live());
    await expect(ai.toolTurn({ ...ask, tools: [{ ...lookup, name: 'look up' }] })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('The tool name "look up" cannot be used'),
    });
    expect(provider.toolRequests).toEqual([]);
    await expect(ai.toolTurn({ ...ask, tools: [lookup, lookup] })).rejects.toThrow(
      'Two tools are named "lookup": give each tool its own name.',
    );
    expect(provider.toolRequests).toEqual([]);
  });

  it('refuses clearly when the provider cannot call tools', async () => {
    const provider = new ScriptedProvider();
    const bare = Object.assign(Object.create(provider) as ScriptedProvider, { toolTurn: undefined });
    const error = await new Ai(bare, live()).toolTurn(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({
      kind: 'rejected',
      message: 'The AI provider "scripted" cannot call tools; choose a model that can call tools.',
    });
  });

  it('stops when the run is aborted while the text streams', async () => {
    const controller = new AbortController();
    const provider = new ScriptedProvider({ tools: ['one two three'] });
    const partials: string[] = [];
    const ai = new Ai(provider, controller.signal, (p) => {
      partials.push(p);
      controller.abort();
    });
    await expect(ai.toolTurn(ask)).rejects.toMatchObject({ kind: 'aborted' });
    expect(partials).toEqual(['one ']);
  });
});
