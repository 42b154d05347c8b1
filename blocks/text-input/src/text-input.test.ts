import { runBlock } from '@blocksmith/block-sdk/testing';
import { textInput } from './text-input';

describe('textInput', () => {
  it('passes the typed text on as input_text', async () => {
    const { outputs } = await runBlock(textInput, { runInput: 'Hello there' });
    expect(outputs).toEqual({ input_text: 'Hello there' });
  });

  it('keeps line breaks only when multiline', async () => {
    expect((await runBlock(textInput, { runInput: 'a\nb' })).outputs.input_text).toBe('a b');
    expect(
      (await runBlock(textInput, { runInput: 'a\nb', settings: { multiline: true } })).outputs.input_text,
    ).toBe('a\nb');
  });

  it('asks for the input by its label when nothing was entered', async () => {
    await expect(runBlock(textInput, { settings: { label: 'Topic' } })).rejects.toThrow(
      'Please fill in "Topic".',
    );
  });

  it('refuses a value that is not text', async () => {
    await expect(runBlock(textInput, { runInput: { x: 1 } })).rejects.toThrow('"Your text" must be text.');
  });

  it('declares the spec settings with their defaults', () => {
    expect(Object.keys(textInput.settings)).toEqual(['label', 'placeholder', 'multiline']);
    expect(textInput.cost).toBe(0);
  });
});
