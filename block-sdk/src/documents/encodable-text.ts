/** Look-alikes for common characters the standard PDF fonts cannot draw. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2212': '-',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u25cf': '\u2022',
  '\u25aa': '\u2022',
  '\u2043': '-',
};
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/;

/**
 * Text a standard PDF font can draw: characters outside `charset` become their unaccented form or
 * a look-alike, invisible ones are dropped and anything else becomes `?`, so making a PDF never fails
 * on an emoji or a script the font lacks.
 */
export function encodableText(text: string, charset: ReadonlySet<number>): string {
  let result = '';
  for (const char of text) {
    if (charset.has(char.codePointAt(0) ?? 0)) {
      result += char;
      continue;
    }
    if (INVISIBLE.test(char)) continue;
    const lookAlike = LOOK_ALIKES[char];
    if (lookAlike !== undefined && Array.from(lookAlike).every((c) => charset.has(c.codePointAt(0) ?? 0))) {
      result += lookAlike;
      continue;
    }
    const plain = Array.from(char.normalize('NFKD'))
      .filter((c) => charset.has(c.codePointAt(0) ?? 0))
      .join('');
    result += plain === '' ? '?' : plain;
  }
  return result;
}
