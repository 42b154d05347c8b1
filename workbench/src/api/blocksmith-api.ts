import type {
  ActionType,
  App,
  AppConfig,
  BlockCatalogueEntry,
  CreditHistoryEntry,
  CreditStats,
  FileRef,
  PublishingInfo,
} from '@blocksmith/schema';
import type { RunWatcher } from './run-watcher';
import type { AdminAccountsApi } from './admin-accounts';
import type { AiProvidersApi } from './ai-providers';
import type {
  AnalyticsSummaryQuery,
  AppStatusCountsQuery,
  AppVersionQuery,
  AvailableModelsQuery,
  CreditsQuery,
  MyAppsAnalyticsQuery,
  SalesContactInput,
  ServerInfoQuery,
  SessionFieldsFragment,
  UserFieldsFragment,
  VersionEntryFieldsFragment,
} from './generated/graphql';
import type { EarningsApi } from './earnings';
import type { ApiKey, CreatedApiKey } from './api-keys';
import type { SecretInfo } from './secrets';
import type { ChatApi } from './chat';
import type { KnowledgeApi } from './knowledge';
import type { TriggersApi } from './triggers';
import type { TestingApi } from './app-tests';
import type { ConnectedAppsApi } from './connected-apps';
import type { EmbeddedApp, EmbedRunPrice, EmbedSettings, FinishedRun } from './embeds';
import type { CreditHistoryPage, RunDetail, RunFilter, RunPage } from './run-history';
import type { ModelsApi } from './models';
import type { TemplatesApi } from './templates';

/** The signed-in person, shaped like the hosted auth service's user. */
export type AuthUser = UserFieldsFragment;

export type Session = SessionFieldsFragment;

export interface AuthResult {
  user: AuthUser;
  /** Null when the address must be confirmed first. */
  session: Session | null;
  /** Sign-up only: a confirmation mail went out (an ADMIN_EMAILS address: it unlocks admin rights). */
  confirmationMailSent?: boolean | null;
}

/** What a person may set on an app; the server owns ids, owners and counters. */
export interface AppInput {
  name: string;
  description: string;
  slug: string;
  category: string;
  isPrivate: boolean;
  config: AppConfig;
}

/** How a version of an app came to be. */
export type VersionKind = AppVersionEntry['kind'];

/**
 * Which versions an app's draft, live copy and pending review are. The server sends them to the
 * owner and admins only; anyone else reads null.
 */
export interface AppVersionIds {
  /** The version the draft was last saved as. */
  draftVersionId?: string | null;
  /** The approved version the store and other people see and run. */
  liveVersionId?: string | null;
  /** The version waiting for review. */
  submittedVersionId?: string | null;
}

/** An app as its owner and admins read it: with its version ids. */
export type VersionedApp = App & AppVersionIds;

/** One entry of an app's history, as the history list shows it (without its content). */
export type AppVersionEntry = VersionEntryFieldsFragment;

/** One version with its content, and what differs from the live version. */
export type AppVersion = AppVersionQuery['appVersion'];

export type Credits = CreditsQuery['credits'];

export type AvailableModels = AvailableModelsQuery['availableModels'];

/** What the browser may know about the server's sign-in setup (nothing secret). */
export type ServerInfo = ServerInfoQuery['serverInfo'];

export type FirebaseWebConfig = NonNullable<ServerInfo['firebase']>;

/** One recorded product event, for the admin analytics panel. */
export type AnalyticsEventRecord = AnalyticsSummaryQuery['analyticsSummary']['recent'][number];

/** Admins: events by name over a range, and the newest events. */
export type AnalyticsSummary = Omit<AnalyticsSummaryQuery['analyticsSummary'], 'raw'> & {
  raw: Record<string, number>;
};

/** Published apps by review status. */
export type AppStatusCounts = AppStatusCountsQuery['appStatusCounts'];

export type ReviewStatus = 'approved' | 'rejected';

export type { RunWatcher };

/**
 * Everything the workbench asks the server. Stores depend on this interface only, so their tests
 * use a small fake and the app uses the GraphQL implementation.
 */
