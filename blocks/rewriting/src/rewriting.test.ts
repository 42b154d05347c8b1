import { AiProviderError, BlockInputError, type TextRequest } from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { rewriting } from './rewriting';

const SYSTEM =
  'You rewrite text as asked. Keep its meaning and language. Reply with the rewritten text only.';

function textRequests(provider: ScriptedProvider): TextRequest[] {
  return provider.calls.filter((c) => c.method === 'text').map((c) => c.request as TextRequest);
}

describe('rewriting', () => {
  it('declares the spec settings, output and cost', () => {
    expect(rewriting.kind).toBe('rewriting');
    expect(rewriting.category).toBe('ai');
    expect(rewriting.cost).toBe(1);
    expect(Object.keys(rewriting.settings)).toEqual([
      'transformation_goal',
      'prompt_template',
      'output_type',
      'model',
    ]);
    expect(rewriting.settings.model).toMatchObject({ type: 'model', capability: 'text', default: 'gpt-4' });
    expect(rewriting.settings.output_type.options).toEqual([{ value: 'text', label: 'Text' }]);
    expect(Object.keys(rewriting.outputs)).toEqual(['rewritten_text']);
    expect(rewriting.outputs.rewritten_text.type).toBe('text');
  });

  it('renders the default prompt with the goal and the connected text, and streams the answer', async () => {
    const provider = new ScriptedProvider({ text: ['We ship on Monday.\n'] });
    const outcome = await runBlock(rewriting, {
      upstream: { input_text: 'So basically we are going to be shipping it on Monday I think.' },
      provider,
    });
    expect(textRequests(provider)).toEqual([
      {
        prompt:
          'Rewrite the text below. Goal: Make it clearer and more concise\n\nText:\n' +
          'So basically we are going to be shipping it on Monday I think.',
        system: SYSTEM,
        model: 'gpt-4',
      },
    ]);
    expect(outcome.outputs).toEqual({ rewritten_text: 'We ship on Monday.' });
    expect(outcome.progress.join('')).toBe('We ship on Monday.\n');
    expect(outcome.progress.length).toBeGreaterThan(1);
  });

  it('uses a custom goal and a custom template with other variables', async () => {
    const provider = new ScriptedProvider({ text: ['Dear team, ...'] });
    await runBlock(rewriting, {
      settings: {
        transformation_goal: 'Make it formal',
        prompt_template: 'For {{audience}}: {{transformation_goal}}.\n---\n{{text}}',
      },
      upstream: { draft: 'hey all' },
      variables: { audience: 'the board' },
      provider,
    });
    expect(textRequests(provider)[0]?.prompt).toBe('For the board: Make it formal.\n---\nhey all');
  });

  it('lets upstream variables named text or transformation_goal win', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(rewriting, {
      upstream: { draft: 'connected text' },
      variables: { text: 'variable text', transformation_goal: 'Translate it to French' },
      provider,
    });
    expect(textRequests(provider)[0]?.prompt).toBe(
      'Rewrite the text below. Goal: Translate it to French\n\nText:\nvariable text',
    );
  });

  it('asks for a connection when there is no text to rewrite', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    const run = runBlock(rewriting, { provider });
    await expect(run).rejects.toThrow(BlockInputError);
    await expect(run).rejects.toThrow('Connect a block that provides the text to rewrite.');
    await expect(runBlock(rewriting, { upstream: { draft: ' \n ' }, provider })).rejects.toThrow(
      'Connect a block that provides the text to rewrite.',
    );
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses a prompt that renders to nothing', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await expect(
      runBlock(rewriting, { settings: { prompt_template: '{{note}}' }, variables: { note: '' }, provider }),
    ).rejects.toThrow('The prompt is empty: write how to rewrite the text in "Prompt template".');
    expect(provider.calls).toHaveLength(0);
  });

  it('fails clearly when the AI returns nothing', async () => {
    const provider = new ScriptedProvider({ text: ['   '] });
    await expect(runBlock(rewriting, { upstream: { draft: 'x' }, provider })).rejects.toThrow(
      'The AI returned no text. Run the app again.',
    );
  });

  it('passes provider failures through unchanged', async () => {
    await expect(
      runBlock(rewriting, { upstream: { draft: 'x' }, provider: new ScriptedProvider() }),
    ).rejects.toThrow(AiProviderError);
  });

  it('refuses an output type other than text', async () => {
    await expect(runBlock(rewriting, { settings: { output_type: 'list' } })).rejects.toThrow(
      'Output type must be one of: "text" (Text).',
    );
  });

  it('asks the chosen model', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(rewriting, {
      settings: { model: 'claude-sonnet-4-6' },
      upstream: { input_text: 'hey all' },
      provider,
    });
    expect(textRequests(provider).map((r) => r.model)).toEqual(['claude-sonnet-4-6']);
  });
});
