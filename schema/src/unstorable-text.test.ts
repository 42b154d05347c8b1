import {
  cutText,
  findUnstorableText,
  hasUnstorableCharacter,
  storableText,
  storableValue,
  unstorableTextMessage,
} from './unstorable-text';

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

describe('storableText and storableValue', () => {
  it('replaces NUL and each half of a surrogate pair by U+FFFD, keeping whole pairs', () => {
    expect(storableText('a\u0000b')).toBe('a\ufffdb');
    expect(storableText('\ud800')).toBe('\ufffd');
    expect(storableText('x\udc00y\ud83d')).toBe('x\ufffdy\ufffd');
    expect(storableText('\udc00\ud800')).toBe('\ufffd\ufffd');
    expect(storableText('ok 😀')).toBe('ok 😀');
  });

  it('cleans every string of a value, keys too, without changing the original', () => {
    const value = { keep: 'fine', list: ['ok', { '\u0000': 'b\ud800' }], n: 1, yes: true, none: null };
    const before = JSON.stringify(value);
    expect(storableValue(value)).toEqual({
      keep: 'fine',
      list: ['ok', { '\ufffd': 'b\ufffd' }],
      n: 1,
      yes: true,
      none: null,
    });
    expect(JSON.stringify(value)).toBe(before);
    expect(Object.keys(storableValue({ a: 1, 'b\u0000': 2, c: 3 }))).toEqual(['a', 'b\ufffd', 'c']);
  });

  it('answers the value itself when nothing needs cleaning', () => {
    const value = { a: ['x', { b: 'y 😀' }], c: 2 };
    expect(storableValue(value)).toBe(value);
    expect(storableValue('plain')).toBe('plain');
    expect(storableValue(undefined)).toBeUndefined();
  });
});

describe('cutText', () => {
  it('cuts at the limit, one unit sooner rather than between the halves of a pair', () => {
    expect(cutText('abcdef', 4)).toBe('abcd');
    expect(cutText('abc', 4)).toBe('abc');
    expect(cutText(`${'a'.repeat(3)}😀😀`, 4)).toBe('aaa');
    expect(cutText(`${'a'.repeat(3)}😀😀`, 5)).toBe('aaa😀');
    expect(cutText('😀', 1)).toBe('');
    expect(cutText('abc', 0)).toBe('');
  });
});
