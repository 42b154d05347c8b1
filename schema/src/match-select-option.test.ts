import { matchSelectOption, selectChoicesMessage, type SelectChoices } from './match-select-option';

const style: SelectChoices = {
  label: 'Style',
  options: [
    { value: 'card', label: 'Card view' },
    { value: 'plain', label: 'Plain text' },
    { value: 'markdown', label: 'Formatted text' },
  ],
};

describe('matchSelectOption', () => {
  it('finds an option by its value', () => {
    expect(matchSelectOption(style, 'plain')?.value).toBe('plain');
  });

  it('finds an option by its label', () => {
    expect(matchSelectOption(style, 'Card view')?.value).toBe('card');
    expect(matchSelectOption(style, 'Formatted text')?.value).toBe('markdown');
  });

  it('ignores case when only one option matches', () => {
    expect(matchSelectOption(style, 'CARD VIEW')?.value).toBe('card');
    expect(matchSelectOption(style, 'Markdown')?.value).toBe('markdown');
  });

  it('prefers an exact value to a label and to a match ignoring case', () => {
    const clash: SelectChoices = {
      label: 'Format',
      options: [
        { value: 'text', label: 'JSON' },
        { value: 'json', label: 'Text' },
        { value: 'Pdf', label: 'Document' },
        { value: 'pdf', label: 'Printable' },
      ],
    };
    expect(matchSelectOption(clash, 'text')?.value).toBe('text');
    expect(matchSelectOption(clash, 'Text')?.value).toBe('json');
    expect(matchSelectOption(clash, 'pdf')?.value).toBe('pdf');
  });

  it('refuses a value that matches several options only when case is ignored', () => {
    const clash: SelectChoices = {
      label: 'Format',
      options: [
        { value: 'Pdf', label: 'Document' },
        { value: 'pdf', label: 'Printable' },
      ],
    };
    expect(matchSelectOption(clash, 'PDF')).toBeUndefined();
  });

  it('refuses unknown text, parts of a label and anything that is not text', () => {
    expect(matchSelectOption(style, 'fancy')).toBeUndefined();
    expect(matchSelectOption(style, 'Formatted')).toBeUndefined();
    expect(matchSelectOption(style, ' card ')).toBeUndefined();
    expect(matchSelectOption(style, 1)).toBeUndefined();
    expect(matchSelectOption(style, null)).toBeUndefined();
  });
});

describe('selectChoicesMessage', () => {
  it('lists each value with its label', () => {
    expect(selectChoicesMessage(style)).toBe(
      'Style must be one of: "card" (Card view), "plain" (Plain text), "markdown" (Formatted text).',
    );
  });

  it('writes a label only when it differs from the value', () => {
    const language: SelectChoices = {
      label: 'Target language',
      options: [
        { value: 'Arabic', label: 'Arabic' },
        { value: 'Chinese', label: 'Chinese (Simplified)' },
      ],
    };
    expect(selectChoicesMessage(language)).toBe(
      'Target language must be one of: "Arabic", "Chinese" (Chinese (Simplified)).',
    );
  });
});
