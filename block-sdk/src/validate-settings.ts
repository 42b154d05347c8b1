import {
  checkSettings,
  defaultSettings as startingSettings,
  type SettingIssue,
  type SettingsSpec,
} from '@blocksmith/schema';
import type { SettingsOf } from './settings-of';

export type SettingsResult<S extends SettingsSpec> =
  { ok: true; value: SettingsOf<S> } | { ok: false; issues: SettingIssue[] };

/**
 * Validates raw settings against a block's declaration with the schema's setting rules (the same
 * the workbench's form applies): defaults filled in, form strings coerced, select labels stored as
 * values, every problem reported with its field. Unknown keys are dropped.
 */
export function validateSettings<S extends SettingsSpec>(spec: S, raw: unknown): SettingsResult<S> {
  const checked = checkSettings(spec, raw);
  return checked.ok ? { ok: true, value: checked.value as SettingsOf<S> } : checked;
}

/** The settings a freshly dropped block starts with. */
export function defaultSettings(spec: SettingsSpec): Record<string, unknown> {
  return startingSettings(spec);
}
