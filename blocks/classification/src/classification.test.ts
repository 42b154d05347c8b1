import { AiOutputError, BlockInputError, type JsonRequest } from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { classification } from './classification';

const DEFAULT_SYSTEM =
  'You classify text into exactly one of these categories: Positive, Neutral, Negative. ' +
  'Give the category exactly as written, the overall sentiment (positive, neutral or negative) ' +
  'and your confidence from 0 to 1.';

function jsonRequests(provider: ScriptedProvider): JsonRequest[] {
  return provider.calls.filter((c) => c.method === 'json').map((c) => c.request as JsonRequest);
}

function categoryEnum(request: JsonRequest | undefined): unknown {
  const properties = request?.schema.properties as Record<string, { enum?: unknown }>;
  return properties.category?.enum;
}

describe('classification', () => {
  it('declares the spec settings, outputs and cost', () => {
    expect(classification.kind).toBe('classification');
    expect(classification.category).toBe('ai');
    expect(classification.cost).toBe(1);
    expect(Object.keys(classification.settings)).toEqual([
      'categories',
      'prompt_template',
      'output_type',
      'model',
    ]);
    expect(classification.settings.model).toMatchObject({
      type: 'model',
      capability: 'structured',
      default: 'gpt-4',
    });
    expect(classification.settings.output_type.options).toEqual([
      { value: 'single_choice', label: 'Single choice' },
    ]);
    expect(classification.settings.output_type.default).toBe('single_choice');
    expect(Object.keys(classification.outputs)).toEqual(['classified_category', 'classification']);
    expect(classification.outputs.classified_category.type).toBe('text');
    expect(classification.outputs.classification.type).toBe('json');
  });

  it('renders the default prompt and returns the category and the full classification', async () => {
    const provider = new ScriptedProvider({
      json: [{ category: 'Positive', sentiment: 'positive', confidence: 0.92 }],
    });
    const { outputs } = await runBlock(classification, { upstream: { input_text: 'I love it' }, provider });
    const [request] = jsonRequests(provider);
    expect(request).toMatchObject({
      prompt:
        'Classify the following text into exactly one of these categories: Positive, Neutral, Negative.\n\nText:\nI love it',
      system: DEFAULT_SYSTEM,
      schemaName: 'classification',
      model: 'gpt-4',
    });
    expect(categoryEnum(request)).toEqual(['Positive', 'Neutral', 'Negative']);
    expect(request?.schema).toMatchObject({
      additionalProperties: false,
      required: ['category', 'sentiment', 'confidence'],
    });
    expect(outputs).toEqual({
      classified_category: 'Positive',
      classification: { category: 'Positive', sentiment: 'positive', confidence: 0.92 },
    });
    expect(Object.keys(outputs)).toEqual(['classified_category', 'classification']);
  });

  it('uses custom categories, trimmed and without blanks or repeats, and a custom template', async () => {
    const provider = new ScriptedProvider({
      json: [{ category: 'Bug', sentiment: 'negative', confidence: 0.7 }],
    });
    const { outputs } = await runBlock(classification, {
      settings: {
        categories: ' Bug ,Feature,, bug, Question ',
        prompt_template: 'Ticket from {{customer}}: {{input_text}}\nPick one of {{categories}}.',
      },
      upstream: { ticket: 'The app crashes' },
      variables: { customer: 'ACME' },
      provider,
    });
    const [request] = jsonRequests(provider);
    expect(request?.prompt).toBe('Ticket from ACME: The app crashes\nPick one of Bug, Feature, Question.');
    expect(request?.system).toContain('exactly one of these categories: Bug, Feature, Question.');
    expect(categoryEnum(request)).toEqual(['Bug', 'Feature', 'Question']);
    expect(outputs.classified_category).toBe('Bug');
  });

  it('lets upstream variables override {{input_text}} and {{categories}} in the prompt', async () => {
    const provider = new ScriptedProvider({
      json: [{ category: 'Neutral', sentiment: 'neutral', confidence: 0.5 }],
    });
    await runBlock(classification, {
      upstream: { review: 'connected text' },
      variables: { input_text: 'from a variable', categories: 'Happy or not' },
      provider,
    });
    const [request] = jsonRequests(provider);
    expect(request?.prompt).toBe(
      'Classify the following text into exactly one of these categories: Happy or not.\n\nText:\nfrom a variable',
    );
    // The answer is still limited to the categories of the setting.
    expect(categoryEnum(request)).toEqual(['Positive', 'Neutral', 'Negative']);
  });

  it('reuses one schema object per category list', async () => {
    const answer = { category: 'Positive', sentiment: 'positive', confidence: 1 };
    const provider = new ScriptedProvider({ json: [answer] });
    await runBlock(classification, { upstream: { input_text: 'a' }, provider });
    await runBlock(classification, { upstream: { input_text: 'b' }, provider });
    await runBlock(classification, {
      settings: { categories: 'Positive, Negative' },
      upstream: { input_text: 'c' },
      provider,
    });
    const [first, second, third] = jsonRequests(provider);
    expect(second?.schema).toBe(first?.schema);
    expect(third?.schema).not.toBe(first?.schema);
    expect(categoryEnum(third)).toEqual(['Positive', 'Negative']);
  });

  it('retries once when the category is not one of the list, then succeeds', async () => {
    const provider = new ScriptedProvider({
      json: [
        { category: 'Great', sentiment: 'positive', confidence: 0.9 },
        { category: 'Positive', sentiment: 'positive', confidence: 0.9 },
      ],
    });
    const { outputs } = await runBlock(classification, { upstream: { input_text: 'Nice' }, provider });
    const requests = jsonRequests(provider);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.previousAttempt?.error).toContain(
      '/category must be equal to one of the allowed values',
    );
    expect(outputs.classified_category).toBe('Positive');
  });

  it('gives a clear AiOutputError after two answers of the wrong shape', async () => {
    const provider = new ScriptedProvider({
      json: ['not json at all', { category: 'Positive', sentiment: 'positive', confidence: 1.5 }],
    });
    const run = runBlock(classification, { upstream: { input_text: 'Nice' }, provider });
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(run).rejects.toThrow(
      'The AI answer for classification did not have the expected shape: /confidence must be <= 1.',
    );
  });

  it('refuses extra fields and an unknown sentiment', async () => {
    const provider = new ScriptedProvider({
      json: [
        { category: 'Positive', sentiment: 'happy', confidence: 0.5 },
        { category: 'Positive', sentiment: 'positive', confidence: 0.5, note: 'x' },
      ],
    });
    await expect(runBlock(classification, { upstream: { input_text: 'Nice' }, provider })).rejects.toThrow(
      'must NOT have additional properties',
    );
    expect(jsonRequests(provider)[1]?.previousAttempt?.error).toContain('/sentiment must be equal to one of');
  });

  it.each([['Positive'], ['Good, good'], [' , Spam , ']])(
    'needs at least two categories (%p)',
    async (categories) => {
      const provider = new ScriptedProvider({ json: [{}] });
      const run = runBlock(classification, {
        settings: { categories },
        upstream: { input_text: 'x' },
        provider,
      });
      await expect(run).rejects.toThrow(BlockInputError);
      await expect(run).rejects.toThrow(
        'List at least two different categories in "Categories", separated by commas (for example: Positive, Neutral, Negative).',
      );
      expect(provider.calls).toHaveLength(0);
    },
  );

  it('asks for a connection when there is no text to classify', async () => {
    const provider = new ScriptedProvider({ json: [{}] });
    await expect(runBlock(classification, { provider })).rejects.toThrow(
      'Connect a block that provides the text to classify.',
    );
    await expect(runBlock(classification, { upstream: { input_text: '  ' }, provider })).rejects.toThrow(
      'Connect a block that provides the text to classify.',
    );
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses a prompt that renders to nothing', async () => {
    const provider = new ScriptedProvider({ json: [{}] });
    await expect(
      runBlock(classification, {
        settings: { prompt_template: '{{note}}' },
        variables: { note: '' },
        provider,
      }),
    ).rejects.toThrow('The prompt is empty: write the classification instructions in "Prompt template".');
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses an output type other than single choice', async () => {
    await expect(runBlock(classification, { settings: { output_type: 'multiple_choice' } })).rejects.toThrow(
      'Output type must be one of: "single_choice" (Single choice).',
    );
  });

  it('asks the chosen model, on the retry too', async () => {
    const provider = new ScriptedProvider({
      json: [
        { category: 'Great', sentiment: 'positive', confidence: 0.9 },
        { category: 'Positive', sentiment: 'positive', confidence: 0.9 },
      ],
    });
    await runBlock(classification, {
      settings: { model: 'claude-sonnet-4-6' },
      upstream: { input_text: 'Nice' },
      provider,
    });
    expect(jsonRequests(provider).map((r) => r.model)).toEqual(['claude-sonnet-4-6', 'claude-sonnet-4-6']);
  });
});
