import { blockTitle } from './block-title';

describe('blockTitle', () => {
  it('is the label setting when there is one, else the kind’s name', () => {
    expect(blockTitle({ label: 'Your question' }, 'Text Input')).toBe('Your question');
    expect(blockTitle({ label: '  Your name ' }, 'Text Input')).toBe('Your name');
    expect(blockTitle({ label: '   ' }, 'Text Input')).toBe('Text Input');
    expect(blockTitle({ label: 3 }, 'Text AI')).toBe('Text AI');
    expect(blockTitle({}, 'Text AI')).toBe('Text AI');
    expect(blockTitle(undefined, 'Text AI')).toBe('Text AI');
  });
});
