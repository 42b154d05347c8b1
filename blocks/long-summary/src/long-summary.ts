import { defineBlock, field, output, summaryLengthSetting, summariseText } from '@blocksmith/block-sdk';
import { readUpstreamText } from './read-upstream-text';

export const longSummary = defineBlock({
  kind: 'longSummary',
  name: 'Long Summary',
  description: 'Summarises long text: reads it in parts, then combines them into one summary.',
  category: 'ai',
  cost: 2,
  historyType: 'long_summary',
  settings: {
    length: summaryLengthSetting,
    focus: field.text({
      label: 'Focus',
      required: false,
      placeholder: 'e.g. decisions and deadlines',
      help: 'Optional: what the summary should pay most attention to. May use {{variables}}.',
    }),
    model: field.aiModel('text'),
  },
  outputs: { summary: output.text('The summary of the connected text', { title: 'Summary' }) },
  async run(ctx) {
    const text = await readUpstreamText(ctx);
    const summary = await summariseText(ctx, text, {
      model: ctx.settings.model,
      length: ctx.settings.length,
      focus: ctx.render(ctx.settings.focus),
    });
    return { summary };
  },
});
