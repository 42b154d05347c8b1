import { MIN_SECRET_FRAGMENT, SecretMask } from './secret-mask';

const TOKEN = 'tok_live_9f8A7b6C5d4E3f2G1h0iJkLmNoPqRsT';

/** Every stretch of MIN_SECRET_FRAGMENT characters of `secret` that `text` still shows. */
function fragmentsShown(text: string, secret: string): string[] {
  const shown: string[] = [];
  for (let i = 0; i + MIN_SECRET_FRAGMENT <= secret.length; i++) {
    const piece = secret.slice(i, i + MIN_SECRET_FRAGMENT);
    if (text.includes(piece)) shown.push(piece);
  }
  return shown;
}

describe('SecretMask', () => {
  const mask = new SecretMask(
    new Map([
      ['API_TOKEN', TOKEN],
      ['TEAM', 'blue'],
    ]),
  );

  it('masks a secret cut at every length, at either end, as one stretch', () => {
    for (let length = 1; length <= TOKEN.length; length++) {
      for (const piece of [TOKEN.slice(0, length), TOKEN.slice(TOKEN.length - length)]) {
        const clean = mask.text(`Authorization: Bearer ${piece}`);
        expect(fragmentsShown(clean, TOKEN)).toEqual([]);
        // Shorter than a fragment, a piece of a long secret is left as it is.
        expect(clean).toBe(
          length < MIN_SECRET_FRAGMENT
            ? `Authorization: Bearer ${piece}`
            : 'Authorization: Bearer [secret API_TOKEN]',
        );
      }
    }
  });

  it('masks a middle part embedded in longer text, and every repetition', () => {
    expect(mask.text(`x${TOKEN.slice(5, 30)}y`)).toBe('x[secret API_TOKEN]y');
    expect(mask.text(`${TOKEN}${TOKEN}`)).toBe('[secret API_TOKEN][secret API_TOKEN]');
    expect(mask.text(`a ${TOKEN} b ${TOKEN.slice(3, 20)} c ${TOKEN.slice(0, 7)}`)).toBe(
      `a [secret API_TOKEN] b [secret API_TOKEN] c ${TOKEN.slice(0, 7)}`,
    );
    // A piece of a secret shorter than a fragment, between two parts, does not join them.
    expect(mask.text(`${TOKEN.slice(0, 12)}${TOKEN.slice(20)}`)).toBe('[secret API_TOKEN][secret API_TOKEN]');
  });

  it('masks a short secret only whole, wherever it appears', () => {
    expect(mask.text('team blue, bluebell, blu')).toBe('team [secret TEAM], [secret TEAM]bell, blu');
  });

  it('masks overlapping secrets as one stretch naming both', () => {
    const both = new SecretMask(
      new Map([
        ['FIRST', 'abcdefghijklmnop'],
        ['SECOND', 'ijklmnopqrstuvwx'],
      ]),
    );
    expect(both.text('<abcdefghijklmnopqrstuvwx>')).toBe('<[secret FIRST, SECOND]>');
    expect(both.text('<hijklmnopq>')).toBe('<[secret FIRST, SECOND]>');
    expect(both.text('<qrstuvwx> <abcdefgh>')).toBe('<[secret SECOND]> <[secret FIRST]>');
  });

  it('masks the forms a secret takes in JSON text and in URLs', () => {
    const quoted = new SecretMask(new Map([['QUOTED', 'pass "word" \\ back/slash 99']]));
    const json = JSON.stringify({ sent: 'pass "word" \\ back/slash 99' });
    expect(quoted.text(json)).toBe('{"sent":"[secret QUOTED]"}');
    expect(quoted.text(`?q=${encodeURIComponent('pass "word" \\ back')}`)).toBe('?q=[secret QUOTED]');
  });

  it('masks a secret holding a lone surrogate', () => {
    const odd = new SecretMask(new Map([['ODD', 'half \ud800 of a pair']]));
    expect(odd.text('x half \ud800 of a pair y')).toBe('x [secret ODD] y');
  });

  it('leaves text without any secret as it is, and an empty set masks nothing', () => {
    const text = 'tok_liv and nothing more';
    expect(mask.text(text)).toBe(text);
    expect(new SecretMask(new Map()).text(TOKEN)).toBe(TOKEN);
  });

  it('stays linear on long text and repetitive secrets', () => {
    const repetitive = new SecretMask(
      new Map([
        ['A', 'a'.repeat(4000)],
        ['B', 'ab'.repeat(2000)],
      ]),
    );
    const text = 'a'.repeat(1_000_000) + 'ab'.repeat(500_000);
    const started = performance.now();
    expect(repetitive.text(text)).toBe('[secret A, B]');
    // Quadratic work would take minutes here; linear work takes milliseconds even on a busy machine.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
