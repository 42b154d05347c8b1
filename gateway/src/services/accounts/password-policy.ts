import { AccountInputError, WeakPasswordError } from './account-errors';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Checks a password someone is choosing (sign-up, update). Length counts characters as people
 * see them (code points), so an emoji is one. Passwords are never trimmed.
 */
export function checkNewPassword(password: string): void {
  const length = [...(password ?? '')].length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw new WeakPasswordError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`, [
      'length',
    ]);
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw new AccountInputError(
      `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
      'password',
    );
  }
}
