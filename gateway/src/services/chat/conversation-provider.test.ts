import { ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { CONVERSATION_HEADING, withConversation, withConversationPrompt } from './conversation-provider';

describe('withConversation', () => {
  it('adds the conversation after each text and JSON prompt, once', async () => {
    const provider = new ScriptedProvider({ text: ['Bonjour'] });
    const chat = withConversation(provider, 'Person: Hello in Spanish?\nAssistant: Hola');
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
    expect(withConversation(provider, '')).toBe(provider);
  });
});
