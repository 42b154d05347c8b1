import { AccountInputError } from './account-errors';

/**
 * The browser's own check for `<input type="email">` (WHATWG HTML), so the server accepts exactly
 * what the sign-up form lets through.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** RFC 5321's limit on a forward path. */
const MAX_EMAIL_LENGTH = 254;

/** Trimmed and lower-cased: how every e-mail is stored and compared. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** Normalises and validates, or throws a message the person can act on. */
export function parseEmail(raw: string): string {
  const email = normalizeEmail(raw ?? '');
  if (!email) throw new AccountInputError('Enter your e-mail address.', 'email');
  if (!isValidEmail(email)) {
    throw new AccountInputError('Enter a valid e-mail address, like name@example.com.', 'email');
  }
  return email;
}
