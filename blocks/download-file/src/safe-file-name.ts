/** Names Windows refuses whatever their extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
/** A trailing extension the person typed (`.pdf`, `.v2`), but not a version number such as `2.5`. */
const TYPED_EXTENSION = /(?<=[^\s.])\.(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{1,8}$/;
const MAX_LENGTH = 100;

function trimEdges(name: string): string {
  return name.replace(/^[\s.\-_]+|[\s.\-_]+$/g, '');
}

/**
 * A file name that is safe on every system: letters, digits, spaces, `.`, `_`, `-` and brackets
 * only, no leading dots, at most 100 characters, with the extension the person typed replaced by
 * `extension`. Falls back to `output` when nothing usable is left.
 */
export function safeFileName(typed: string, extension: string): string {
  let base = typed
    .normalize('NFC')
    .trim()
    .replace(TYPED_EXTENSION, '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-');
  base = trimEdges(Array.from(trimEdges(base)).slice(0, MAX_LENGTH).join(''));
  if (base === '') base = 'output';
  if (RESERVED.test(base)) base = `${base}-file`;
  return `${base}.${extension}`;
}
