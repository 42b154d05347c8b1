import type { SelectField, SettingsSpec } from '@blocksmith/schema';
import { settingProblem, settingValue, withSelectValues } from './setting-rules';

const style: SelectField = {
  type: 'select',
  label: 'Style',
  default: 'card',
  options: [
    { value: 'card', label: 'Card view' },
    { value: 'plain', label: 'Plain text' },
    { value: 'markdown', label: 'Formatted text' },
  ],
};

describe('select settings', () => {
  it('take the value of an option named by its label or in another case', () => {
    expect(settingValue(style, 'Card view')).toBe('card');
    expect(settingValue(style, 'formatted text')).toBe('markdown');
    expect(settingValue(style, 'PLAIN')).toBe('plain');
    expect(settingValue(style, 'plain')).toBe('plain');
  });

  it('accept an option by value or label', () => {
    expect(settingProblem(style, 'markdown')).toBeNull();
    expect(settingProblem(style, 'Plain text')).toBeNull();
  });

  it('name the accepted values and their labels when the value is unknown', () => {
    expect(settingProblem(style, 'fancy')).toBe(
      'Style must be one of: "card" (Card view), "plain" (Plain text), "markdown" (Formatted text).',
    );
  });

  it('are stored with option values, leaving settings that already hold them as they are', () => {
    const spec: SettingsSpec = { style, label: { type: 'text', label: 'Label', default: 'Card view' } };
    expect(withSelectValues(spec, { style: 'Formatted text', label: 'Card view' })).toEqual({
      style: 'markdown',
      label: 'Card view',
    });
    const stored = { style: 'plain', label: 'x' };
    expect(withSelectValues(spec, stored)).toBe(stored);
    const unknown = { style: 'fancy' };
    expect(withSelectValues(spec, unknown)).toBe(unknown);
  });
});
