import { defineBlock, field, output } from '@blocksmith/block-sdk';
import { analyseImage } from './analyse-image';
import { readUpstreamImage } from './read-upstream-image';

export const DEFAULT_QUESTION = 'Describe this image in detail.';

export const imageAnalysis = defineBlock({
  kind: 'imageAnalysis',
  name: 'Image Analysis',
  description:
    'Looks at an uploaded or generated image and describes it: what it shows, visible text and colours.',
  category: 'ai',
  cost: 2,
  settings: {
    question: field.text({
      label: 'Question',
      default: DEFAULT_QUESTION,
      multiline: true,
      help: 'What to ask about the image. May use {{variables}} from connected blocks.',
    }),
    model: field.aiModel('vision'),
  },
  outputs: { imageAnalysis: output.json('description, objects, visible text and colours of the image') },
  present: [
    {
      output: 'imageAnalysis',
      title: 'Image analysis',
      views: [
        {
          view: 'fields',
          fields: [
            { label: '', path: 'description', required: true },
            { label: 'Objects', path: 'objects', kind: 'tags' },
            { label: 'Visible text', path: 'text' },
            { label: 'Colours', path: 'colors', kind: 'tags' },
          ],
        },
      ],
    },
  ],
  async run(ctx) {
    const image = await readUpstreamImage(ctx);
    const question = ctx.render(ctx.settings.question).trim() || DEFAULT_QUESTION;
    return { imageAnalysis: await analyseImage(ctx, image, question, ctx.settings.model) };
  },
});
