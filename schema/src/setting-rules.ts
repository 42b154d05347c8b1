import { matchSelectOption, selectChoicesMessage } from './match-select-option';
import { SPEC_MODEL_NAMES } from './models';
import type { NumberField, SettingField, SettingIssue, SettingsSpec } from './settings';

/**
 * The rules of block settings, in one place for the server (validating a saved app, running a
 * block) and the workbench (the properties form, a block's first settings): what is required,
 * what each kind of field accepts, its defaults, and the words of every refusal.
 */

/** Whether a setting must be given: as declared, else when it has no default. */
export function isRequired(field: SettingField): boolean {
  return field.required ?? field.default === undefined;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** What an optional setting without a default holds when left empty. */
function emptyValue(field: SettingField): string | boolean | undefined {
  switch (field.type) {
    case 'boolean':
      return false;
    case 'number':
      return undefined;
    default:
      return '';
  }
}

/** A number setting kept within its declared range (and whole when it must be). */
export function clampNumber(field: NumberField, value: number): number {
  let next = field.integer ? Math.round(value) : value;
  if (field.min !== undefined) next = Math.max(field.min, next);
  if (field.max !== undefined) next = Math.min(field.max, next);
  return next;
}

/**
 * Checks one value: `{ value }` as it is stored (defaults filled in, numbers and yes/no from form
 * text, a select option or one of the spec's model names given by its label stored as its value),
 * or `{ problem }` in words that say what to fix.
 */
export function checkSetting(field: SettingField, raw: unknown): { value: unknown } | { problem: string } {
  if (isEmpty(raw)) {
    if (field.default !== undefined) return { value: field.default };
    if (isRequired(field) && field.type !== 'boolean') return { problem: `${field.label} is required.` };
    return { value: emptyValue(field) };
  }
  switch (field.type) {
    case 'text':
    case 'prompt':
      if (typeof raw !== 'string') return { problem: `${field.label} must be text.` };
      if (field.maxLength !== undefined && raw.length > field.maxLength)
        return { problem: `${field.label} must be at most ${field.maxLength} characters.` };
      return { value: raw };
    case 'number': {
      const value = typeof raw === 'string' ? Number(raw) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value))
        return { problem: `${field.label} must be a number.` };
      if (field.integer && !Number.isInteger(value))
        return { problem: `${field.label} must be a whole number.` };
      if (field.min !== undefined && value < field.min)
        return { problem: `${field.label} must be at least ${field.min}.` };
      if (field.max !== undefined && value > field.max)
        return { problem: `${field.label} must be at most ${field.max}.` };
      return { value };
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      return { problem: `${field.label} must be on or off.` };
    case 'select': {
      const option = matchSelectOption(field, raw);
      return option ? { value: option.value } : { problem: selectChoicesMessage(field) };
    }
    case 'model': {
      if (typeof raw !== 'string') return { problem: `${field.label} must be a model name.` };
      const name = raw.trim();
      // The spec's names also by their labels ("GPT-4", "GPT-3.5 Turbo"), as earlier forms stored them.
      const spec = name.toLowerCase().replace(/\s+/g, '-');
      return { value: Object.hasOwn(SPEC_MODEL_NAMES, spec) ? spec : name };
    }
  }
}

/** Why a setting's value will not be accepted, or null (shown under the field in the form). */
export function settingProblem(field: SettingField, value: unknown): string | null {
  const checked = checkSetting(field, value);
  return 'problem' in checked ? checked.problem : null;
}

export type CheckedSettings =
  { ok: true; value: Record<string, unknown> } | { ok: false; issues: SettingIssue[] };

/**
 * Validates raw settings against a declaration: fills defaults, coerces form strings to numbers
 * and booleans, stores a select option named by its label (or in another case) as its value, and
 * reports every problem with the field it belongs to. Unknown keys are dropped.
 */
export function checkSettings(spec: SettingsSpec, raw: unknown): CheckedSettings {
  const source =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const issues: SettingIssue[] = [];
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec)) {
    const checked = checkSetting(field, source[key]);
    if ('problem' in checked) issues.push({ field: key, message: checked.problem });
    else value[key] = checked.value;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

/**
 * The settings a freshly added block starts with: each default, an image model field's default the
 * server's image model (`imageModel`) before its own fallback, and the empty value of optional
 * settings without one.
 */
export function defaultSettings(spec: SettingsSpec, imageModel?: string): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec)) {
    if (field.type === 'model') {
      value[key] = field.default ?? (field.capability === 'image' ? imageModel : undefined) ?? field.fallback;
    } else {
      const start = field.default ?? emptyValue(field);
      if (start !== undefined) value[key] = start;
    }
  }
  return value;
}

/**
 * The value a setting takes as the person edits the form: numbers are parsed and kept within their
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
