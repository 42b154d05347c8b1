import type { SettingField, SettingsSpec } from '@blocksmith/schema';

/** The value type a declared field holds after validation. */
export type ValueOf<F extends SettingField> = F extends { type: 'number' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'select'; options: readonly (infer O)[] }
      ? O extends { value: infer V }
        ? V
        : string
      : string;

/** The validated settings object a block's `run` receives, inferred from its declaration. */
export type SettingsOf<S extends SettingsSpec> = { -readonly [K in keyof S]: ValueOf<S[K]> };
