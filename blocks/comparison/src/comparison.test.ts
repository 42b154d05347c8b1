import { AiOutputError, BlockInputError, type JsonRequest, type TextRequest } from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { COMPARISON_SCORE_SCHEMA } from './comparison-score';
import { comparison } from './comparison';

const TEXT_SYSTEM =
  'You compare two options, A and B, against the given criteria. Be fair and concise, ' +
  'and end with a one-line verdict: A, B or a tie.';
const SCORE_SYSTEM =
  'You compare two options, A and B, against the given criteria. Score each from 0 to 10, ' +
  'name the winner (A, B or tie) and explain briefly in reasoning.';

const TWO_PITCHES = { pitch_a: 'Fast and cheap', pitch_b: 'Slow but sturdy' };
const SCORE = { winner: 'B', score_a: 6, score_b: 8.5, reasoning: 'B lasts longer.' };

function requests<R>(provider: ScriptedProvider, method: 'text' | 'json'): R[] {
  return provider.calls.filter((c) => c.method === method).map((c) => c.request as R);
}

describe('comparison', () => {
  it('declares the spec settings, output and cost', () => {
    expect(comparison.kind).toBe('comparison');
    expect(comparison.category).toBe('ai');
    expect(comparison.cost).toBe(1);
    expect(Object.keys(comparison.settings)).toEqual([
      'criteria',
      'option_a',
      'option_b',
      'prompt_template',
      'output_type',
      'model',
    ]);
    expect(comparison.settings.model).toMatchObject({
      type: 'model',
      capability: 'structured',
      default: 'gpt-4',
    });
    expect(comparison.settings.output_type.options).toEqual([
      { value: 'text', label: 'Text' },
      { value: 'score', label: 'Score' },
    ]);
    expect(comparison.settings.output_type.default).toBe('text');
    expect(Object.keys(comparison.outputs)).toEqual(['comparison_result']);
    expect(comparison.outputs.comparison_result.type).toBe('json');
  });

  it('compares the first and second connected blocks with the default prompt, streaming text', async () => {
    const provider = new ScriptedProvider({ text: ['A is cheaper; B lasts. Verdict: B.\n'] });
    const outcome = await runBlock(comparison, { upstream: TWO_PITCHES, provider });
    expect(requests<TextRequest>(provider, 'text')).toEqual([
      {
        prompt:
          'Compare option A and option B.\nCriteria: overall quality\n\n' +
          'Option A:\nFast and cheap\n\nOption B:\nSlow but sturdy',
        system: TEXT_SYSTEM,
        model: 'gpt-4',
      },
    ]);
    expect(outcome.outputs).toEqual({ comparison_result: 'A is cheaper; B lasts. Verdict: B.' });
    expect(outcome.progress.join('')).toBe('A is cheaper; B lasts. Verdict: B.\n');
  });

  it('uses written options with variables, custom criteria and a custom template', async () => {
    const provider = new ScriptedProvider({ text: ['Tie.'] });
    await runBlock(comparison, {
      settings: {
        criteria: 'price',
        option_a: 'Plan {{plan}} at {{price}}',
        option_b: 'Plan Pro at 20 EUR',
        prompt_template: 'Which is better for {{team}} on {{criteria}}? [{{option_a}}] vs [{{option_b}}]',
      },
      upstream: { plan: 'Basic' },
      variables: { price: '10 EUR', team: 'a startup' },
      provider,
    });
    expect(requests<TextRequest>(provider, 'text')[0]?.prompt).toBe(
      'Which is better for a startup on price? [Plan Basic at 10 EUR] vs [Plan Pro at 20 EUR]',
    );
  });

  it('fills an empty Option B from the second connected block even when Option A is written', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(comparison, {
      settings: { option_a: 'Tea' },
      upstream: { first: 'ignored for A', second: 'Coffee' },
      provider,
    });
    expect(requests<TextRequest>(provider, 'text')[0]?.prompt).toContain(
      'Option A:\nTea\n\nOption B:\nCoffee',
    );
  });

  it('lets upstream variables override the options and criteria', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(comparison, {
      settings: { option_a: 'written A' },
      upstream: TWO_PITCHES,
      variables: { option_a: 'variable A', criteria: 'speed' },
      provider,
    });
    expect(requests<TextRequest>(provider, 'text')[0]?.prompt).toBe(
      'Compare option A and option B.\nCriteria: speed\n\nOption A:\nvariable A\n\nOption B:\nSlow but sturdy',
    );
  });

  it('returns scores as JSON for output type score', async () => {
    const provider = new ScriptedProvider({ json: [SCORE] });
    const { outputs, progress } = await runBlock(comparison, {
      settings: { output_type: 'score' },
      upstream: TWO_PITCHES,
      provider,
    });
    expect(requests<JsonRequest>(provider, 'json')).toEqual([
      {
        prompt:
          'Compare option A and option B.\nCriteria: overall quality\n\n' +
          'Option A:\nFast and cheap\n\nOption B:\nSlow but sturdy',
        system: SCORE_SYSTEM,
        schema: COMPARISON_SCORE_SCHEMA,
        schemaName: 'comparison_score',
        model: 'gpt-4',
      },
    ]);
    expect(outputs).toEqual({ comparison_result: SCORE });
    expect(progress).toEqual([]);
  });

  it('retries once when a score is out of range, then succeeds', async () => {
    const provider = new ScriptedProvider({ json: [{ ...SCORE, score_b: 11 }, SCORE] });
    const { outputs } = await runBlock(comparison, {
      settings: { output_type: 'score' },
      upstream: TWO_PITCHES,
      provider,
    });
    const calls = requests<JsonRequest>(provider, 'json');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.previousAttempt?.error).toContain('/score_b must be <= 10');
    expect(outputs.comparison_result).toEqual(SCORE);
  });

  it('gives a clear AiOutputError after two answers of the wrong shape', async () => {
    const provider = new ScriptedProvider({
      json: [
        { ...SCORE, winner: 'C' },
        { ...SCORE, reasoning: '' },
      ],
    });
    const run = runBlock(comparison, { settings: { output_type: 'score' }, upstream: TWO_PITCHES, provider });
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(run).rejects.toThrow(
      'The AI answer for comparison_score did not have the expected shape: /reasoning must NOT have fewer than 1 characters.',
    );
  });

  it('asks for Option A when nothing provides it', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    const run = runBlock(comparison, { provider });
    await expect(run).rejects.toThrow(BlockInputError);
    await expect(run).rejects.toThrow(
      'Option A is missing: fill in "Option A" or connect a block that provides it.',
    );
    await expect(
      runBlock(comparison, { settings: { option_a: '{{empty}}' }, variables: { empty: '' }, provider }),
    ).rejects.toThrow('Option A is missing');
    expect(provider.calls).toHaveLength(0);
  });

  it('asks for Option B when only one block is connected', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await expect(runBlock(comparison, { upstream: { only: 'One' }, provider })).rejects.toThrow(
      'Option B is missing: fill in "Option B" or connect a second block that provides it.',
    );
    expect(provider.calls).toHaveLength(0);
  });

  it('does not need an option the template does not use', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(comparison, {
      settings: { prompt_template: 'Is {{option_a}} good for {{criteria}}?' },
      upstream: { only: 'Tea' },
      provider,
    });
    expect(requests<TextRequest>(provider, 'text')[0]?.prompt).toBe('Is Tea good for overall quality?');
  });

  it('refuses a prompt that renders to nothing', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await expect(
      runBlock(comparison, { settings: { prompt_template: '{{note}}' }, variables: { note: '' }, provider }),
    ).rejects.toThrow('The prompt is empty: write how to compare the options in "Prompt template".');
    expect(provider.calls).toHaveLength(0);
  });

  it('fails clearly when the written comparison is empty', async () => {
    const provider = new ScriptedProvider({ text: [' \n'] });
    await expect(runBlock(comparison, { upstream: TWO_PITCHES, provider })).rejects.toThrow(
      'The AI returned no comparison. Run the app again.',
    );
  });

  it('refuses an output type the spec does not offer', async () => {
    await expect(runBlock(comparison, { settings: { output_type: 'table' } })).rejects.toThrow(
      'Output type must be one of: "text" (Text), "score" (Score).',
    );
  });

  it('asks the chosen model for a written comparison and for scores', async () => {
    const text = new ScriptedProvider({ text: ['B.'] });
    await runBlock(comparison, {
      settings: { model: 'claude-sonnet-4-6' },
      upstream: TWO_PITCHES,
      provider: text,
    });
    expect(requests<TextRequest>(text, 'text').map((r) => r.model)).toEqual(['claude-sonnet-4-6']);
    const scored = new ScriptedProvider({ json: [SCORE] });
    await runBlock(comparison, {
      settings: { model: 'claude-sonnet-4-6', output_type: 'score' },
      upstream: TWO_PITCHES,
      provider: scored,
    });
    expect(requests<JsonRequest>(scored, 'json').map((r) => r.model)).toEqual(['claude-sonnet-4-6']);
  });
});
