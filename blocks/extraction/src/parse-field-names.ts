import { BlockInputError } from '@blocksmith/block-sdk';

/**
 * The Fields setting split at commas and trimmed. Every name must be non-empty and unique
 * (ignoring case); otherwise a `BlockInputError` says which one to fix.
 */
export function parseFieldNames(setting: string): string[] {
  const names = setting.split(',').map((part) => part.trim());
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') {
      throw new BlockInputError(
        'A field name in "Fields" is empty: remove the extra comma or name the field.',
      );
    }
    if (name === '__proto__') {
      throw new BlockInputError('"__proto__" cannot be a field name: choose another name in "Fields".');
    }
    const key = name.toLowerCase();
    if (seen.has(key)) {
      throw new BlockInputError(
        `The field "${name}" is listed twice in "Fields": each field name must be unique.`,
      );
    }
    seen.add(key);
  }
  return names;
}
