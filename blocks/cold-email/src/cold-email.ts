import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';
import { COLD_EMAIL_SCHEMA, SUBJECT_MAX_LENGTH, type ColdEmail } from './cold-email-schema';
import { COLD_EMAIL_TONES, TONE_INSTRUCTIONS } from './cold-email-tones';

export const DEFAULT_GOAL = 'book a short intro call';

export const COLD_EMAIL_SYSTEM =
  'You write short, specific, honest cold emails that get replies. Use only the facts given about the recipient and the sender; never invent achievements, numbers, customers or mutual contacts.';

export const COLD_EMAIL_PROMPT = `Write a cold email to the person or company described below.

About the recipient:
"""
{{recipient}}
"""

Goal of the email: {{goal}}
Tone: {{tone_instruction}}
{{sender_instruction}}

The subject line must be at most ${SUBJECT_MAX_LENGTH} characters. Keep the body under 150 words: a personal first line that shows you know who they are, one or two sentences on what is in it for them, and one clear, easy call to action for the goal. Do not use placeholders in square brackets. Also write a follow-up email of under 80 words to send a few days later if there is no reply, referring back to the first one.`;

export const coldEmail = defineBlock({
  kind: 'coldEmail',
  name: 'Cold Email Writer',
  description:
    'Writes a short cold email, with a subject line and a follow-up, to the person or company described.',
  category: 'ai',
  cost: 1,
  // A richer block: plans that include full blocks may add it (see the plans table).
  tier: 'full',
  settings: {
    sender: field.text({
      label: 'Sender',
      required: false,
      placeholder: 'e.g. Maya from Brightline Analytics',
      help: 'Optional: who the email is from and what they offer. May use {{variables}}.',
    }),
    goal: field.text({
      label: 'Goal',
      default: DEFAULT_GOAL,
      help: 'What the email should get the recipient to do. May use {{variables}}.',
    }),
    tone: field.select({ label: 'Tone', options: COLD_EMAIL_TONES, default: 'professional' }),
    model: field.aiModel('structured'),
  },
  outputs: { coldEmail: output.json('subject, body and followUp of the email') },
  present: [
    {
      output: 'coldEmail',
      title: 'Cold email',
      views: [
        {
          view: 'fields',
          fields: [
            { label: 'Subject', path: 'subject' },
            { label: '', path: 'body', required: true },
            { label: 'Follow-up', path: 'followUp' },
          ],
        },
      ],
    },
  ],
  async run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError(
        'Connect a block that describes the recipient or their company, such as Text Input.',
      );
    }
    const recipient = ctx.primaryText().trim();
    if (recipient === '') {
      throw new BlockInputError(
        'The connected block gave no details about the recipient. Fill in the input and run again.',
      );
    }
    const sender = ctx.render(ctx.settings.sender).trim();
    const prompt = ctx.render(COLD_EMAIL_PROMPT, {
      recipient,
      goal: ctx.render(ctx.settings.goal).trim() || DEFAULT_GOAL,
      tone_instruction: TONE_INSTRUCTIONS[ctx.settings.tone],
      sender_instruction:
        sender === ''
          ? 'The sender is not named: do not invent a name; end with a short sign-off without one.'
          : `The sender, who signs both emails: ${sender}`,
    });
    const email = await ctx.ai.json<ColdEmail>({
      model: ctx.settings.model,
      system: COLD_EMAIL_SYSTEM,
      prompt,
      schema: COLD_EMAIL_SCHEMA,
      schemaName: 'coldEmail',
    });
    return {
      coldEmail: { subject: email.subject.trim(), body: email.body.trim(), followUp: email.followUp.trim() },
    };
  },
});
