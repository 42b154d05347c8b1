import { defineBlock, field, output } from '@blocksmith/block-sdk';
import { checkRule, OPERATORS, RULES } from './check-rule';

/** The value a condition or its checked value refers to: one connected block's value as it is, several as one text. */
function connectedValue(ctx: { upstream: readonly { value: unknown }[]; primaryText(): string }): unknown {
  return ctx.upstream.length === 1 ? ctx.upstream[0]!.value : ctx.primaryText();
}

export const condition = defineBlock({
  kind: 'condition',
  name: 'Condition',
  description: 'Sends the run down its true or false route by a rule on a value.',
  category: 'ai',
  settings: {
    rule: field.select({ label: 'Rule', options: RULES, default: 'contains' }),
    value: field.text({
      label: 'Compare with',
      default: '',
      required: false,
      // A run cannot compare a number or a category with nothing: the pre-run checklist asks for it.
      requiredWhen: { setting: 'rule', values: ['number', 'category'] },
      help: 'The text, regular expression, number or category (several: separated by commas) to compare with. "Is empty" needs none.',
    }),
    operator: field.select({
      label: 'Comparison',
      options: OPERATORS,
      default: 'gt',
      help: 'For "Number comparison": how the value compares with the number.',
    }),
    ignore_case: field.boolean({ label: 'Ignore upper and lower case', default: true }),
    subject: field.prompt({
      label: 'Value to check',
      default: '',
      required: false,
      help: 'Empty: the connected block’s value. Or pick another with {{variable}}.',
    }),
  },
  outputs: {
    checked_value: output.json('The value it checked, passed on to the blocks of the route taken'),
    condition_met: output.text('"true" or "false"'),
  },
  routes: { ports: ['true', 'false'] },
  // It steers the run; the blocks on the route it takes show the results.
  present: [],
  run(ctx) {
    const subject =
      ctx.settings.subject.trim() === '' ? connectedValue(ctx) : ctx.render(ctx.settings.subject);
    const met = checkRule(subject, ctx.settings);
    ctx.route(met ? 'true' : 'false');
    return { checked_value: subject ?? '', condition_met: met ? 'true' : 'false' };
  },
});
