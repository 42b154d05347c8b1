import { BlockInputError } from './errors';
import type { RunContext } from './run-context';

/** `{{input_text}}`, with spaces allowed inside the braces. */
const INPUT_TEXT = /\{\{\s*input_text\s*\}\}/;

export interface PromptMessages {
  /** When the template uses `{{input_text}}` and no connected block gave any text. */
  noInput: string;
  /** When the filled-in prompt is empty. */
  empty: string;
}

/**
 * An AI block's prompt from its template: `{{input_text}}` is the text of the directly connected
 * blocks (`ctx.primaryText()`), other `{{names}}` come from upstream variables, then from `extra`.
 * Refuses, with the block's own words, a template that needs `{{input_text}}` when nothing
 * connected gave any text, and a prompt that comes out empty.
 */
export function renderPrompt(
  ctx: Pick<RunContext<unknown>, 'primaryText' | 'render'>,
  template: string,
  messages: PromptMessages,
  extra: Readonly<Record<string, unknown>> = {},
): string {
  const values = { ...extra, input_text: ctx.primaryText() };
  if (INPUT_TEXT.test(template) && ctx.render('{{input_text}}', values).trim() === '') {
    throw new BlockInputError(messages.noInput);
  }
  const prompt = ctx.render(template, values);
  if (prompt.trim() === '') throw new BlockInputError(messages.empty);
  return prompt;
}
