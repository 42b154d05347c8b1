import { decode } from 'html-entities';

/** Elements whose content is not text a reader sees. */
const HIDDEN = /<(script|style|noscript|template|head|svg|math|iframe|object)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** One tag, its attribute values allowed to hold `>` inside quotes. */
const TAG = /<\/?[a-zA-Z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g;
/** Tags that end a line of text where they open or close. */
const BREAKING =
  /^<\/?(p|div|br|hr|h[1-6]|li|ul|ol|dl|dt|dd|tr|table|thead|tbody|tfoot|section|article|aside|header|footer|nav|main|blockquote|pre|figure|figcaption|form|fieldset|address|details|summary|caption)\b/i;

/**
 * The text of an HTML document as a reader sees it: scripts, styles, comments and the head left
 * out, one line per paragraph, heading, list item or table row (cells separated by tabs, list items
 * starting with "- "), entities decoded, runs of spaces collapsed.
 */
export function htmlText(html: string): string {
  const withoutHidden = html
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/g, ' ')
    .replace(/<![^>]*>/g, ' ')
    .replace(HIDDEN, ' ')
    // Line breaks in the source are spaces to a reader; only the elements below break lines.
    .replace(/\s+/g, ' ');
  const marked = withoutHidden.replace(TAG, (tag) => {
    if (/^<li\b/i.test(tag)) return '\n- ';
    if (/^<\/t[dh]\s*>/i.test(tag)) return '\t';
    return BREAKING.test(tag) ? '\n' : '';
  });
  // A stray `<` that opens no tag is text; one that opens an unfinished tag at the very end is not.
  const text = decode(marked.replace(/<\/?[a-zA-Z][^>]*$/, ''), { level: 'html5' });
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \f\r\u00a0]+/g, ' ')
        .replace(/ ?\t ?/g, '\t')
        .replace(/\t+$/, '')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}
