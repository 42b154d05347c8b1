export {
  AccountService,
  ACCESS_TOKEN_TTL_SECONDS,
  type AccountServiceOptions,
  type SignInInput,
  type SignOutScope,
  type SignUpInput,
  type UpdatePasswordInput,
} from './accounts-service';
export * from './account-errors';
export type {
  AuthResult,
  AuthUser,
  AuthUserMetadata,
  Caller,
  Clock,
  NewAccountPlan,
  SessionTokens,
} from './account-types';
export type { Mailer, MailToSend } from './mailer';
export { FirebaseAuth, type FirebaseAuthOptions } from './firebase-auth';
export { OutboxMailer, type OutboxMailerOptions } from './outbox-mailer';
export { SmtpMailer, type SmtpMailerOptions } from './smtp-mailer';
export { PRODUCTION_SCRYPT_COST, type ScryptCost } from './password-hash';
export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from './password-policy';
export { RESET_MAILS_PER_HOUR, RESET_TOKEN_TTL_MS } from './password-reset-tokens';
export { DEFAULT_SESSION_CHECK_TTL_MS, REFRESH_TOKEN_TTL_MS } from './session-store';
export { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './sign-in-limiter';
export { SIGNING_KEY_NAME } from './signing-key';
