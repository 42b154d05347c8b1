import { BlockInputError } from '@blocksmith/block-sdk';
import { fillHeaderValue, type Lookup } from './fill-template';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers the block writes itself, or that would change how the message is framed or routed. */
const RESERVED = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'te',
  'expect',
  'keep-alive',
]);

/**
 * Reads the Headers setting: one `Name: value` per line, `{{variables}}` filled in the values,
 * blank lines skipped. Names come back in lower case; a later line replaces an earlier one.
 */
export function requestHeaders(text: string, lookup: Lookup): Record<string, string> {
  const headers: Record<string, string> = {};
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (!TOKEN.test(name)) {
      throw new BlockInputError(`Headers, line ${index + 1}: write each header as "Name: value".`);
    }
    const lower = name.toLowerCase();
    if (RESERVED.has(lower)) {
      throw new BlockInputError(`Headers, line ${index + 1}: the ${name} header is set by the block itself.`);
    }
    headers[lower] = fillHeaderValue(line.slice(colon + 1), `Headers, line ${index + 1}`, lookup);
  });
  return headers;
}
