/** A leading list marker (`-`, `*`, `+`, `•`, `1.`, `1)` or `(1)`) followed by spaces. */
const MARKER = /^(?:[-*+•]|\(?\d+[.)])(?:\s+|$)/;

/**
 * Turns an answer written one item per line into a Markdown bullet list: each non-empty line
 * becomes `- item`, whatever numbering or bullet the AI used. Returns an empty string when no item
 * is left.
 */
export function toBulletList(answer: string): string {
  return answer
    .split(/\r?\n/)
    .map((line) => line.trim().replace(MARKER, '').trim())
    .filter((item) => item !== '')
    .map((item) => `- ${item}`)
    .join('\n');
}
