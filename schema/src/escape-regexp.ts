/** `text` as a RegExp source that matches it literally (a path's dots are not "any character"). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
