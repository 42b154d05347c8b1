import { AiOutputError, defineBlock, field, output, renderPrompt } from '@blocksmith/block-sdk';
import { imageFileName } from './image-file-name';
import { parseSize } from './parse-size';

export const imageGenerator = defineBlock({
  kind: 'imageGenerator',
  name: 'Image AI',
  description: 'Draws an image from your prompt.',
  category: 'ai',
  cost: 5,
  paletteRank: 6,
  historyType: 'image_generation',
  settings: {
    prompt_template: field.prompt({
      label: 'Prompt template',
      default: 'An illustration of {{input_text}}',
      help: 'What to draw. {{input_text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
    }),
    output_type: field.select({
      label: 'Output type',
      options: [{ value: 'image', label: 'Image' }],
      default: 'image',
    }),
    model: field.model({
      label: 'Model',
      capability: 'image',
      fallback: 'dalle',
      default: 'dalle',
    }),
    size: field.text({
      label: 'Size',
      required: false,
      placeholder: '512x512',
      help: 'WIDTHxHEIGHT in pixels, each side from 64 to 2048. Leave empty for the model’s default.',
    }),
  },
  outputs: {
    generated_image_url: output.url('Address of the generated image file', {
      view: 'image',
      title: 'Generated image',
    }),
  },
  async run(ctx) {
    const size = parseSize(ctx.settings.size);
    const prompt = renderPrompt(ctx, ctx.settings.prompt_template, {
      noInput:
        'Connect a block that describes the image for {{input_text}}, or write the whole description in the prompt template.',
      empty: 'The prompt is empty: describe the image in "Prompt template".',
    });
    const image = await ctx.ai.image({
      prompt,
      model: ctx.settings.model,
      ...(size === undefined ? {} : { size }),
    });
    if (image.data.byteLength === 0 || !image.mime.toLowerCase().startsWith('image/')) {
      throw new AiOutputError('The image service did not return an image. Run the app again.');
    }
    const file = await ctx.files.put(image.data, {
      name: imageFileName(prompt, image.mime),
      mime: image.mime,
    });
    return { generated_image_url: file.url };
  },
});
