import { findUnstorableText, hasUnstorableCharacter, unstorableTextMessage } from './unstorable-text';

describe('findUnstorableText', () => {
  it('finds nothing in clean values, emoji and other pairs included', () => {
    expect(findUnstorableText({ a: 'x', b: [1, 'y 😀', { c: null }], d: true })).toBeNull();
    expect(findUnstorableText('plain')).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('names the field that holds a NUL character or half of a surrogate pair', () => {
    expect(findUnstorableText('a\u0000b')).toBe('');
    expect(findUnstorableText({ name: 'a\u0000' })).toBe('name');
    expect(findUnstorableText({ inputs: { input_text: 'hi\u0000' } })).toBe('inputs.input_text');
    expect(findUnstorableText({ nodes: [{ id: 'a' }, { name: '\u0000' }] })).toBe('nodes.1.name');
    expect(findUnstorableText({ label: 'Topic\ud800' })).toBe('label');
    expect(findUnstorableText({ label: '\udc00 end' })).toBe('label');
    expect(findUnstorableText({ id: '\u0000' }, 'variables')).toBe('variables.id');
    expect(hasUnstorableCharacter('😀'.slice(0, 1))).toBe(true);
    expect(hasUnstorableCharacter('😀')).toBe(false);
  });

  it('refuses keys with one too', () => {
    expect(findUnstorableText({ ['bad\u0000key']: 1 })).toBe('bad\\u0000key');
  });

  it('says what to do', () => {
    expect(unstorableTextMessage('name')).toBe(
      '`name` contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.',
    );
  });
});
