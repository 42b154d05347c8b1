import { AnalyticsEvent } from './analytics-event.entity';
import { AppRecord } from './app-record.entity';
import { CreditBalance } from './credit-balance.entity';
import { CreditLedgerEntry } from './credit-ledger-entry.entity';
import { FileRecord } from './file-record.entity';
import { MailMessage } from './mail-message.entity';
import { PasswordResetToken } from './password-reset-token.entity';
import { ProcessedWebhookEvent } from './processed-webhook-event.entity';
import { RunRecord } from './run-record.entity';
import { SalesContact } from './sales-contact.entity';
import { Secret } from './secret.entity';
import { Session } from './session.entity';
import { SignInAttempt } from './sign-in-attempt.entity';
import { Upvote } from './upvote.entity';
import { User } from './user.entity';

export {
  AnalyticsEvent,
  AppRecord,
  CreditBalance,
  CreditLedgerEntry,
  FileRecord,
  MailMessage,
  PasswordResetToken,
  ProcessedWebhookEvent,
  RunRecord,
  SalesContact,
  Secret,
  Session,
  SignInAttempt,
  Upvote,
  User,
};
export type { LedgerKind } from './credit-ledger-entry.entity';
export type { RunRecordStatus } from './run-record.entity';

export const entities = [
  AnalyticsEvent,
  AppRecord,
  CreditBalance,
  CreditLedgerEntry,
  FileRecord,
  MailMessage,
  PasswordResetToken,
  ProcessedWebhookEvent,
  RunRecord,
  SalesContact,
  Secret,
  Session,
  SignInAttempt,
  Upvote,
  User,
];
