import { BlockInputError, defineBlock, field, output, parseDropdownOptions } from '@blocksmith/block-sdk';

export const dropdown = defineBlock({
  kind: 'dropdown',
  name: 'Dropdown',
  description: 'One option, chosen from a list, by the person running the app.',
  category: 'input',
  inputKind: 'choice',
  settings: {
    label: field.text({
      label: 'Label',
      default: 'Choose an option',
      help: 'The question shown above the list.',
    }),
    options: field.text({
      label: 'Options',
      default: 'Option 1, Option 2, Option 3',
      help: 'Comma-separated choices',
      placeholder: 'Option 1, Option 2, Option 3',
    }),
  },
  outputs: { selected_option: output.text('The option that was chosen') },
  run(ctx) {
    const { label } = ctx.settings;
    const options = parseDropdownOptions(ctx.settings.options);
    if (options.length === 0) {
      throw new BlockInputError(`"${label}" has no options. Add comma-separated choices in its settings.`);
    }
    const value = typeof ctx.runInput === 'string' ? ctx.runInput.trim() : ctx.runInput;
    if (value === undefined || value === null || value === '') {
      throw new BlockInputError(`Please choose an option for "${label}".`);
    }
    const chosen = options.find((option) => option === value);
    if (chosen === undefined) {
      const shown = typeof value === 'string' ? `"${value}"` : 'That choice';
      throw new BlockInputError(`${shown} is not one of the options for "${label}": ${options.join(', ')}.`);
    }
    return { selected_option: chosen };
  },
});
