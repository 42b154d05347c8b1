import {
  matchSelectOption,
  selectChoicesMessage,
  type SettingField,
  type SettingIssue,
  type SettingsSpec,
} from '@blocksmith/schema';
import type { SettingsOf } from './settings-of';

export type SettingsResult<S extends SettingsSpec> =
  { ok: true; value: SettingsOf<S> } | { ok: false; issues: SettingIssue[] };

function isRequired(field: SettingField): boolean {
  return field.required ?? field.default === undefined;
}

function emptyValue(field: SettingField): string | number | boolean | undefined {
  switch (field.type) {
    case 'boolean':
      return false;
    case 'number':
      return undefined;
    default:
      return '';
  }
}

function checkField(key: string, field: SettingField, raw: unknown, issues: SettingIssue[]): unknown {
  const missing = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (missing) {
    if (field.default !== undefined) return field.default;
    if (isRequired(field)) {
      issues.push({ field: key, message: `${field.label} is required.` });
      return undefined;
    }
    return emptyValue(field);
  }
  switch (field.type) {
    case 'text':
    case 'prompt': {
      if (typeof raw !== 'string') {
        issues.push({ field: key, message: `${field.label} must be text.` });
        return undefined;
      }
      if (field.maxLength !== undefined && raw.length > field.maxLength) {
        issues.push({ field: key, message: `${field.label} must be at most ${field.maxLength} characters.` });
      }
      return raw;
    }
    case 'number': {
      const value = typeof raw === 'string' ? Number(raw) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        issues.push({ field: key, message: `${field.label} must be a number.` });
        return undefined;
      }
      if (field.integer && !Number.isInteger(value)) {
        issues.push({ field: key, message: `${field.label} must be a whole number.` });
      }
      if (field.min !== undefined && value < field.min) {
        issues.push({ field: key, message: `${field.label} must be at least ${field.min}.` });
      }
      if (field.max !== undefined && value > field.max) {
        issues.push({ field: key, message: `${field.label} must be at most ${field.max}.` });
      }
      return value;
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      issues.push({ field: key, message: `${field.label} must be on or off.` });
      return undefined;
    }
    case 'select': {
      const option = matchSelectOption(field, raw);
      if (option) return option.value;
      issues.push({ field: key, message: selectChoicesMessage(field) });
      return undefined;
    }
    case 'model': {
      if (typeof raw !== 'string') {
        issues.push({ field: key, message: `${field.label} must be a model name.` });
        return undefined;
      }
      return raw;
    }
  }
}

/**
 * Validates raw settings against a declaration: fills defaults, coerces form strings to numbers
 * and booleans, stores a select option named by its label (or in another case) as its value, and
 * reports every problem with the field it belongs to. Unknown keys are dropped.
 */
export function validateSettings<S extends SettingsSpec>(spec: S, raw: unknown): SettingsResult<S> {
  const source =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const issues: SettingIssue[] = [];
  const value: Record<string, unknown> = {};
  for (const key of Object.keys(spec)) {
    const field = spec[key]!;
    value[key] = checkField(key, field, source[key], issues);
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: value as SettingsOf<S> };
}

/** The settings a freshly dropped block starts with. */
export function defaultSettings(spec: SettingsSpec): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec)) {
    value[key] = field.default ?? emptyValue(field);
  }
  return value;
}
