import { ACCOUNT_SUSPENDED_MESSAGE, type ErrorCode } from '@blocksmith/schema';
import { AppError } from '../../errors';

/** The accounts' own stable codes, next to the general `code` every AppError carries. */
export type AccountErrorCode =
  | 'invalid_credentials'
  | 'weak_password'
  | 'email_taken'
  | 'invalid_token'
  | 'rate_limited'
  | 'validation_failed'
  | 'provider_disabled'
  | 'account_suspended';

/**
 * An account failure. `code` is the general taxonomy the edges map (BAD_USER_INPUT, ...);
 * `authCode` is the finer, stable reason, also carried in `details.authCode` so the edges pass it
 * on without knowing about accounts.
 */
export abstract class AccountError extends AppError {
  constructor(
    code: ErrorCode,
    readonly authCode: AccountErrorCode,
    message: string,
    details?: Readonly<Record<string, unknown>>,
  ) {
    super(code, message, { authCode, ...details });
  }
}

/** Wrong e-mail or wrong password: deliberately the same answer for both. */
export class InvalidCredentialsError extends AccountError {
  constructor() {
    super('BAD_USER_INPUT', 'invalid_credentials', 'Invalid login credentials');
  }
}

/** `length`: under the minimum; `guessable`: a common password or one built like one. */
export type WeakPasswordReason = 'length' | 'guessable';

export class WeakPasswordError extends AccountError {
  constructor(
    message: string,
    readonly reasons: readonly WeakPasswordReason[],
  ) {
    super('BAD_USER_INPUT', 'weak_password', message, { reasons });
  }
}

export class EmailTakenError extends AccountError {
  constructor() {
    super(
      'BAD_USER_INPUT',
      'email_taken',
      'An account with this e-mail already exists. Sign in instead, or reset your password if you forgot it.',
    );
  }
}

/** An access, refresh or reset token that is unknown, expired, revoked or already used. */
export class InvalidTokenError extends AccountError {
  constructor(message: string) {
    super('UNAUTHENTICATED', 'invalid_token', message);
  }
}

export class SignInRateLimitedError extends AccountError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'RATE_LIMITED',
      'rate_limited',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
      { retryAfterSeconds },
    );
  }
}

/** Input that cannot be an account's: a malformed e-mail, a missing field, an over-long value. */
export class AccountInputError extends AccountError {
  constructor(message: string, field?: string) {
    super('BAD_USER_INPUT', 'validation_failed', message, field ? { field } : undefined);
  }
}

/** The server's own accounts are off: another provider (Firebase) keeps them. */
export class LocalAccountsOffError extends AccountError {
  constructor() {
    super(
      'BAD_USER_INPUT',
      'provider_disabled',
      'This server signs people in with Firebase: sign in through the app, then send its ID token as the bearer token.',
    );
  }
}

/** An admin suspended the account: it cannot sign in (told only after the right password). */
export class AccountSuspendedError extends AccountError {
  constructor() {
    super('FORBIDDEN', 'account_suspended', ACCOUNT_SUSPENDED_MESSAGE);
  }
}

/** Messages shared by several operations. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const RESET_LINK_INVALID =
  'This password reset link is invalid, expired or already used. Request a new one from the sign-in page.';
