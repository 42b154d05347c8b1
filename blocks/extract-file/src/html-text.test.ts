import { htmlText } from './html-text';

describe('htmlText', () => {
  it('keeps what a reader sees, one line per block element', () => {
    expect(
      htmlText(
        '<!DOCTYPE html><html><head><title>Hidden</title></head><body><h2>Prices</h2>' +
          '<table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>&pound;2</td></tr></table>' +
          '<p>Line one<br>Line two</p></body></html>',
      ),
    ).toBe('Prices\nItem\tPrice\nTea\t£2\nLine one\nLine two');
  });

  it('leaves out scripts, styles, comments and templates, whatever they hold', () => {
    expect(
      htmlText(
        '<p>a</p><script type="x">if (1 < 2) document.write("<p>b</p>")</script><style>p>b{}</style>' +
          '<!-- <p>c</p> --><template><p>d</p></template><p>e</p>',
      ),
    ).toBe('a\ne');
  });

  it('reads a > inside a quoted attribute as part of the tag, and a lone < as text', () => {
    expect(htmlText('<a title="x > y" href=\'z\'>link</a> and 1 < 2 &amp; 3 &gt; 2')).toBe(
      'link and 1 < 2 & 3 > 2',
    );
  });

  it('collapses the source line breaks and spaces inside a paragraph', () => {
    expect(htmlText('<p>one\n   two&nbsp;&nbsp;three</p>\n\n<p>four</p>')).toBe('one two three\nfour');
  });
});
