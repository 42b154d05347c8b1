// Every entity class, once. index.ts re-exports these and derives the list TypeORM needs.
export { AnalyticsEvent } from './analytics-event.entity';
export { AppRecord } from './app-record.entity';
export { AppVersion, type AppVersionKind } from './app-version.entity';
export { CreditBalance } from './credit-balance.entity';
export { CreditLedgerEntry, type LedgerKind } from './credit-ledger-entry.entity';
export { FileRecord } from './file-record.entity';
export { GatewayProcess } from './gateway-process.entity';
export { MailMessage } from './mail-message.entity';
export { PasswordResetToken } from './password-reset-token.entity';
export { ProcessedWebhookEvent } from './processed-webhook-event.entity';
export { RunEventRecord } from './run-event.entity';
export { RunRecord, type RunRecordStatus } from './run-record.entity';
export { SalesContact } from './sales-contact.entity';
export { Secret } from './secret.entity';
export { Session } from './session.entity';
export { SignInAttempt } from './sign-in-attempt.entity';
export { Upvote } from './upvote.entity';
export { User } from './user.entity';
