import { Initial1763700000000 } from './1763700000000-initial';
import { LedgerRunIndex1763800000000 } from './1763800000000-ledger-run-index';
import { RunErrorCode1763900000000 } from './1763900000000-run-error-code';
import { EmailConfirmed1764000000000 } from './1764000000000-email-confirmed';
import { StripeSubscriptions1764100000000 } from './1764100000000-stripe-subscriptions';
import { RunEvents1764200000000 } from './1764200000000-run-events';
import { RunExecutors1764300000000 } from './1764300000000-run-executors';
import { AppVersions1764400000000 } from './1764400000000-app-versions';
import { ApiKeys1764500000000 } from './1764500000000-api-keys';
import { Embeds1764600000000 } from './1764600000000-embeds';
import { RunHistory1764700000000 } from './1764700000000-run-history';
import { UserSecrets1764800000000 } from './1764800000000-user-secrets';
import { AdminAccounts1764900000000 } from './1764900000000-admin-accounts';
import { CreatorEarnings1765000000000 } from './1765000000000-creator-earnings';
import { RunVersions1765100000000 } from './1765100000000-run-versions';
import { EmbedConsents1765200000000 } from './1765200000000-embed-consents';
import { RunEmbedPeriod1765300000000 } from './1765300000000-run-embed-period';
import { AppBlockKindsHeld1765400000000 } from './1765400000000-app-block-kinds-held';
import { LedgerRefundReverses1765500000000 } from './1765500000000-ledger-refund-reverses';
import { PlanSetBy1765600000000 } from './1765600000000-plan-set-by';
import { AiProviderSettings1765700000000 } from './1765700000000-ai-provider-settings';
import { RunSources1765800000000 } from './1765800000000-run-sources';
import { RunsAppStatus1765810000000 } from './1765810000000-runs-app-status';
import { McpSessions1766000000000 } from './1766000000000-mcp-sessions';
import { OAuth1766100000000 } from './1766100000000-oauth';
import { OAuthAllowanceHolds1766110000000 } from './1766110000000-oauth-allowance-holds';
import { KnowledgeBases1766200000000 } from './1766200000000-knowledge-bases';
import { AppTriggers1766300000000 } from './1766300000000-app-triggers';
import { Conversations1766400000000 } from './1766400000000-conversations';
import { AppTestSets1766500000000 } from './1766500000000-app-test-sets';
import { RunApprovals1767100000000 } from './1767100000000-run-approvals';
import { ConversationVisitors1767200000000 } from './1767200000000-conversation-visitors';
import { AppTestRunExecutor1767300000000 } from './1767300000000-app-test-run-executor';
import { RunsAppSource1767400000000 } from './1767400000000-runs-app-source';
import { KnowledgeSearchTerms1767600000000 } from './1767600000000-knowledge-search-terms';
import { RunsCompressed1767700000000 } from './1767700000000-runs-compressed';
import { RunsJsonDocuments1767900000000 } from './1767900000000-runs-json-documents';
import { EventsAppViewed1767905000000 } from './1767905000000-events-app-viewed';
import { RunsEndedIndexes1767906000000 } from './1767906000000-runs-ended-indexes';
import { KnowledgeTermsNoPendingList1767800000000 } from './1767800000000-knowledge-terms-no-pending-list';
import { RunsParent1767950000000 } from './1767950000000-runs-parent';

/** Every migration, oldest first. */
export const migrations = [
  Initial1763700000000,
  LedgerRunIndex1763800000000,
  RunErrorCode1763900000000,
  EmailConfirmed1764000000000,
  StripeSubscriptions1764100000000,
  RunEvents1764200000000,
  RunExecutors1764300000000,
  AppVersions1764400000000,
  ApiKeys1764500000000,
  Embeds1764600000000,
  RunHistory1764700000000,
  UserSecrets1764800000000,
  AdminAccounts1764900000000,
  CreatorEarnings1765000000000,
  RunVersions1765100000000,
  EmbedConsents1765200000000,
  RunEmbedPeriod1765300000000,
  AppBlockKindsHeld1765400000000,
  LedgerRefundReverses1765500000000,
  PlanSetBy1765600000000,
  AiProviderSettings1765700000000,
  RunSources1765800000000,
  RunsAppStatus1765810000000,
  McpSessions1766000000000,
  OAuth1766100000000,
  OAuthAllowanceHolds1766110000000,
  KnowledgeBases1766200000000,
  AppTriggers1766300000000,
  Conversations1766400000000,
  AppTestSets1766500000000,
  RunApprovals1767100000000,
  ConversationVisitors1767200000000,
  AppTestRunExecutor1767300000000,
  RunsAppSource1767400000000,
  KnowledgeSearchTerms1767600000000,
  RunsCompressed1767700000000,
  KnowledgeTermsNoPendingList1767800000000,
  RunsJsonDocuments1767900000000,
  EventsAppViewed1767905000000,
  RunsEndedIndexes1767906000000,
  RunsParent1767950000000,
];
