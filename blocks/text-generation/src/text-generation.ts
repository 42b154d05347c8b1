import { AiOutputError, defineBlock, field, output, renderPrompt } from '@blocksmith/block-sdk';
import { toBulletList } from './bullet-list';

const TEXT_SYSTEM = 'You write short, clear, helpful text for an app. Reply with the requested text only.';
const LIST_SYSTEM =
  'You write short, clear, helpful lists for an app. Reply with the items only, one per line, without an introduction.';

export const textGeneration = defineBlock({
  kind: 'textGeneration',
  name: 'Text AI',
  description: 'Writes text from your prompt, as prose or as a list.',
  category: 'ai',
  cost: 1,
  paletteRank: 1,
  settings: {
    prompt_template: field.prompt({
      label: 'Prompt template',
      default: 'Write a short, helpful response about: {{input_text}}',
      help: 'What to write. {{input_text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
    }),
    output_type: field.select({
      label: 'Output type',
      options: [
        { value: 'text', label: 'Text' },
        { value: 'list', label: 'List' },
      ],
      default: 'text',
      help: 'List asks for one item per line and returns a bullet list.',
    }),
    model: field.aiModel('text'),
  },
  outputs: {
    generated_text: output.text('The generated text (Markdown)', {
      view: 'markdown',
      title: 'Generated text',
    }),
  },
  async run(ctx) {
    const prompt = renderPrompt(ctx, ctx.settings.prompt_template, {
      noInput:
        'Connect a block that provides the text for {{input_text}}, or remove {{input_text}} from the prompt template.',
      empty: 'The prompt is empty: write what to generate in "Prompt template".',
    });
    const list = ctx.settings.output_type === 'list';
    const answer = await ctx.ai.text({
      prompt,
      system: list ? LIST_SYSTEM : TEXT_SYSTEM,
      model: ctx.settings.model,
    });
    const generated = list ? toBulletList(answer) : answer.trim();
    if (generated === '') throw new AiOutputError('The AI returned no text. Run the app again.');
    return { generated_text: generated };
  },
});
