import { ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { CONVERSATION_HEADING, withConversation, withConversationPrompt } from './conversation-provider';

describe('withConversation', () => {
  it('adds the conversation after each text and JSON prompt, once', async () => {
    const provider = new ScriptedProvider({ text: ['Bonjour'] });
    const chat = withConversation(provider, { conversation: 'Person: Hello in Spanish?\nAssistant: Hola' });
    const pieces: string[] = [];
    for await (const piece of chat.streamText(
      { prompt: 'And in French?' },
      { signal: new AbortController().signal },
    ))
      pieces.push(piece);
    expect(pieces.join('')).toBe('Bonjour');
    expect(provider.calls[0]?.request).toMatchObject({
      prompt: `And in French?\n\n${CONVERSATION_HEADING}\nPerson: Hello in Spanish?\nAssistant: Hola`,
    });
    expect(withConversationPrompt('Already: Person: a', 'Person: a')).toBe('Already: Person: a');
  });

  it('is the provider itself when there is no conversation yet', () => {
    const provider = new ScriptedProvider({});
    expect(withConversation(provider, { conversation: '' })).toBe(provider);
    expect(withConversation(provider, { conversation: '', byModel: { big: '' } })).toBe(provider);
  });

  it('gives each request the conversation within its model’s memory, the smallest to any other model', async () => {
    const provider = new ScriptedProvider({ text: ['a', 'b'], json: ['{}'] });
    const chat = withConversation(provider, {
      conversation: 'Person: short',
      byModel: { 'big-model': 'Person: long and whole' },
    });
    const signal = new AbortController().signal;
    for (const model of ['big-model', 'small-model']) {
      for await (const piece of chat.streamText({ prompt: 'Go on', model }, { signal })) void piece;
    }
    await chat.completeJson({ prompt: 'Sort', model: 'big-model', schema: {}, schemaName: 'x' }, { signal });
    const prompts = provider.calls.map((call) => (call.request as { prompt: string }).prompt);
    expect(prompts).toEqual([
      `Go on\n\n${CONVERSATION_HEADING}\nPerson: long and whole`,
      `Go on\n\n${CONVERSATION_HEADING}\nPerson: short`,
      `Sort\n\n${CONVERSATION_HEADING}\nPerson: long and whole`,
    ]);
  });

  it('puts a model’s own memory in place of the Chat Input’s one a prompt placed', () => {
    expect(
      withConversationPrompt('Before\nPerson: short\nAfter $&', 'Person: long and whole', 'Person: short'),
    ).toBe('Before\nPerson: long and whole\nAfter $&');
  });

  it('takes no own memory from a model named like an object’s property', async () => {
    const provider = new ScriptedProvider({ text: ['a'] });
    const chat = withConversation(provider, { conversation: 'Person: short', byModel: {} });
    for await (const piece of chat.streamText(
      { prompt: 'Go on', model: '__proto__' },
      { signal: new AbortController().signal },
    ))
      void piece;
    expect(provider.calls[0]?.request).toMatchObject({
      prompt: `Go on\n\n${CONVERSATION_HEADING}\nPerson: short`,
    });
  });
});
