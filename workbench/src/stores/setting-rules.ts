import {
  matchSelectOption,
  selectChoicesMessage,
  type NumberField,
  type SettingField,
  type SettingsSpec,
} from '@blocksmith/schema';

/** A number setting kept within its declared range (and whole when it must be). */
export function clampNumber(field: NumberField, value: number): number {
  let next = field.integer ? Math.round(value) : value;
  if (field.min !== undefined) next = Math.max(field.min, next);
  if (field.max !== undefined) next = Math.min(field.max, next);
  return next;
}

/**
 * The value a setting takes when the form sends `value`: numbers are parsed and kept within their
 * range (an unreadable number falls back to the default), booleans are booleans, a select option
 * named by its label (or in another case) becomes its value, text stays text.
 */
export function settingValue(field: SettingField, value: unknown): unknown {
  switch (field.type) {
    case 'number': {
      const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value));
      if (!Number.isFinite(parsed)) return field.default ?? field.min ?? 0;
      return clampNumber(field, parsed);
    }
    case 'boolean':
      return value === true;
    case 'select':
      return (
        matchSelectOption(field, value)?.value ?? (typeof value === 'string' ? value : String(value ?? ''))
      );
    default:
      return typeof value === 'string' ? value : String(value ?? '');
  }
}

/** Why a setting's value will not be accepted, or null. Shown under the field. */
export function settingProblem(field: SettingField, value: unknown): string | null {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  const required = field.required ?? !('default' in field && field.default !== undefined);
  if (empty) return required && field.type !== 'boolean' ? `${field.label} is required.` : null;
  if (field.type === 'number') {
    const n = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isFinite(n)) return `${field.label} must be a number.`;
    if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
      return `${field.label} must be between ${field.min ?? '-∞'} and ${field.max ?? '∞'}.`;
    }
  }
  if ((field.type === 'text' || field.type === 'prompt') && field.maxLength !== undefined) {
    if (typeof value === 'string' && value.length > field.maxLength) {
      return `${field.label} may be at most ${field.maxLength} characters.`;
    }
  }
  if (field.type === 'select' && matchSelectOption(field, value) === undefined) {
    return selectChoicesMessage(field);
  }
  return null;
}

/**
 * A block's settings with every select setting that names its option by label (or in another
 * case) holding the option's value instead, as the server stores it. The same object when nothing
 * changes.
 */
export function withSelectValues(
  spec: SettingsSpec,
  settings: Record<string, unknown>,
): Record<string, unknown> {
  let next = settings;
  for (const [key, field] of Object.entries(spec)) {
    if (field.type !== 'select' || !(key in settings)) continue;
    const option = matchSelectOption(field, settings[key]);
    if (option && option.value !== settings[key]) next = { ...next, [key]: option.value };
  }
  return next;
}
