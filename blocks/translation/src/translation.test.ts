import { AiOutputError, catalogueEntry } from '@blocksmith/block-sdk';
import { ScriptedProvider, runBlock } from '@blocksmith/block-sdk/testing';
import { TRANSLATION_SYSTEM, translation } from './translation';

async function translate(settings: Record<string, unknown>, text = 'Good morning, team.') {
  const provider = new ScriptedProvider({ text: ['Buenos días, equipo.\n'] });
  const outcome = await runBlock(translation, { upstream: { input_text: text }, settings, provider });
  return { ...outcome, request: provider.calls[0]!.request, calls: provider.calls.length };
}

describe('translation', () => {
  it('declares its identity, settings with their choices, and output', () => {
    expect(catalogueEntry(translation)).toMatchObject({
      id: 'translation',
      name: 'Translation',
      category: 'ai',
      cost: 1,
      historyType: 'translation',
      outputs: [{ name: 'translation', type: 'text' }],
    });
    expect(Object.keys(translation.settings)).toEqual(['target_language', 'tone', 'model']);
    expect(translation.settings.model).toMatchObject({ type: 'model', capability: 'text', default: 'gpt-4' });
    expect(translation.settings.target_language.default).toBe('Spanish');
    expect(translation.settings.target_language.options.length).toBe(15);
    expect(translation.settings.tone.default).toBe('neutral');
    expect(translation.settings.tone.options.map((o) => [o.value, o.label])).toEqual([
      ['neutral', 'Neutral'],
      ['formal', 'Formal'],
      ['informal', 'Informal'],
    ]);
  });

  it('translates into Spanish in a neutral tone by default, streaming the answer', async () => {
    const { outputs, progress, request, calls } = await translate({});
    expect(outputs).toEqual({ translation: 'Buenos días, equipo.' });
    expect(progress.join('')).toBe('Buenos días, equipo.\n');
    expect(calls).toBe(1);
    expect(request).toMatchObject({ system: TRANSLATION_SYSTEM, model: 'gpt-4' });
    expect(request.prompt).toBe(
      'Translate the text below into Spanish. Keep the tone and register of the original. Keep the meaning and the formatting (line breaks, lists, Markdown), and leave names, numbers and web addresses as they are. Answer with the translation only, without notes or quotation marks.\n\nText:\n"""\nGood morning, team.\n"""',
    );
  });

  it('uses the chosen language by its full name', async () => {
    expect((await translate({ target_language: 'German' })).request.prompt).toContain('into German.');
    expect((await translate({ target_language: 'Chinese' })).request.prompt).toContain(
      'into Chinese (Simplified).',
    );
  });

  it('asks for the chosen tone', async () => {
    expect((await translate({ tone: 'formal' })).request.prompt).toContain('Use a formal register');
    expect((await translate({ tone: 'informal' })).request.prompt).toContain(
      'Use a relaxed, informal register',
    );
  });

  it('keeps placeholders inside the text to translate as written', async () => {
    const { request } = await translate({}, 'Dear {{name}}, see {{target_language}}.');
    expect(request.prompt).toContain('"""\nDear {{name}}, see {{target_language}}.\n"""');
  });

  it('refuses a language or tone that is not offered', async () => {
    await expect(translate({ target_language: 'Klingon' })).rejects.toThrow(
      'Target language must be one of:',
    );
    await expect(translate({ tone: 'pirate' })).rejects.toThrow(
      'Tone must be one of: "neutral" (Neutral), "formal" (Formal), "informal" (Informal).',
    );
  });

  it('asks for a connection, then for text', async () => {
    await expect(runBlock(translation, {})).rejects.toThrow(
      'Connect a block that provides the text to translate, such as Text Input.',
    );
    await expect(runBlock(translation, { upstream: { input_text: ' ' } })).rejects.toThrow(
      'The connected block gave no text to translate. Fill in the input and run again.',
    );
  });

  it('fails clearly on an empty answer', async () => {
    const provider = new ScriptedProvider({ text: ['\n'] });
    const run = runBlock(translation, { upstream: { input_text: 'Hi' }, provider });
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(runBlock(translation, { upstream: { input_text: 'Hi' }, provider })).rejects.toThrow(
      'The AI returned an empty translation. Run the app again.',
    );
  });

  it('asks the chosen model', async () => {
    const { request, calls } = await translate({ model: 'claude-sonnet-4-6' });
    expect(calls).toBe(1);
    expect(request.model).toBe('claude-sonnet-4-6');
  });
});
