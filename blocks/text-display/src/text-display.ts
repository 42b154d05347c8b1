import { BlockInputError, defineBlock, field } from '@blocksmith/block-sdk';

export const textDisplay = defineBlock({
  kind: 'textDisplay',
  name: 'Text Display',
  description: 'Shows the text of the connected blocks as a card, plain text or formatted text.',
  category: 'output',
  settings: {
    style: field.select({
      label: 'Style',
      options: [
        { value: 'card', label: 'Card view' },
        { value: 'plain', label: 'Plain text' },
        { value: 'markdown', label: 'Formatted text' },
      ],
      default: 'card',
      help: 'How the text is shown in the results.',
    }),
    showCopyButton: field.boolean({
      label: 'Show copy button',
      default: true,
      help: 'Let people copy the text with one click.',
    }),
  },
  outputs: {},
  run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError('Connect a block whose result this should display.');
    }
    ctx.present({
      kind: 'text',
      format: ctx.settings.style,
      text: ctx.primaryText(),
      copyable: ctx.settings.showCopyButton,
    });
  },
});
