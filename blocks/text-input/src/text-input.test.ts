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

  it('checks, before a run, that a label asking for LinkedIn gets a profile address', () => {
    const check = (label: string, value: unknown) =>
      textInput.checkInput!({ label, placeholder: '', multiline: false }, value);
    const refused =
      "Invalid LinkedIn URL: Please enter a valid LinkedIn profile URL that includes 'linkedin.com/in/'";
    expect(check('Your LinkedIn profile', 'https://example.com/ann')).toBe(refused);
    expect(check('Your LinkedIn profile', '')).toBe(refused);
    expect(check('Your LinkedIn profile', 'https://www.LinkedIn.com/in/ann')).toBeNull();
    // Only the label as written: 'linkedin' in lower case asks for nothing in particular.
    expect(check('your linkedin', 'anything')).toBeNull();
    expect(check('Your name', 'Ann')).toBeNull();
  });

  it('declares the spec settings with their defaults', () => {
    expect(Object.keys(textInput.settings)).toEqual(['label', 'placeholder', 'multiline']);
    expect(textInput.cost).toBe(0);
  });
});
