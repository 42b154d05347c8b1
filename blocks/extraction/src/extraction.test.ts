import { AiOutputError, BlockInputError, type JsonRequest } from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { extraction } from './extraction';

const SIGNATURE = 'Best,\nAda Lovelace\nada@analytical.engine';

function jsonRequests(provider: ScriptedProvider): JsonRequest[] {
  return provider.calls.filter((c) => c.method === 'json').map((c) => c.request as JsonRequest);
}

describe('extraction', () => {
  it('declares the spec settings, output and cost', () => {
    expect(extraction.kind).toBe('extraction');
    expect(extraction.category).toBe('ai');
    expect(extraction.cost).toBe(1);
    expect(Object.keys(extraction.settings)).toEqual(['fields', 'prompt_template', 'output_type', 'model']);
    expect(extraction.settings.model).toMatchObject({
      type: 'model',
      capability: 'structured',
      default: 'gpt-4',
    });
    expect(extraction.settings.output_type.options).toEqual([{ value: 'json', label: 'JSON' }]);
    expect(Object.keys(extraction.outputs)).toEqual(['extracted_data']);
    expect(extraction.outputs.extracted_data.type).toBe('json');
  });

  it('renders the default prompt and returns exactly the requested fields', async () => {
    const provider = new ScriptedProvider({
      json: [{ name: 'Ada Lovelace', email: 'ada@analytical.engine', company: null }],
    });
    const { outputs } = await runBlock(extraction, { upstream: { input_text: SIGNATURE }, provider });
    const [request] = jsonRequests(provider);
    expect(request).toMatchObject({
      prompt: `Extract these fields from the text: name, email, company.\n\nText:\n${SIGNATURE}`,
      system:
        'You extract data from text. Answer with a JSON object with exactly these keys: name, email, company. ' +
        'Copy each value from the text as a string; use null when the text does not give it.',
      schemaName: 'extracted_data',
      model: 'gpt-4',
    });
    expect(request?.schema).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'email', 'company'],
      properties: {
        name: { type: ['string', 'null'] },
        email: { type: ['string', 'null'] },
        company: { type: ['string', 'null'] },
      },
    });
    expect(outputs).toEqual({
      extracted_data: { name: 'Ada Lovelace', email: 'ada@analytical.engine', company: null },
    });
  });

  it('uses custom fields, in their order, and a custom template', async () => {
    const provider = new ScriptedProvider({ json: [{ 'due date': '2025-03-01', amount: ' 120 EUR ' }] });
    const { outputs } = await runBlock(extraction, {
      settings: {
        fields: ' amount ,due date',
        prompt_template: 'From this {{doc_type}}, find {{fields}}:\n{{input_text}}',
      },
      upstream: { invoice: 'Pay 120 EUR by 1 March 2025' },
      variables: { doc_type: 'invoice' },
      provider,
    });
    const [request] = jsonRequests(provider);
    expect(request?.prompt).toBe('From this invoice, find amount, due date:\nPay 120 EUR by 1 March 2025');
    expect(request?.schema.required).toEqual(['amount', 'due date']);
    expect(outputs.extracted_data).toEqual({ amount: '120 EUR', 'due date': '2025-03-01' });
    expect(Object.keys(outputs.extracted_data as object)).toEqual(['amount', 'due date']);
  });

  it('turns empty values into null', async () => {
    const provider = new ScriptedProvider({ json: [{ name: '  ', email: '', company: 'ACME' }] });
    const { outputs } = await runBlock(extraction, { upstream: { input_text: 'ACME' }, provider });
    expect(outputs.extracted_data).toEqual({ name: null, email: null, company: 'ACME' });
  });

  it('lets upstream variables override {{input_text}} and {{fields}} in the prompt', async () => {
    const provider = new ScriptedProvider({ json: [{ name: null, email: null, company: null }] });
    await runBlock(extraction, {
      upstream: { note: 'connected' },
      variables: { input_text: 'from a variable', fields: 'whatever you find' },
      provider,
    });
    const [request] = jsonRequests(provider);
    expect(request?.prompt).toBe(
      'Extract these fields from the text: whatever you find.\n\nText:\nfrom a variable',
    );
    expect(request?.schema.required).toEqual(['name', 'email', 'company']);
  });

  it('reuses one schema object per field list', async () => {
    const provider = new ScriptedProvider({ json: [{ name: null, email: null, company: null }] });
    await runBlock(extraction, { upstream: { input_text: 'a' }, provider });
    await runBlock(extraction, { upstream: { input_text: 'b' }, provider });
    const [first, second] = jsonRequests(provider);
    expect(second?.schema).toBe(first?.schema);
  });

  it('retries once when a field is missing or extra, then succeeds', async () => {
    const provider = new ScriptedProvider({
      json: [
        { name: 'Ada', phone: '123' },
        { name: 'Ada', email: null, company: null },
      ],
    });
    const { outputs } = await runBlock(extraction, { upstream: { input_text: SIGNATURE }, provider });
    const requests = jsonRequests(provider);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.previousAttempt?.error).toContain("must have required property 'email'");
    expect(outputs.extracted_data).toEqual({ name: 'Ada', email: null, company: null });
  });

  it('gives a clear AiOutputError after two answers of the wrong shape', async () => {
    const provider = new ScriptedProvider({
      json: [{ name: 'Ada' }, { name: 'Ada', email: 42, company: null }],
    });
    const run = runBlock(extraction, { upstream: { input_text: SIGNATURE }, provider });
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(run).rejects.toThrow(
      'The AI answer for extracted_data did not have the expected shape: /email must be string,null.',
    );
  });

  it.each([
    ['name, , email', 'A field name in "Fields" is empty: remove the extra comma or name the field.'],
    ['name, email,', 'A field name in "Fields" is empty: remove the extra comma or name the field.'],
    ['__proto__, name', '"__proto__" cannot be a field name: choose another name in "Fields".'],
    ['email, Name, name', 'The field "name" is listed twice in "Fields": each field name must be unique.'],
  ])('refuses the field list %p', async (fields, message) => {
    const provider = new ScriptedProvider({ json: [{}] });
    const run = runBlock(extraction, { settings: { fields }, upstream: { input_text: 'x' }, provider });
    await expect(run).rejects.toThrow(BlockInputError);
    await expect(run).rejects.toThrow(message);
    expect(provider.calls).toHaveLength(0);
  });

  it('asks for a connection when there is no text to extract from', async () => {
    const provider = new ScriptedProvider({ json: [{}] });
    await expect(runBlock(extraction, { provider })).rejects.toThrow(
      'Connect a block that provides the text to extract from.',
    );
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses a prompt that renders to nothing', async () => {
    const provider = new ScriptedProvider({ json: [{}] });
    await expect(
      runBlock(extraction, { settings: { prompt_template: '{{note}}' }, variables: { note: ' ' }, provider }),
    ).rejects.toThrow('The prompt is empty: write the extraction instructions in "Prompt template".');
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses an output type other than JSON', async () => {
    await expect(runBlock(extraction, { settings: { output_type: 'csv' } })).rejects.toThrow(
      'Output type must be one of: "json" (JSON).',
    );
  });

  it('asks the chosen model', async () => {
    const provider = new ScriptedProvider({ json: [{ name: 'Ada', email: null, company: null }] });
    await runBlock(extraction, {
      settings: { model: 'claude-sonnet-4-6' },
      upstream: { input_text: SIGNATURE },
      provider,
    });
    expect(jsonRequests(provider).map((r) => r.model)).toEqual(['claude-sonnet-4-6']);
  });
});
