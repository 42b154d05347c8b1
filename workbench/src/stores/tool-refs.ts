/**
 * The apps a block offers a model as tools, as its text setting keeps them: app ids (the creator's
 * own apps) and store slugs, separated by commas (spaces and line breaks are read as commas too).
 */

/** The refs of a setting's text, in order, without blanks or repeats. */
export function parseToolRefs(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const refs: string[] = [];
  for (const part of text.split(/[,\s]+/)) {
    const ref = part.trim();
    if (ref !== '' && !refs.includes(ref)) refs.push(ref);
  }
  return refs;
}

/** The setting's text for `refs`: `a, b`. */
export function formatToolRefs(refs: readonly string[]): string {
  return refs.join(', ');
}

/** The setting's text with `ref` added at the end, or taken out when it is there. */
export function toggleToolRef(text: unknown, ref: string): string {
  const refs = parseToolRefs(text);
  return formatToolRefs(refs.includes(ref) ? refs.filter((r) => r !== ref) : [...refs, ref]);
}
