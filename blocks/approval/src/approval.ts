import { BlockInputError, RunPause, defineBlock, field, output } from '@blocksmith/block-sdk';

/** How long a run waits by default before it ends as timed out: a day. */
export const DEFAULT_TIMEOUT_HOURS = 24;
/** The longest a run may wait: 30 days. */
export const MAX_TIMEOUT_HOURS = 720;

/** A plain e-mail address: something@somewhere.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const approval = defineBlock({
  kind: 'approval',
  name: 'Approval',
  description:
    'Stops the run until a person approves (optionally changing the text) or rejects it; it waits safely on the server.',
  category: 'ai',
  settings: {
    message: field.prompt({
      label: 'What the approver sees',
      default: '',
      required: false,
      help: 'Empty: the connected block’s text. Or write the text with {{variables}}.',
    }),
    approver: field.select({
      label: 'Who approves',
      options: [
        { value: 'owner', label: 'The app’s owner (in Blocksmith)' },
        { value: 'email', label: 'Someone by e-mail (a signed link)' },
      ],
      default: 'owner',
    }),
    email: field.text({
      label: 'Approver’s e-mail address',
      default: '',
      required: false,
      requiredWhen: { setting: 'approver', values: ['email'] },
      placeholder: 'name@example.com',
      help: 'For "Someone by e-mail": they get a link to approve or reject, valid until the time-out.',
    }),
    timeout_hours: field.number({
      label: 'Time-out',
      default: DEFAULT_TIMEOUT_HOURS,
      min: 1,
      max: MAX_TIMEOUT_HOURS,
      integer: true,
      unit: 'hours',
      help: 'Without a decision by then the run ends as timed out and what did not run is refunded.',
    }),
    editable: field.boolean({
      label: 'The approver may edit the text',
      default: true,
    }),
  },
  outputs: {
    approved_text: output.text('The text as approved (as the approver changed it, when allowed)'),
    approved_by: output.text('Who approved it'),
  },
  waits: true,
  // It waits; the blocks after it show the results.
  present: [],
  run(ctx) {
    if (ctx.decision) return { approved_text: ctx.decision.text, approved_by: ctx.decision.decidedBy };
    const { message, approver, email, timeout_hours: hours, editable } = ctx.settings;
    const text = message.trim() === '' ? ctx.primaryText() : ctx.render(message);
    if (text.trim() === '')
      throw new BlockInputError(
        'There is nothing to approve: connect a block or write what the approver sees.',
      );
    const address = email.trim();
    if (approver === 'email' && !EMAIL.test(address))
      throw new BlockInputError(`Write the approver’s e-mail address (it says "${address}").`);
    const timeoutHours = Math.min(MAX_TIMEOUT_HOURS, Math.max(1, Math.round(hours || DEFAULT_TIMEOUT_HOURS)));
    throw new RunPause({
      text,
      editable,
      approver: approver === 'email' ? { kind: 'email', email: address.toLowerCase() } : { kind: 'owner' },
      timeoutSeconds: timeoutHours * 3600,
    });
  },
});
