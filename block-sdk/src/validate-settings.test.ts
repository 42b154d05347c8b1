import { field } from './fields';
import { defaultSettings, validateSettings } from './validate-settings';

const spec = {
  style: field.select({
    label: 'Style',
    options: [
      { value: 'card', label: 'Card view' },
      { value: 'plain', label: 'Plain text' },
      { value: 'markdown', label: 'Formatted text' },
    ],
    default: 'card',
  }),
  format: field.select({
    label: 'Format',
    options: [
      { value: 'pdf', label: 'PDF' },
      { value: 'text', label: 'Text' },
    ],
    required: true,
  }),
  repeat: field.number({ label: 'Repeat', min: 1, max: 3, default: 1, integer: true }),
  shout: field.boolean({ label: 'Shout', default: false }),
};

describe('validateSettings', () => {
  it('fills defaults and coerces form strings', () => {
    expect(validateSettings(spec, { format: 'pdf', repeat: '2', shout: 'true', extra: 1 })).toEqual({
      ok: true,
      value: { style: 'card', format: 'pdf', repeat: 2, shout: true },
    });
  });

  it('accepts a select option by its label and stores its value', () => {
    const result = validateSettings(spec, { style: 'Card view', format: 'Text' });
    expect(result).toEqual({ ok: true, value: { style: 'card', format: 'text', repeat: 1, shout: false } });
  });

  it('accepts a label or value written in another case and stores the value', () => {
    const result = validateSettings(spec, { style: 'formatted TEXT', format: 'PDF' });
    expect(result.ok && result.value.style).toBe('markdown');
    expect(result.ok && result.value.format).toBe('pdf');
  });

  it('names the accepted values and their labels when a select value is unknown', () => {
    expect(validateSettings(spec, { style: 'fancy', format: 'doc' })).toEqual({
      ok: false,
      issues: [
        {
          field: 'style',
          message:
            'Style must be one of: "card" (Card view), "plain" (Plain text), "markdown" (Formatted text).',
        },
        { field: 'format', message: 'Format must be one of: "pdf" (PDF), "text" (Text).' },
      ],
    });
  });

  it('reports a missing required select and numbers out of range', () => {
    expect(validateSettings(spec, { repeat: 5 })).toEqual({
      ok: false,
      issues: [
        { field: 'format', message: 'Format is required.' },
        { field: 'repeat', message: 'Repeat must be at most 3.' },
      ],
    });
  });
});

describe('defaultSettings', () => {
  it('gives each setting its default or an empty value', () => {
    expect(defaultSettings(spec)).toEqual({ style: 'card', format: '', repeat: 1, shout: false });
  });
});
