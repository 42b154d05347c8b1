import {
  AiOutputError,
  BlockInputError,
  defineBlock,
  field,
  output,
  valueAsText,
  type RunContext,
  type UpstreamValue,
} from '@blocksmith/block-sdk';
import { COMPARISON_SCORE_SCHEMA, type ComparisonScore } from './comparison-score';

const TEXT_SYSTEM =
  'You compare two options, A and B, against the given criteria. Be fair and concise, ' +
  'and end with a one-line verdict: A, B or a tie.';
const SCORE_SYSTEM =
  'You compare two options, A and B, against the given criteria. Score each from 0 to 10, ' +
  'name the winner (A, B or tie) and explain briefly in reasoning.';

const OPTION_A = /\{\{\s*option_a\s*\}\}/;
const OPTION_B = /\{\{\s*option_b\s*\}\}/;

/** The option as written in its setting (variables filled in), or else the connected block's value. */
function optionText(ctx: RunContext<unknown>, setting: string, connected: UpstreamValue | undefined): string {
  return setting.trim() !== '' ? ctx.render(setting) : valueAsText(connected?.value);
}

export const comparison = defineBlock({
  kind: 'comparison',
  name: 'Comparison',
  description: 'Compares two options against your criteria, in words or as scores out of 10.',
  category: 'ai',
  cost: 1,
  paletteRank: 5,
  settings: {
    criteria: field.text({
      label: 'Criteria',
      default: 'overall quality',
      help: 'What to compare the options on. Available in the prompt as {{criteria}}.',
    }),
    option_a: field.text({
      label: 'Option A',
      required: false,
      multiline: true,
      help: 'May contain {{variables}}. Leave empty to use the first connected block.',
    }),
    option_b: field.text({
      label: 'Option B',
      required: false,
      multiline: true,
      help: 'May contain {{variables}}. Leave empty to use the second connected block.',
    }),
    prompt_template: field.prompt({
      label: 'Prompt template',
      fills: ['criteria', 'option_a', 'option_b'],
      default:
        'Compare option A and option B.\nCriteria: {{criteria}}\n\nOption A:\n{{option_a}}\n\nOption B:\n{{option_b}}',
      help: '{{option_a}} and {{option_b}} are the two options; {{name}} inserts any upstream variable.',
    }),
    output_type: field.select({
      label: 'Output type',
      options: [
        { value: 'text', label: 'Text' },
        { value: 'score', label: 'Score' },
      ],
      default: 'text',
      help: 'Text gives a written comparison; Score gives { winner, score_a, score_b, reasoning }.',
    }),
    model: field.aiModel('structured'),
  },
  outputs: {
    comparison_result: output.json(
      'Text: the written comparison (a string). Score: { winner, score_a, score_b, reasoning }',
    ),
  },
  async run(ctx) {
    const template = ctx.settings.prompt_template;
    const extra = {
      criteria: ctx.settings.criteria,
      option_a: optionText(ctx, ctx.settings.option_a, ctx.upstream[0]),
      option_b: optionText(ctx, ctx.settings.option_b, ctx.upstream[1]),
    };
    if (OPTION_A.test(template) && ctx.render('{{option_a}}', extra).trim() === '') {
      throw new BlockInputError(
        'Option A is missing: fill in "Option A" or connect a block that provides it.',
      );
    }
    if (OPTION_B.test(template) && ctx.render('{{option_b}}', extra).trim() === '') {
      throw new BlockInputError(
        'Option B is missing: fill in "Option B" or connect a second block that provides it.',
      );
    }
    const prompt = ctx.render(template, extra);
    if (prompt.trim() === '') {
      throw new BlockInputError(
        'The prompt is empty: write how to compare the options in "Prompt template".',
      );
    }
    if (ctx.settings.output_type === 'score') {
      const score = await ctx.ai.json<ComparisonScore>({
        model: ctx.settings.model,
        prompt,
        system: SCORE_SYSTEM,
        schema: COMPARISON_SCORE_SCHEMA,
        schemaName: 'comparison_score',
      });
      const result: ComparisonScore = {
        winner: score.winner,
        score_a: score.score_a,
        score_b: score.score_b,
        reasoning: score.reasoning,
      };
      return { comparison_result: result };
    }
    const written = (
      await ctx.ai.text({
        model: ctx.settings.model,
        prompt,
        system: TEXT_SYSTEM,
      })
    ).trim();
    if (written === '') throw new AiOutputError('The AI returned no comparison. Run the app again.');
    return { comparison_result: written };
  },
});
