import { AiProviderError, BlockInputError } from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { textGeneration } from './text-generation';

function lastRequest(provider: ScriptedProvider) {
  const call = provider.calls.at(-1);
  if (!call || call.method !== 'text') throw new Error('no text call was made');
  return call.request;
}

describe('textGeneration', () => {
  it('declares the spec settings, output and cost', () => {
    expect(textGeneration.kind).toBe('textGeneration');
    expect(textGeneration.name).toBe('Text AI');
    expect(textGeneration.category).toBe('ai');
    expect(textGeneration.cost).toBe(1);
    expect(textGeneration.historyType).toBe('text_generation');
    expect(Object.keys(textGeneration.settings)).toEqual(['prompt_template', 'output_type', 'model']);
    expect(textGeneration.settings.output_type.options).toEqual([
      { value: 'text', label: 'Text' },
      { value: 'list', label: 'List' },
    ]);
    expect(textGeneration.settings.model).toMatchObject({
      type: 'model',
      label: 'Model',
      capability: 'text',
      default: 'gpt-4',
    });
    expect(textGeneration.outputs).toEqual({ generated_text: expect.objectContaining({ type: 'text' }) });
  });

  it('renders the default prompt with the connected text and streams the answer', async () => {
    const provider = new ScriptedProvider({ text: ['Cats sleep a lot.\n'] });
    const outcome = await runBlock(textGeneration, { upstream: { input_text: 'cats' }, provider });
    expect(lastRequest(provider)).toEqual({
      prompt: 'Write a short, helpful response about: cats',
      system: 'You write short, clear, helpful text for an app. Reply with the requested text only.',
      model: 'gpt-4',
    });
    expect(outcome.outputs).toEqual({ generated_text: 'Cats sleep a lot.' });
    expect(outcome.progress).toEqual(['Cats ', 'sleep ', 'a ', 'lot.\n']);
  });

  it('joins several connected blocks into {{input_text}} and fills other variables by name', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(textGeneration, {
      settings: { prompt_template: 'Plan a trip to {{city}} for {{days}} days. Notes: {{input_text}}' },
      upstream: { city: 'Lisbon', days: 3 },
      provider,
    });
    expect(lastRequest(provider).prompt).toBe('Plan a trip to Lisbon for 3 days. Notes: Lisbon\n\n3');
  });

  it('lets an upstream variable named input_text win over the connected text', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(textGeneration, {
      upstream: { topic: 'dogs' },
      variables: { input_text: 'birds' },
      provider,
    });
    expect(lastRequest(provider).prompt).toBe('Write a short, helpful response about: birds');
  });

  it('sends the chosen model', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(textGeneration, {
      settings: { model: 'gpt-3.5-turbo' },
      upstream: { input_text: 'x' },
      provider,
    });
    expect(lastRequest(provider).model).toBe('gpt-3.5-turbo');
  });

  it('returns a Markdown bullet list for output type list, whatever numbering the AI used', async () => {
    const provider = new ScriptedProvider({
      text: ['1. Rome\n2) Paris\n\n- Oslo\n* Bern\n• Riga\n(6) Kyiv\nLima'],
    });
    const { outputs } = await runBlock(textGeneration, {
      settings: { output_type: 'list', prompt_template: 'List capitals near {{input_text}}' },
      upstream: { input_text: 'Europe' },
      provider,
    });
    expect(lastRequest(provider)).toEqual({
      prompt: 'List capitals near Europe',
      system:
        'You write short, clear, helpful lists for an app. Reply with the items only, one per line, without an introduction.',
      model: 'gpt-4',
    });
    expect(outputs.generated_text).toBe('- Rome\n- Paris\n- Oslo\n- Bern\n- Riga\n- Kyiv\n- Lima');
  });

  it('needs no connection when the prompt has no {{input_text}}', async () => {
    const provider = new ScriptedProvider({ text: ['Spring rain.'] });
    const { outputs } = await runBlock(textGeneration, {
      settings: { prompt_template: 'Write a haiku about spring' },
      provider,
    });
    expect(lastRequest(provider).prompt).toBe('Write a haiku about spring');
    expect(outputs.generated_text).toBe('Spring rain.');
  });

  it('asks for a connection when {{input_text}} would be empty', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    const run = runBlock(textGeneration, { provider });
    await expect(run).rejects.toThrow(BlockInputError);
    await expect(run).rejects.toThrow(
      'Connect a block that provides the text for {{input_text}}, or remove {{input_text}} from the prompt template.',
    );
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses a prompt that renders to nothing', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    const run = runBlock(textGeneration, {
      settings: { prompt_template: '{{note}}' },
      variables: { note: '   ' },
      provider,
    });
    await expect(run).rejects.toThrow('The prompt is empty: write what to generate in "Prompt template".');
    expect(provider.calls).toHaveLength(0);
  });

  it('fails clearly when the AI returns nothing usable', async () => {
    const blank = new ScriptedProvider({ text: ['  \n '] });
    await expect(
      runBlock(textGeneration, { upstream: { input_text: 'x' }, provider: blank }),
    ).rejects.toThrow('The AI returned no text. Run the app again.');
    const emptyList = new ScriptedProvider({ text: ['-\n\n1.'] });
    await expect(
      runBlock(textGeneration, {
        settings: { output_type: 'list' },
        upstream: { input_text: 'x' },
        provider: emptyList,
      }),
    ).rejects.toThrow('The AI returned no text. Run the app again.');
  });

  it('passes provider failures through unchanged', async () => {
    await expect(
      runBlock(textGeneration, { upstream: { input_text: 'x' }, provider: new ScriptedProvider() }),
    ).rejects.toThrow(AiProviderError);
  });

  it('refuses an output type the spec does not offer', async () => {
    await expect(runBlock(textGeneration, { settings: { output_type: 'table' } })).rejects.toThrow(
      'Output type must be one of: "text" (Text), "list" (List).',
    );
  });

  it('keeps any model name for the server to check when the run starts, and the spec names given by label', async () => {
    const sent = async (model: unknown) => {
      const provider = new ScriptedProvider({ text: ['ok'] });
      await runBlock(textGeneration, { settings: { model }, upstream: { input_text: 'x' }, provider });
      return lastRequest(provider).model;
    };
    expect(await sent('claude-sonnet-4-6')).toBe('claude-sonnet-4-6');
    expect(await sent('GPT-4')).toBe('gpt-4');
    expect(await sent('GPT-3.5 Turbo')).toBe('gpt-3.5-turbo');
    expect(await sent('')).toBe('gpt-4');
    await expect(runBlock(textGeneration, { settings: { model: 4 } })).rejects.toThrow(
      'Model must be a model name.',
    );
  });
});
