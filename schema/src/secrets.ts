/**
 * Secrets: values a person keeps on the server (API tokens, say) and blocks use without the value
 * ever being shown again: an HTTP Request header `Authorization: Bearer {{secret.GITHUB_TOKEN}}`.
 * A run uses the app owner's secrets.
 */

/** Upper-case letters, digits and underscores, starting with a letter: `GITHUB_TOKEN`. */
export const SECRET_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;
export const MAX_SECRET_VALUE_LENGTH = 4000;
export const MAX_SECRETS_PER_PERSON = 50;

/** What is wrong with a secret's name, or null when it is a good one. */
export function secretNameProblem(name: string): string | null {
  if (SECRET_NAME_PATTERN.test(name)) return null;
  return 'A secret’s name is 1 to 64 upper-case letters, digits and underscores, starting with a letter (e.g. GITHUB_TOKEN).';
}

/** What is wrong with a secret's value, or null. */
export function secretValueProblem(value: string): string | null {
  if (value.trim() === '') return 'Give the secret a value.';
  if (value.length > MAX_SECRET_VALUE_LENGTH)
    return `A secret’s value is at most ${MAX_SECRET_VALUE_LENGTH.toLocaleString('en-US')} characters.`;
  if (/[\r\n]/.test(value)) return 'A secret’s value is one line: remove the line breaks.';
  return null;
}

/** How a block's template names a secret: `{{secret.NAME}}`. */
export const SECRET_REFERENCE = /\{\{\s*secret\.([A-Za-z0-9_]+)\s*\}\}/g;

/** How a secret's value is written wherever a block's output or error would have shown it. */
export function secretMask(name: string): string {
  return `[secret ${name}]`;
}
