import { BlockInputError } from '@blocksmith/block-sdk';
import { runBlock } from '@blocksmith/block-sdk/testing';
import { dropdown } from './dropdown';

describe('dropdown', () => {
  it('passes the chosen option on as selected_option', async () => {
    const { outputs } = await runBlock(dropdown, { runInput: 'Option 2' });
    expect(outputs).toEqual({ selected_option: 'Option 2' });
  });

  it('reads the options from the comma-separated setting, trimmed, empties dropped', async () => {
    const settings = { options: ' Formal ,  Casual,, Funny , ' };
    expect((await runBlock(dropdown, { settings, runInput: 'Casual' })).outputs.selected_option).toBe(
      'Casual',
    );
    expect((await runBlock(dropdown, { settings, runInput: ' Funny ' })).outputs.selected_option).toBe(
      'Funny',
    );
  });

  it('refuses a choice that is not one of the options, listing them', async () => {
    const error = await runBlock(dropdown, {
      settings: { label: 'Tone', options: 'Formal, Casual' },
      runInput: 'Angry',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toBe('"Angry" is not one of the options for "Tone": Formal, Casual.');
  });

  it('matches options exactly, including case', async () => {
    await expect(runBlock(dropdown, { runInput: 'option 1' })).rejects.toThrow(
      'is not one of the options for "Choose an option": Option 1, Option 2, Option 3.',
    );
  });

  it('refuses a choice that is not text', async () => {
    await expect(runBlock(dropdown, { settings: { options: '1, 2' }, runInput: 1 })).rejects.toThrow(
      'That choice is not one of the options for "Choose an option": 1, 2.',
    );
  });

  it('asks to choose when nothing was chosen', async () => {
    await expect(runBlock(dropdown, { settings: { label: 'Tone' } })).rejects.toThrow(
      'Please choose an option for "Tone".',
    );
    await expect(runBlock(dropdown, { runInput: '' })).rejects.toThrow(
      'Please choose an option for "Choose an option".',
    );
  });

  it('says to add options when the setting holds none', async () => {
    await expect(runBlock(dropdown, { settings: { options: ' , ,' }, runInput: 'x' })).rejects.toThrow(
      '"Choose an option" has no options. Add comma-separated choices in its settings.',
    );
  });

  it('declares the spec settings with their defaults', () => {
    expect(Object.keys(dropdown.settings)).toEqual(['label', 'options']);
    expect(dropdown.settings.label.default).toBe('Choose an option');
    expect(dropdown.settings.options).toMatchObject({
      type: 'text',
      default: 'Option 1, Option 2, Option 3',
    });
    expect(dropdown.inputKind).toBe('choice');
    expect(dropdown.cost).toBe(0);
  });
});
