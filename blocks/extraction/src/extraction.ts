import { defineBlock, field, output, renderPrompt } from '@blocksmith/block-sdk';
import { extractionSchema, type ExtractedData } from './extraction-schema';
import { parseFieldNames } from './parse-field-names';

function systemPrompt(fields: readonly string[]): string {
  return (
    `You extract data from text. Answer with a JSON object with exactly these keys: ${fields.join(', ')}. ` +
    'Copy each value from the text as a string; use null when the text does not give it.'
  );
}

/** Trimmed text, or null for a value the text did not give. */
function cleanValue(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

export const extraction = defineBlock({
  kind: 'extraction',
  name: 'Extraction',
  description: 'Pulls the fields you name (such as name, email, company) out of text.',
  category: 'ai',
  cost: 1,
  paletteRank: 3,
  settings: {
    fields: field.text({
      label: 'Fields',
      default: 'name, email, company',
      help: 'The names of the fields to extract, separated by commas. Available in the prompt as {{fields}}.',
    }),
    prompt_template: field.prompt({
      label: 'Prompt template',
      fills: ['fields'],
      default: 'Extract these fields from the text: {{fields}}.\n\nText:\n{{input_text}}',
      help: '{{input_text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
    }),
    output_type: field.select({
      label: 'Output type',
      options: [{ value: 'json', label: 'JSON' }],
      default: 'json',
    }),
    model: field.aiModel('structured'),
  },
  outputs: {
    extracted_data: output.json('An object with each requested field: the text found, or null', {
      view: 'table',
      title: 'Extracted data',
    }),
  },
  async run(ctx) {
    const fields = parseFieldNames(ctx.settings.fields);
    const prompt = renderPrompt(
      ctx,
      ctx.settings.prompt_template,
      {
        noInput: 'Connect a block that provides the text to extract from.',
        empty: 'The prompt is empty: write the extraction instructions in "Prompt template".',
      },
      { fields: fields.join(', ') },
    );
    const answer = await ctx.ai.json<ExtractedData>({
      model: ctx.settings.model,
      prompt,
      system: systemPrompt(fields),
      schema: extractionSchema(fields),
      schemaName: 'extracted_data',
    });
    const extracted: ExtractedData = Object.fromEntries(
      fields.map((name) => [name, cleanValue(answer[name])]),
    );
    return { extracted_data: extracted };
  },
});
