import { findNulCharacter, nulCharacterMessage } from './nul-character';

describe('findNulCharacter', () => {
  it('finds nothing in clean values', () => {
    expect(findNulCharacter({ a: 'x', b: [1, 'y', { c: null }], d: true })).toBeNull();
    expect(findNulCharacter('plain')).toBeNull();
    expect(findNulCharacter(undefined)).toBeNull();
  });

  it('names the field that holds one', () => {
    expect(findNulCharacter('a\u0000b')).toBe('');
    expect(findNulCharacter({ name: 'a\u0000' })).toBe('name');
    expect(findNulCharacter({ inputs: { input_text: 'hi\u0000' } })).toBe('inputs.input_text');
    expect(findNulCharacter({ nodes: [{ id: 'a' }, { name: '\u0000' }] })).toBe('nodes.1.name');
    expect(findNulCharacter({ id: 'x' }, 'variables')).toBe(null);
    expect(findNulCharacter({ id: '\u0000' }, 'variables')).toBe('variables.id');
  });

  it('refuses keys with one too', () => {
    expect(findNulCharacter({ ['bad\u0000key']: 1 })).toBe('bad\\u0000key');
  });

  it('says what to do', () => {
    expect(nulCharacterMessage('name')).toBe(
      '`name` contains a NUL character (\\u0000), which cannot be stored; remove it and send again.',
    );
  });
});
