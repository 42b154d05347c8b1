import { runBlock } from '@blocksmith/block-sdk/testing';
import { chatInput } from './chat-input';

describe('chatInput', () => {
  it('passes a chat turn’s message on as input_text and the conversation so far as chat_history', async () => {
    const { outputs } = await runBlock(chatInput, {
      runInput: { message: 'And in French?', conversation: 'Person: Say hello\nAssistant: Hello' },
    });
    expect(outputs).toEqual({
      input_text: 'And in French?',
      chat_history: 'Person: Say hello\nAssistant: Hello',
    });
  });

  it('takes a message alone (a preview or an API run) as the first message of a conversation', async () => {
    const { outputs } = await runBlock(chatInput, { runInput: 'Hello\nthere' });
    expect(outputs).toEqual({ input_text: 'Hello\nthere', chat_history: '' });
  });

  it('asks for the message by its label when nothing was sent', async () => {
    await expect(runBlock(chatInput, { runInput: '  ' })).rejects.toThrow('Please fill in "Message".');
    await expect(
      runBlock(chatInput, { runInput: { message: '', conversation: '' }, settings: { label: 'Question' } }),
    ).rejects.toThrow('Please fill in "Question".');
  });

  it('refuses a message that is not text', async () => {
    await expect(runBlock(chatInput, { runInput: 42 })).rejects.toThrow('"Message" must be text.');
  });

  it('declares its memory settings with their defaults and costs nothing', () => {
    expect(Object.keys(chatInput.settings)).toEqual(['label', 'placeholder', 'memory_turns', 'older_turns']);
    expect(chatInput.settings.memory_turns.default).toBe(10);
    expect(chatInput.settings.older_turns.default).toBe('summary');
    expect(chatInput.cost).toBe(0);
  });
});
