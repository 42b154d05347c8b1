import { isRunResult } from '@blocksmith/schema';

/**
 * A chat turn's answer from its run's result: the text the app shows (its text displays, in
 * order, as one text), else the text its last block with a text output produced. Empty when the
 * app produced no text at all (an image app, say).
 */
export function answerOf(result: unknown): string {
  if (!isRunResult(result)) return '';
  const shown = result.artifacts
    .map(({ artifact }) => (artifact.kind === 'text' ? artifact.text : null))
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  if (shown.length > 0) return shown.join('\n\n');
  for (const layout of [...result.layout].reverse()) {
    const block = result.blocks[layout.id];
    const first = layout.outputs[0];
    const value = block && first !== undefined ? block.outputs[first] : undefined;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}
