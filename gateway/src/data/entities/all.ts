// Every entity class, once. index.ts re-exports these and derives the list TypeORM needs.
export { AdminAction } from './admin-action.entity';
export { AiProviderSetting } from './ai-provider-setting.entity';
export { AnalyticsEvent } from './analytics-event.entity';
export { ApiKey } from './api-key.entity';
export { AppEmbed } from './app-embed.entity';
export { AppHook } from './app-hook.entity';
export { AppRecord } from './app-record.entity';
export { AppSchedule, type ScheduleStatus } from './app-schedule.entity';
export { AppTestRun, type TestRunPurpose, type TestRunStatus } from './app-test-run.entity';
export { AppTestSet } from './app-test-set.entity';
export { AppVersion, type AppVersionKind } from './app-version.entity';
export { Conversation } from './conversation.entity';
export { ConversationTurn, type ConversationTurnStatus } from './conversation-turn.entity';
export { CreditBalance } from './credit-balance.entity';
export { CreditLedgerEntry, type LedgerKind } from './credit-ledger-entry.entity';
export { EarningsBalance } from './earnings-balance.entity';
export { EarningsEntry, type EarningsKind } from './earnings-entry.entity';
export { EmbedConsent } from './embed-consent.entity';
export { EmbedUsage } from './embed-usage.entity';
export { FileRecord } from './file-record.entity';
export { GatewayProcess } from './gateway-process.entity';
export { MailMessage } from './mail-message.entity';
export { OAuthAllowanceHold } from './oauth-allowance-hold.entity';
export { OAuthClientRun } from './oauth-client-run.entity';
export { OAuthConnection } from './oauth-connection.entity';
export { OAuthModel } from './oauth-model.entity';
export { McpSession } from './mcp-session.entity';
export { PasswordResetToken } from './password-reset-token.entity';
export { Payout, type PayoutStatus } from './payout.entity';
export { PayoutAccount } from './payout-account.entity';
export { ProcessedWebhookEvent } from './processed-webhook-event.entity';
export { RateLimit } from './rate-limit.entity';
export { RunApproval } from './run-approval.entity';
export { RunEventRecord } from './run-event.entity';
export { RunRecord, type RunRecordStatus } from './run-record.entity';
export { SalesContact } from './sales-contact.entity';
export { Secret } from './secret.entity';
export { Session } from './session.entity';
export { SignInAttempt } from './sign-in-attempt.entity';
export { Upvote } from './upvote.entity';
export { User } from './user.entity';
export { UserSecret } from './user-secret.entity';
export { KnowledgeBase } from './knowledge-base.entity';
export {
  KnowledgeDocument,
  type KnowledgeDocumentSource,
  type KnowledgeDocumentStatus,
} from './knowledge-document.entity';
export { KnowledgeChunk } from './knowledge-chunk.entity';
