import { toBulletList } from './bullet-list';

describe('toBulletList', () => {
  it('keeps numbers and dashes that are part of the item', () => {
    expect(toBulletList('3.5 million people\n-5 degrees\n2024 was warm')).toBe(
      '- 3.5 million people\n- -5 degrees\n- 2024 was warm',
    );
  });

  it('drops blank lines and lone markers, and handles Windows line breaks', () => {
    expect(toBulletList('\r\n- a\r\n-\r\n\r\n 2.  b \r\n')).toBe('- a\n- b');
  });

  it('returns an empty string when nothing is left', () => {
    expect(toBulletList(' \n\n')).toBe('');
  });
});
