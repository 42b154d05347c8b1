import { BlockInputError } from './errors';
import { renderPrompt } from './prompt';
import { runBlock } from './testing';
import { defineBlock } from './define-block';
import { field } from './fields';
import { output } from './outputs';

const MESSAGES = { noInput: 'Connect a block with the text.', empty: 'Write a prompt.' };

/** A block whose prompt is renderPrompt's answer, returned as its output. */
const echo = defineBlock({
  kind: 'promptEcho',
  name: 'Prompt Echo',
  description: 'Answers its prompt.',
  category: 'ai',
  cost: 1,
  settings: { template: field.text({ label: 'Template', required: false, default: '' }) },
  outputs: { prompt_text: output.text() },
  run: (ctx) => ({ prompt_text: renderPrompt(ctx, ctx.settings.template, MESSAGES, { tone: 'warm' }) }),
});

describe('renderPrompt', () => {
  it('fills {{input_text}} with the connected text, other names from upstream variables, then extra', async () => {
    const { outputs } = await runBlock(echo, {
      settings: { template: 'Be {{tone}} about {{input_text}} for {{audience}}' },
      upstream: { summary: 'the launch' },
      variables: { audience: 'customers' },
    });
    expect(outputs.prompt_text).toBe('Be warm about the launch for customers');
  });

  it('refuses {{input_text}} with nothing connected, and an empty prompt, in the block’s words', async () => {
    await expect(runBlock(echo, { settings: { template: 'About {{ input_text }}' } })).rejects.toThrow(
      new BlockInputError(MESSAGES.noInput),
    );
    await expect(runBlock(echo, { settings: { template: '  ' } })).rejects.toThrow(
      new BlockInputError(MESSAGES.empty),
    );
    // A template without {{input_text}} needs no connection.
    const { outputs } = await runBlock(echo, { settings: { template: 'A poem' } });
    expect(outputs.prompt_text).toBe('A poem');
  });
});
