import { encodableText } from './encodable-text';

/** Printable ASCII plus the bullet, like a standard PDF font's character set, without accents. */
const ascii = new Set([...Array.from({ length: 95 }, (_, i) => 0x20 + i), 0x2022]);
const withAccents = new Set([...ascii, 'é'.codePointAt(0)!]);

describe('encodableText', () => {
  it('keeps characters the font can draw', () => {
    expect(encodableText('Plain text, 100% ok!', ascii)).toBe('Plain text, 100% ok!');
    expect(encodableText('Café', withAccents)).toBe('Café');
  });

  it('falls back to the unaccented letter, then to a look-alike', () => {
    expect(encodableText('Café naïve Ångström', ascii)).toBe('Cafe naive Angstrom');
    expect(encodableText('a → b ⇒ c ≤ d ≠ e ✓ ✗ ●', ascii)).toBe('a -> b => c <= d != e v x \u2022');
  });

  it('drops invisible characters and turns anything else into ?', () => {
    expect(encodableText('zero\u200bwidth\ufeff', ascii)).toBe('zerowidth');
    expect(encodableText('👋 你好', ascii)).toBe('? ??');
  });

  it('uses a look-alike only when the font can draw all of it', () => {
    expect(encodableText('●', new Set([0x20]))).toBe('?');
  });
});