export interface BlocksmithApi
  extends AdminAccountsApi, AiProvidersApi, EarningsApi, ModelsApi, TemplatesApi {
  blockCatalogue(): Promise<BlockCatalogueEntry[]>;
  availableModels(): Promise<AvailableModels>;
  creditCosts(): Promise<Record<string, number>>;

  signIn(email: string, password: string): Promise<AuthResult>;
  signUp(email: string, password: string, fullName: string): Promise<AuthResult>;
  refreshSession(refreshToken: string): Promise<Session>;
  signOut(): Promise<void>;
  me(): Promise<AuthUser | null>;

  credits(): Promise<Credits>;
  initializeCredits(): Promise<Credits>;
  /** What runs cost, newest first (`limit` entries at most). */
  creditHistory(limit: number): Promise<CreditHistoryEntry[]>;
  /** One page of the credit history, newest first, after `cursor` (the page before's `nextCursor`). */
  creditHistoryPage(limit: number, cursor: string | null): Promise<CreditHistoryPage>;
  creditStats(): Promise<CreditStats>;
  publishingInfo(): Promise<PublishingInfo>;

  myApps(): Promise<App[]>;
  app(id: string): Promise<VersionedApp>;
  createApp(input: AppInput): Promise<VersionedApp>;
  /** Saves the draft as a new version; `autosave` coalesces a burst of edits into one version. */
  updateApp(id: string, input: AppInput, options?: { autosave?: boolean }): Promise<VersionedApp>;
  publishAppWithData(
    id: string | undefined,
    input: AppInput,
  ): Promise<{ app: VersionedApp; publishingInfo: PublishingInfo }>;
  /** The app's versions, newest first (the owner and admins only). */
  appVersions(appId: string): Promise<AppVersionEntry[]>;
  appVersion(appId: string, versionId: string): Promise<AppVersion>;
  /** Makes a version's content the draft, as a new version; answers the app with that draft. */
  restoreAppVersion(appId: string, versionId: string): Promise<VersionedApp>;

  /** `published` from an app page, `test_execution` (the default) from the builder. */
  startRun(
    appId: string,
    inputs: Record<string, unknown>,
    actionType?: RunActionType,
  ): Promise<{ runId: string; cost: number }>;
  /** Streams a run's events; returns a function that stops watching. */
  watchRun(runId: string, watcher: RunWatcher): () => void;
  /** A run's ending as stored (for a run whose events were lost on the way). */
  runOutcome(runId: string): Promise<FinishedRun>;
  uploadFile(appId: string, blockId: string, file: File): Promise<FileRef>;

  /** Records a product event the page witnessed (see analytics/tracker.ts). */
  trackEvent(name: string, props: Record<string, unknown>): Promise<void>;

  // The app page, the assistants and the upgrade.
  publishedApp(slug: string): Promise<App>;
  /** A publisher's full name by their auth id. */
  publisherName(authId: string): Promise<string>;
  /** Counts a view; answers the new view count. */
  recordAppView(id: string): Promise<number>;
  upvoteStatus(appId: string): Promise<boolean>;
  /** Of `appIds`, the ones the signed-in person has upvoted. */
  upvotedApps(appIds: string[]): Promise<string[]>;
  upvoteApp(id: string): Promise<{ counted: boolean; upvotes: number }>;
  generateApp(prompt: string): Promise<GeneratedAppAnswer>;
  generatePrompt(description: string, variables: string[]): Promise<string>;
  createCheckoutSession(): Promise<{ url: string }>;
  /**
   * Whether upgrades through Stripe are offered and, where they are not, whom signed-in people ask
   * for another plan (null: nobody named).
   */
  billingInfo(): Promise<{ billingEnabled: boolean; planContact: string | null }>;

  // Accounts and admin pages.
  /** Mails a reset link when the address has an account; always resolves for a well-formed address. */
  recoverPassword(email: string): Promise<void>;
  /** Sets a new password, proven by the reset token from the mail (or, without one, by the session). */
  updatePassword(password: string, recoveryToken?: string): Promise<AuthUser>;
  /** Creates the person's user record once (full name only when none is set yet). */
  createUser(fullName: string | null): Promise<void>;
  serverInfo(): Promise<ServerInfo>;
  /** The person a given bearer token (a Firebase ID token) belongs to, or null. */
  meWithToken(token: string): Promise<AuthUser | null>;
  analyticsSummary(range: string): Promise<AnalyticsSummary>;
  pendingApps(): Promise<VersionedApp[]>;
  appStatusCounts(): Promise<AppStatusCounts>;
  reviewApp(id: string, status: ReviewStatus, reviewNotes: string | null): Promise<App>;

  // The store, the publisher page, my-apps analytics and the sales contact.
  /** Approved, public, published apps. */
  storeApps(): Promise<App[]>;
  /** A publisher's approved, public, published apps. */
  appsByUser(userId: string): Promise<App[]>;
  deleteApp(id: string): Promise<void>;
  setAppPrivate(id: string, isPrivate: boolean): Promise<App>;
  /** `appId`: one app's history alone (advanced analytics). */
  myAppsAnalytics(period: AnalyticsPeriod, appId?: string | null): Promise<MyAppsAnalytics>;
  /** Answers the server's confirmation message. */
  contactSales(input: SalesContactInput): Promise<string>;

  // API keys, the API description and embeds.
  /** The signed-in person's API keys, newest first (never their secrets). */
  apiKeys(): Promise<ApiKey[]>;
  /** A new key; the answer is the only time its secret is shown. */
  createApiKey(name: string): Promise<CreatedApiKey>;
  revokeApiKey(id: string): Promise<void>;
  /** The signed-in person's secrets by name (never their values). */
  secrets(): Promise<SecretInfo[]>;
  /** Saves a secret or replaces its value; the value is never answered back. */
  setSecret(name: string, value: string): Promise<SecretInfo>;
  deleteSecret(name: string): Promise<void>;
  /** The person's knowledge bases and their documents. */
  readonly knowledge: KnowledgeApi;
  /** An app's schedules and webhooks (its owner only). */
  readonly triggers: TriggersApi;
  /** An app's test set and test runs (its owner's). */
  readonly testing: TestingApi;
  /** Apps connected to the account through OAuth, and the consent step of connecting one. */
  readonly connectedApps: ConnectedAppsApi;
  /** The server's OpenAPI document (GET /api/openapi.json). */
  openApiDocument(): Promise<Record<string, unknown>>;
  /** How one of the owner's apps may be embedded. */
  embedSettings(appId: string): Promise<EmbedSettings>;
  updateEmbedSettings(appId: string, paysOwner: boolean, monthlyCredits: number): Promise<EmbedSettings>;
  /** A published app as its embed shows it (anyone may ask). */
  embeddedApp(slug: string): Promise<EmbeddedApp>;
  /** Runs an embedded app and answers once it has ended (the owner pays for people not signed in). */
  runEmbedded(slug: string, inputs: Record<string, unknown>): Promise<FinishedRun>;
  /** What a run of an embedded app costs the signed-in person, and whether they confirmed it. */
  embedRunPrice(slug: string): Promise<EmbedRunPrice>;
  /** Confirms the price of a run (`maxCredits`: the most a run cost as shown), in the sign-in window. */
  confirmEmbedPrice(slug: string, maxCredits: number): Promise<EmbedRunPrice>;
  /** Starts the signed-in person's run of an embedded app (PRICE_UNCONFIRMED until they confirmed it). */
  startEmbeddedRun(slug: string, inputs: Record<string, unknown>): Promise<{ runId: string; cost: number }>;

  // Run history.
  /** An app's runs, newest first (its owner only). */
  appRuns(appId: string, limit: number, cursor: string | null, filter: RunFilter): Promise<RunPage>;
  /** The runs the signed-in person started, newest first; of one app with `appId`. */
  myRuns(limit: number, cursor: string | null, appId?: string | null): Promise<RunPage>;
  /** One run with its steps (its runner, or its app's owner under the privacy rule). */
  runDetail(id: string): Promise<RunDetail>;
  deleteRun(id: string): Promise<void>;
  /** Approves (with the text, when the block lets it be changed) or rejects a run of your app waiting for you. */
  decideRunApproval(runId: string, decision: 'approve' | 'reject', text: string | null): Promise<void>;
  /** Whether people's runs of the app show their inputs and results to its owner. */
  runSharing(appId: string): Promise<boolean>;
  /** The same, for a published app's page (its runners see the notice). */
  publishedRunSharing(slug: string): Promise<boolean>;
  setRunSharing(appId: string, share: boolean): Promise<boolean>;
  /** Chat apps: messages and the person's conversations. */
  readonly chat: ChatApi;
}

/** The periods of the my-apps analytics toggle. */
export type AnalyticsPeriod = '7d' | '30d';

/** One app's activity in the my-apps analytics. */
export type AppAnalytics = MyAppsAnalytics['apps'][number];

export type MyAppsAnalytics = MyAppsAnalyticsQuery['myAppsAnalytics'];

/** An Enterprise enquiry from the pricing section. */
export type { SalesContactInput };

export type RunActionType = ActionType;

/** The assistant's answer, unchecked: the workbench validates it before loading it. */
export interface GeneratedAppAnswer {
  message: string;
  plugins: unknown[];
  connections: unknown[];
  variableMapping: Record<string, unknown>;
  appName: string;
  appDescription: string;
}

/**
 * A failed call, with the server's message and its stable code when it sent one. `network`: the
 * server was not reached, or answered without a GraphQL answer (a proxy's error page, a restart).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly network = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message of anything thrown, for a toast. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
