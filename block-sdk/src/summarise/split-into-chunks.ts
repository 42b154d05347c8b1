/** About 6000 characters: a part a model reads comfortably, with room left for its answer. */
export const CHUNK_SIZE = 6000;

/** Where text may be broken, from the most to the least natural place. */
const BREAKS = [
  { split: /\n[ \t]*\n+/, join: '\n\n' }, // between paragraphs
  { split: /(?<=[.!?…]["')\]]?)\s+/, join: ' ' }, // between sentences
  { split: /\s+/, join: ' ' }, // between words
] as const;

/**
 * Splits text into parts of at most `maxChars` characters. Parts end between paragraphs where
 * possible, else between sentences, else between words; only a single word longer than
 * `maxChars` is cut. Neighbouring pieces are packed together up to the limit. Blank text gives [].
 */
export function splitIntoChunks(text: string, maxChars: number = CHUNK_SIZE): string[] {
  if (!Number.isInteger(maxChars) || maxChars < 1)
    throw new RangeError('maxChars must be a whole number from 1');
  const normalised = text.replace(/\r\n?/g, '\n').trim();
  return normalised === '' ? [] : split(normalised, maxChars, 0);
}

function split(text: string, maxChars: number, level: number): string[] {
  if (text.length <= maxChars) return [text];
  const rule = BREAKS[level];
  if (!rule) return cut(text, maxChars);
  const chunks: string[] = [];
  let current = '';
  for (const piece of text.split(rule.split)) {
    const part = piece.trim();
    if (part === '') continue;
    if (part.length > maxChars) {
      if (current !== '') chunks.push(current);
      current = '';
      chunks.push(...split(part, maxChars, level + 1));
    } else if (current === '') {
      current = part;
    } else if (current.length + rule.join.length + part.length <= maxChars) {
      current += rule.join + part;
    } else {
      chunks.push(current);
      current = part;
    }
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

function cut(text: string, maxChars: number): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += maxChars) parts.push(text.slice(at, at + maxChars));
  return parts;
}
