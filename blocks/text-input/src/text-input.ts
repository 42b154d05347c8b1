import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';

export const textInput = defineBlock({
  kind: 'textInput',
  name: 'Text Input',
  description: 'A line or paragraph of text typed by the person running the app.',
  category: 'input',
  inputKind: 'text',
  settings: {
    label: field.text({ label: 'Label', default: 'Your text', help: 'The question shown above the input.' }),
    placeholder: field.text({ label: 'Placeholder', default: 'Type here...', required: false }),
    multiline: field.boolean({
      label: 'Multiline',
      default: false,
      help: 'Offer a paragraph box instead of one line.',
    }),
  },
  outputs: { input_text: output.text('What the person typed') },
  // A label asking for a LinkedIn profile wants a profile address (linkedin.com/in/...).
  inputChecks: ['linkedInProfileUrl'],
  run(ctx) {
    const value = ctx.runInput;
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      throw new BlockInputError(`Please fill in "${ctx.settings.label}".`);
    }
    if (typeof value !== 'string') {
      throw new BlockInputError(`"${ctx.settings.label}" must be text.`);
    }
    return { input_text: ctx.settings.multiline ? value : value.replace(/\r?\n/g, ' ') };
  },
});
