import { BlockInputError, defineBlock, field, output, renderPrompt } from '@blocksmith/block-sdk';
import { classificationSchema, type Classification } from './classification-schema';
import { parseCategories } from './parse-categories';

function systemPrompt(categories: readonly string[]): string {
  return (
    `You classify text into exactly one of these categories: ${categories.join(', ')}. ` +
    'Give the category exactly as written, the overall sentiment (positive, neutral or negative) ' +
    'and your confidence from 0 to 1.'
  );
}

export const classification = defineBlock({
  kind: 'classification',
  name: 'Classification',
  description: 'Sorts text into one of your categories and rates its sentiment.',
  category: 'ai',
  cost: 1,
  paletteRank: 2,
  settings: {
    categories: field.text({
      label: 'Categories',
      default: 'Positive, Neutral, Negative',
      help: 'At least two categories, separated by commas. Available in the prompt as {{categories}}.',
    }),
    prompt_template: field.prompt({
      label: 'Prompt template',
      fills: ['categories'],
      default:
        'Classify the following text into exactly one of these categories: {{categories}}.\n\nText:\n{{input_text}}',
      help: '{{input_text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
    }),
    output_type: field.select({
      label: 'Output type',
      options: [{ value: 'single_choice', label: 'Single choice' }],
      default: 'single_choice',
    }),
    model: field.aiModel('structured'),
  },
  outputs: {
    classified_category: output.text('The chosen category'),
    classification: output.json('{ category, sentiment, confidence } with confidence from 0 to 1'),
  },
  present: [
    {
      output: 'classification',
      title: 'Classification',
      views: [
        {
          view: 'fields',
          inline: true,
          fields: [
            { label: '', path: 'category', kind: 'tag', required: true },
            { label: 'Confidence', path: 'confidence', kind: 'percent' },
            { label: 'Sentiment', path: 'sentiment' },
          ],
        },
      ],
    },
  ],
  async run(ctx) {
    const categories = parseCategories(ctx.settings.categories);
    if (categories.length < 2) {
      throw new BlockInputError(
        'List at least two different categories in "Categories", separated by commas (for example: Positive, Neutral, Negative).',
      );
    }
    const prompt = renderPrompt(
      ctx,
      ctx.settings.prompt_template,
      {
        noInput: 'Connect a block that provides the text to classify.',
        empty: 'The prompt is empty: write the classification instructions in "Prompt template".',
      },
      { categories: categories.join(', ') },
    );
    const answer = await ctx.ai.json<Classification>({
      model: ctx.settings.model,
      prompt,
      system: systemPrompt(categories),
      schema: classificationSchema(categories),
      schemaName: 'classification',
    });
    const result: Classification = {
      category: answer.category,
      sentiment: answer.sentiment,
      confidence: answer.confidence,
    };
    return { classified_category: result.category, classification: result };
  },
});
