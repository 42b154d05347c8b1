import { AiOutputError, BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';

const SYSTEM =
  'You rewrite text as asked. Keep its meaning and language. Reply with the rewritten text only.';

const TEXT = /\{\{\s*text\s*\}\}/;

export const rewriting = defineBlock({
  kind: 'rewriting',
  name: 'Rewriting',
  description: 'Rewrites text towards a goal, such as clearer, shorter or more formal.',
  category: 'ai',
  cost: 1,
  paletteRank: 4,
  settings: {
    transformation_goal: field.text({
      label: 'Transformation goal',
      default: 'Make it clearer and more concise',
      help: 'How the text should change. Available in the prompt as {{transformation_goal}}.',
    }),
    prompt_template: field.prompt({
      label: 'Prompt template',
      fills: ['text', 'transformation_goal'],
      default: 'Rewrite the text below. Goal: {{transformation_goal}}\n\nText:\n{{text}}',
      help: '{{text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
    }),
    output_type: field.select({
      label: 'Output type',
      options: [{ value: 'text', label: 'Text' }],
      default: 'text',
    }),
    model: field.aiModel('text'),
  },
  outputs: { rewritten_text: output.text('The rewritten text') },
  async run(ctx) {
    const template = ctx.settings.prompt_template;
    const extra = { transformation_goal: ctx.settings.transformation_goal, text: ctx.primaryText() };
    if (TEXT.test(template) && ctx.render('{{text}}', extra).trim() === '') {
      throw new BlockInputError('Connect a block that provides the text to rewrite.');
    }
    const prompt = ctx.render(template, extra);
    if (prompt.trim() === '') {
      throw new BlockInputError('The prompt is empty: write how to rewrite the text in "Prompt template".');
    }
    const rewritten = (
      await ctx.ai.text({
        model: ctx.settings.model,
        prompt,
        system: SYSTEM,
      })
    ).trim();
    if (rewritten === '') throw new AiOutputError('The AI returned no text. Run the app again.');
    return { rewritten_text: rewritten };
  },
});
