import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';

/**
 * What a chat turn hands the block: the person's new message and the conversation so far as text
 * (the gateway's chat service writes it, within the memory settings below). A run started any
 * other way (the builder's preview, the API's execute) hands the message alone.
 */
export interface ChatTurnInput {
  message: string;
  conversation: string;
}

function isChatTurnInput(value: unknown): value is ChatTurnInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ChatTurnInput).message === 'string' &&
    typeof (value as ChatTurnInput).conversation === 'string'
  );
}

export const chatInput = defineBlock({
  kind: 'chatInput',
  name: 'Chat Input',
  description:
    'Makes the app a chat: the person’s message, and the conversation so far for the AI blocks to remember.',
  category: 'input',
  inputKind: 'text',
  settings: {
    label: field.text({ label: 'Label', default: 'Message', help: 'Shown above the message box.' }),
    placeholder: field.text({ label: 'Placeholder', default: 'Ask anything...', required: false }),
    memory_turns: field.number({
      label: 'Turns remembered',
      default: 10,
      min: 0,
      max: 50,
      integer: true,
      help: 'How many of the latest turns (a message and its answer) the AI blocks are given word for word, as far as each one’s model can read.',
    }),
    older_turns: field.select({
      label: 'Older turns',
      options: [
        { value: 'summary', label: 'Summarise them' },
        { value: 'forget', label: 'Forget them' },
      ],
      default: 'summary',
      help: 'What the AI blocks are told of the turns before those remembered: each question with the start of its answer, or nothing.',
    }),
  },
  outputs: {
    input_text: output.text('The person’s message'),
    chat_history: output.text('The conversation so far, oldest first (empty on the first message)'),
  },
  run(ctx) {
    const value = ctx.runInput;
    const turn = isChatTurnInput(value) ? value : { message: value, conversation: '' };
    const message = turn.message;
    if (message === undefined || message === null || (typeof message === 'string' && message.trim() === '')) {
      throw new BlockInputError(`Please fill in "${ctx.settings.label}".`);
    }
    if (typeof message !== 'string') throw new BlockInputError(`"${ctx.settings.label}" must be text.`);
    return { input_text: message, chat_history: turn.conversation };
  },
});
