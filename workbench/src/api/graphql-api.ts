import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type DocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import type {
  App,
  BlockCatalogueEntry,
  CreditHistoryEntry,
  CreditStats,
  FileRef,
  PublishingInfo,
  RunEvent,
} from '@blocksmith/schema';
import { createClient, type Client } from 'graphql-ws';
import {
  ApiError,
  type AppInput,
  type AppVersion,
  type AppVersionEntry,
  type VersionedApp,
  type AnalyticsSummary,
  type AppStatusCounts,
  type AuthResult,
  type AuthUser,
  type AvailableModels,
  type BlocksmithApi,
  type Credits,
  type GeneratedAppAnswer,
  type RunActionType,
  type ReviewStatus,
  type RunWatcher,
  type ServerInfo,
  type Session,
  type AnalyticsPeriod,
  type MyAppsAnalytics,
  type SalesContactInput,
} from './blocksmith-api';
import * as adminOps from './admin-accounts';
import type { AdminActionPage, AdminUser, AdminUserDetail, AdminUserPage } from './admin-accounts';
import * as earningsOps from './earnings';
import type { Earnings, Payout, PayoutAccount } from './earnings';
import type { ApiKey, CreatedApiKey } from './api-keys';
import * as secretOps from './secrets';
import type { SecretInfo } from './secrets';
import { TEMPLATES, type AppTemplate } from './templates';
import * as developerOps from './developer-operations';
import type { EmbeddedApp, EmbedSettings, FinishedRun } from './embeds';
import * as ops from './operations';
import * as historyOps from './run-history-operations';
import type { CreditHistoryPage, RunDetail, RunFilter, RunPage } from './run-history';

/** Hands out the access token for a request, refreshing it first when it is about to expire. */
export type TokenSource = () => Promise<string | null>;

/** Context flag for calls that must not wait for a token (signing in, refreshing). */
const ANONYMOUS = { anonymous: true };

/**
 * A failure that is not the server's answer: the request never arrived or no GraphQL answer came
 * back (fetch's TypeError, an HTTP error page, a socket closed while watching a run).
 */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    ServerError.is(error) ||
    ServerParseError.is(error) ||
    (typeof error === 'object' &&
      error !== null &&
      'code' in error &&
      'reason' in error &&
      'wasClean' in error)
  );
}

function toApiError(error: unknown): ApiError {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    return new ApiError(first?.message ?? error.message, typeof code === 'string' ? code : undefined);
  }
  if (error instanceof ApiError) return error;
  const network = isNetworkFailure(error);
  if (error instanceof Error) return new ApiError(error.message, undefined, network);
  if (network) return new ApiError('The connection to the server closed.', undefined, true);
  return new ApiError(String(error));
}

/** How long to wait before connecting again: 1, 2, 4, 8 s, then every 10 s, a little jittered. */
function reconnectWait(retries: number): Promise<void> {
  const ms = Math.min(1000 * 2 ** retries, 10_000) + Math.floor(Math.random() * 300);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Reconnection attempts before a run's watcher is told the connection is gone (about 5 minutes). */
const RECONNECT_ATTEMPTS = 32;

/** The workbench's API over the gateway's GraphQL endpoint: HTTP for calls, graphql-ws for run progress. */
export class GraphqlApi implements BlocksmithApi {
  private readonly client: ApolloClient;
  private readonly socket: Client;
  /** Watchers of runs under way, told when the socket drops and when it is back. */
  private readonly connectionWatchers = new Set<RunWatcher>();
  private socketLost = false;

  constructor(
    private readonly tokenSource: TokenSource,
    private readonly origin: string = window.location.origin,
  ) {
    const http = new HttpLink({ uri: `${origin}/graphql` });
    const auth = new SetContextLink(async (previous) => {
      if (previous.anonymous) return {};
      const token = await this.tokenSource();
      return token ? { headers: { ...previous.headers, authorization: `Bearer ${token}` } } : {};
    });
    this.socket = createClient({
      url: origin.replace(/^http/, 'ws') + '/graphql',
      lazy: true,
      retryAttempts: RECONNECT_ATTEMPTS,
      retryWait: reconnectWait,
      // A socket that cannot even open (the network is down) is worth trying again too.
      shouldRetry: () => true,
      connectionParams: async () => {
        const token = await this.tokenSource();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      on: {
        closed: () => {
          // Closed while runs are watched: it is being made again (the lazy close after the last
          // run ended watches nothing).
          if (this.connectionWatchers.size === 0 || this.socketLost) return;
          this.socketLost = true;
          for (const watcher of this.connectionWatchers) watcher.connection?.('lost');
        },
        connected: () => {
          if (!this.socketLost) return;
          this.socketLost = false;
          for (const watcher of this.connectionWatchers) watcher.connection?.('restored');
        },
      },
    });
    const ws = new GraphQLWsLink(this.socket);
    const link = ApolloLink.split(
      ({ query }) => {
        const definition = getMainDefinition(query);
        return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
      },
      ws,
      auth.concat(http),
    );
    this.client = new ApolloClient({
      link,
      cache: new InMemoryCache(),
      defaultOptions: {
        query: { fetchPolicy: 'no-cache' },
        mutate: { fetchPolicy: 'no-cache' },
      },
    });
  }

  private async query<T>(
    query: DocumentNode,
    variables: Record<string, unknown> = {},
    context: Record<string, unknown> = {},
  ): Promise<T> {
    try {
      const result = await this.client.query<T>({ query, variables, context });
      if (result.data === undefined) throw new ApiError('The server sent no data.');
      return result.data as T;
    } catch (error) {
      throw toApiError(error);
    }
  }

  private async mutate<T>(
    mutation: DocumentNode,
    variables: Record<string, unknown> = {},
    context: Record<string, unknown> = {},
  ): Promise<T> {
    try {
      const result = await this.client.mutate<T>({ mutation, variables, context });
      if (result.data === undefined || result.data === null) throw new ApiError('The server sent no data.');
      return result.data as T;
    } catch (error) {
      throw toApiError(error);
    }
  }

  async blockCatalogue(): Promise<BlockCatalogueEntry[]> {
    return (await this.query<{ blockCatalogue: BlockCatalogueEntry[] }>(ops.BLOCK_CATALOGUE)).blockCatalogue;
  }

  async availableModels(): Promise<AvailableModels> {
    return (await this.query<{ availableModels: AvailableModels }>(ops.AVAILABLE_MODELS)).availableModels;
  }

  async creditCosts(): Promise<Record<string, number>> {
    return (await this.query<{ creditCosts: Record<string, number> }>(ops.CREDIT_COSTS)).creditCosts;
  }

  async signIn(email: string, password: string): Promise<AuthResult> {
    return (await this.mutate<{ signIn: AuthResult }>(ops.SIGN_IN, { email, password }, ANONYMOUS)).signIn;
  }

  async signUp(email: string, password: string, fullName: string): Promise<AuthResult> {
    const variables = { email, password, fullName: fullName.trim() === '' ? null : fullName.trim() };
    return (await this.mutate<{ signUp: AuthResult }>(ops.SIGN_UP, variables, ANONYMOUS)).signUp;
  }

  async refreshSession(refreshToken: string): Promise<Session> {
    const data = await this.mutate<{ refreshSession: { session: Session } }>(
      ops.REFRESH_SESSION,
      { refreshToken },
      ANONYMOUS,
    );
    return data.refreshSession.session;
  }

  async signOut(): Promise<void> {
    await this.mutate(ops.SIGN_OUT);
  }

  async me(): Promise<AuthUser | null> {
    return (await this.query<{ me: AuthUser | null }>(ops.ME)).me;
  }

  async credits(): Promise<Credits> {
    return (await this.query<{ credits: Credits }>(ops.CREDITS)).credits;
  }

  async initializeCredits(): Promise<Credits> {
    return (await this.mutate<{ initializeCredits: Credits }>(ops.INITIALIZE_CREDITS)).initializeCredits;
  }

  async creditHistory(limit: number): Promise<CreditHistoryEntry[]> {
    return (await this.query<{ creditHistory: CreditHistoryEntry[] }>(historyOps.CREDIT_HISTORY, { limit }))
      .creditHistory;
  }

  async creditHistoryPage(limit: number, cursor: string | null): Promise<CreditHistoryPage> {
    return (
      await this.query<{ creditHistoryPage: CreditHistoryPage }>(historyOps.CREDIT_HISTORY_PAGE, {
        limit,
        cursor,
      })
    ).creditHistoryPage;
  }

  async creditStats(): Promise<CreditStats> {
    return (await this.query<{ creditStats: CreditStats }>(historyOps.CREDIT_STATS)).creditStats;
  }

  async publishingInfo(): Promise<PublishingInfo> {
    return (await this.query<{ publishingInfo: PublishingInfo }>(ops.PUBLISHING_INFO)).publishingInfo;
  }

  async myApps(): Promise<App[]> {
    return (await this.query<{ myApps: App[] }>(ops.MY_APPS)).myApps;
  }

  async app(id: string): Promise<VersionedApp> {
    return (await this.query<{ app: VersionedApp }>(ops.APP, { id })).app;
  }

  async createApp(input: AppInput): Promise<VersionedApp> {
    return (await this.mutate<{ createApp: VersionedApp }>(ops.CREATE_APP, { input })).createApp;
  }

  async updateApp(id: string, input: AppInput, options: { autosave?: boolean } = {}): Promise<VersionedApp> {
    // An explicit save leaves `autosave` out: it is a named version of its own.
    const variables = options.autosave ? { id, input, autosave: true } : { id, input };
    return (await this.mutate<{ updateApp: VersionedApp }>(ops.UPDATE_APP, variables)).updateApp;
  }

  async publishAppWithData(
    id: string | undefined,
    input: AppInput,
  ): Promise<{ app: VersionedApp; publishingInfo: PublishingInfo }> {
    const data = await this.mutate<{
      publishAppWithData: { app: VersionedApp; publishingInfo: PublishingInfo };
    }>(ops.PUBLISH_APP_WITH_DATA, { id: id ?? null, input });
    return data.publishAppWithData;
  }

  async appVersions(appId: string): Promise<AppVersionEntry[]> {
    return (await this.query<{ appVersions: AppVersionEntry[] }>(ops.APP_VERSIONS, { appId })).appVersions;
  }

  async appVersion(appId: string, versionId: string): Promise<AppVersion> {
    return (await this.query<{ appVersion: AppVersion }>(ops.APP_VERSION, { appId, versionId })).appVersion;
  }

  async restoreAppVersion(appId: string, versionId: string): Promise<VersionedApp> {
    return (
      await this.mutate<{ restoreAppVersion: VersionedApp }>(ops.RESTORE_APP_VERSION, { appId, versionId })
    ).restoreAppVersion;
  }

  async startRun(
    appId: string,
    inputs: Record<string, unknown>,
    actionType: RunActionType = 'test_execution',
  ): Promise<{ runId: string; cost: number }> {
    return (
      await this.mutate<{ startRun: { runId: string; cost: number } }>(ops.START_RUN, {
        appId,
        inputs,
        actionType,
      })
    ).startRun;
  }

  watchRun(runId: string, watcher: RunWatcher): () => void {
    this.connectionWatchers.add(watcher);
    const done = () => this.connectionWatchers.delete(watcher);
    const subscription = this.client
      .subscribe<{ runProgress: RunEvent }>({ query: ops.RUN_PROGRESS, variables: { runId } })
      .subscribe({
        next: (result) => {
          if (result.error) watcher.error(toApiError(result.error));
          else if (result.data) watcher.next(result.data.runProgress);
        },
        error: (error: unknown) => {
          done();
          watcher.error(toApiError(error));
        },
        complete: () => {
          done();
          watcher.complete();
        },
      });
    return () => {
      done();
      subscription.unsubscribe();
    };
  }

  async runOutcome(runId: string): Promise<FinishedRun> {
    return (await this.query<{ run: FinishedRun }>(historyOps.RUN_OUTCOME, { id: runId })).run;
  }

  async uploadFile(appId: string, blockId: string, file: File): Promise<FileRef> {
    const body = new FormData();
    body.set('appId', appId);
    body.set('blockId', blockId);
    body.set('file', file);
    const token = await this.tokenSource();
    const response = await fetch(`${this.origin}/uploads`, {
      method: 'POST',
      body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the status line says enough.
    }
    if (!response.ok) {
      const message =
        parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
          ? parsed.message
          : `HTTP error! status: ${response.status}`;
      throw new ApiError(message);
    }
    return parsed as FileRef;
  }

  async trackEvent(name: string, props: Record<string, unknown>): Promise<void> {
    await this.mutate(ops.TRACK_EVENT, { name, props });
  }

  async publishedApp(slug: string): Promise<App> {
    return (await this.query<{ publishedApp: App }>(ops.PUBLISHED_APP, { slug })).publishedApp;
  }

  async publisherName(authId: string): Promise<string> {
    const data = await this.query<{ userByAuthId: { full_name: string } }>(ops.USER_BY_AUTH_ID, {
      id: authId,
    });
    return data.userByAuthId.full_name;
  }

  async recordAppView(id: string): Promise<number> {
    return (await this.mutate<{ recordAppView: number }>(ops.RECORD_APP_VIEW, { id })).recordAppView;
  }

  async upvotedApps(appIds: string[]): Promise<string[]> {
    return (await this.query<{ upvotedApps: string[] }>(ops.UPVOTED_APPS, { appIds })).upvotedApps;
  }

  async upvoteStatus(appId: string): Promise<boolean> {
    return (await this.query<{ upvoteStatus: boolean }>(ops.UPVOTE_STATUS, { appId })).upvoteStatus;
  }

  async upvoteApp(id: string): Promise<{ counted: boolean; upvotes: number }> {
    return (await this.mutate<{ upvoteApp: { counted: boolean; upvotes: number } }>(ops.UPVOTE_APP, { id }))
      .upvoteApp;
  }

  async generateApp(prompt: string): Promise<GeneratedAppAnswer> {
    return (await this.mutate<{ generateApp: GeneratedAppAnswer }>(ops.GENERATE_APP, { prompt })).generateApp;
  }

  async generatePrompt(description: string, variables: string[]): Promise<string> {
    return (await this.mutate<{ generatePrompt: string }>(ops.GENERATE_PROMPT, { description, variables }))
      .generatePrompt;
  }

  async createCheckoutSession(): Promise<{ url: string }> {
    return (await this.mutate<{ createCheckoutSession: { url: string } }>(ops.CREATE_CHECKOUT_SESSION))
      .createCheckoutSession;
  }

  async billingEnabled(): Promise<boolean> {
    const data = await this.query<{ serverInfo: { billingEnabled: boolean } }>(
      ops.BILLING_INFO,
      {},
      ANONYMOUS,
    );
    return data.serverInfo.billingEnabled;
  }

  async recoverPassword(email: string): Promise<void> {
    await this.mutate(ops.RECOVER_PASSWORD, { email }, ANONYMOUS);
  }

  async updatePassword(password: string, recoveryToken?: string): Promise<AuthUser> {
    const context = recoveryToken ? withBearer(recoveryToken) : {};
    return (await this.mutate<{ updatePassword: AuthUser }>(ops.UPDATE_PASSWORD, { password }, context))
      .updatePassword;
  }

  async createUser(fullName: string | null): Promise<void> {
    await this.mutate(ops.CREATE_USER, { fullName });
  }

  async serverInfo(): Promise<ServerInfo> {
    // Never waits for a token: restoring a Google session itself needs this answer.
    return (await this.query<{ serverInfo: ServerInfo }>(ops.SERVER_INFO, {}, ANONYMOUS)).serverInfo;
  }

  async meWithToken(token: string): Promise<AuthUser | null> {
    try {
      const result = await this.client.query<{ me: AuthUser | null }>({
        query: ops.ME,
        context: withBearer(token),
      });
      return result.data?.me ?? null;
    } catch (error) {
      throw toApiError(error);
    }
  }

  async analyticsSummary(range: string): Promise<AnalyticsSummary> {
    return (await this.query<{ analyticsSummary: AnalyticsSummary }>(ops.ANALYTICS_SUMMARY, { range }))
      .analyticsSummary;
  }

  async pendingApps(): Promise<VersionedApp[]> {
    return (await this.query<{ pendingApps: VersionedApp[] }>(ops.PENDING_APPS)).pendingApps;
  }

  async appStatusCounts(): Promise<AppStatusCounts> {
    return (await this.query<{ appStatusCounts: AppStatusCounts }>(ops.APP_STATUS_COUNTS)).appStatusCounts;
  }

  async reviewApp(id: string, status: ReviewStatus, reviewNotes: string | null): Promise<App> {
    return (await this.mutate<{ reviewApp: App }>(ops.REVIEW_APP, { id, status, reviewNotes })).reviewApp;
  }

  async storeApps(): Promise<App[]> {
    return (await this.query<{ storeApps: App[] }>(ops.STORE_APPS)).storeApps;
  }

  async appsByUser(userId: string): Promise<App[]> {
    return (await this.query<{ appsByUser: App[] }>(ops.APPS_BY_USER, { userId })).appsByUser;
  }

  async deleteApp(id: string): Promise<void> {
    await this.mutate(ops.DELETE_APP, { id });
  }

  async setAppPrivate(id: string, isPrivate: boolean): Promise<App> {
    return (await this.mutate<{ setAppPrivate: App }>(ops.SET_APP_PRIVATE, { id, isPrivate })).setAppPrivate;
  }

  async myAppsAnalytics(period: AnalyticsPeriod, appId: string | null = null): Promise<MyAppsAnalytics> {
    return (await this.query<{ myAppsAnalytics: MyAppsAnalytics }>(ops.MY_APPS_ANALYTICS, { period, appId }))
      .myAppsAnalytics;
  }

  async contactSales(input: SalesContactInput): Promise<string> {
    return (await this.mutate<{ contactSales: { message: string } }>(ops.CONTACT_SALES, { input }))
      .contactSales.message;
  }

  async apiKeys(): Promise<ApiKey[]> {
    return (await this.query<{ apiKeys: ApiKey[] }>(developerOps.API_KEYS)).apiKeys;
  }

  async createApiKey(name: string): Promise<CreatedApiKey> {
    return (await this.mutate<{ createApiKey: CreatedApiKey }>(developerOps.CREATE_API_KEY, { name }))
      .createApiKey;
  }

  async revokeApiKey(id: string): Promise<void> {
    await this.mutate(developerOps.REVOKE_API_KEY, { id });
  }

  async templates(): Promise<AppTemplate[]> {
    return (await this.query<{ templates: AppTemplate[] }>(TEMPLATES)).templates;
  }

  async secrets(): Promise<SecretInfo[]> {
    return (await this.query<{ secrets: SecretInfo[] }>(secretOps.SECRETS)).secrets;
  }

  async setSecret(name: string, value: string): Promise<SecretInfo> {
    return (await this.mutate<{ setSecret: SecretInfo }>(secretOps.SET_SECRET, { name, value })).setSecret;
  }

  async deleteSecret(name: string): Promise<void> {
    await this.mutate(secretOps.DELETE_SECRET, { name });
  }

  async openApiDocument(): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${this.origin}/api/openapi.json`, { headers: { accept: 'application/json' } });
    } catch (error) {
      throw toApiError(error);
    }
    if (!response.ok) throw new ApiError(`HTTP error! status: ${response.status}`);
    const document = (await response.json()) as unknown;
    if (!document || typeof document !== 'object' || Array.isArray(document))
      throw new ApiError('The API description is not a JSON object.');
    return document as Record<string, unknown>;
  }

  async embedSettings(appId: string): Promise<EmbedSettings> {
    return (await this.query<{ embedSettings: EmbedSettings }>(developerOps.EMBED_SETTINGS, { appId }))
      .embedSettings;
  }

  async updateEmbedSettings(
    appId: string,
    paysOwner: boolean,
    monthlyCredits: number,
  ): Promise<EmbedSettings> {
    const variables = { appId, paysOwner, monthlyCredits };
    return (
      await this.mutate<{ updateEmbedSettings: EmbedSettings }>(developerOps.UPDATE_EMBED_SETTINGS, variables)
    ).updateEmbedSettings;
  }

  async embeddedApp(slug: string): Promise<EmbeddedApp> {
    return (await this.query<{ embeddedApp: EmbeddedApp }>(developerOps.EMBEDDED_APP, { slug })).embeddedApp;
  }

  async runEmbedded(slug: string, inputs: Record<string, unknown>): Promise<FinishedRun> {
    return (await this.mutate<{ runEmbedded: FinishedRun }>(developerOps.RUN_EMBEDDED, { slug, inputs }))
      .runEmbedded;
  }

  async appRuns(appId: string, limit: number, cursor: string | null, filter: RunFilter): Promise<RunPage> {
    const variables = { appId, limit, cursor, status: filter.status ?? null, source: filter.source ?? null };
    return (await this.query<{ appRuns: RunPage }>(historyOps.APP_RUNS, variables)).appRuns;
  }

  async myRuns(limit: number, cursor: string | null, appId: string | null = null): Promise<RunPage> {
    return (await this.query<{ myRuns: RunPage }>(historyOps.MY_RUNS, { limit, cursor, appId })).myRuns;
  }

  async runDetail(id: string): Promise<RunDetail> {
    return (await this.query<{ run: RunDetail }>(historyOps.RUN_DETAIL, { id })).run;
  }

  async deleteRun(id: string): Promise<void> {
    await this.mutate(historyOps.DELETE_RUN, { id });
  }

  async runSharing(appId: string): Promise<boolean> {
    const data = await this.query<{ app: { shareRunDetails: boolean } }>(historyOps.RUN_SHARING, {
      id: appId,
    });
    return data.app.shareRunDetails;
  }

  async publishedRunSharing(slug: string): Promise<boolean> {
    const data = await this.query<{ publishedApp: { shareRunDetails: boolean } }>(
      historyOps.PUBLISHED_RUN_SHARING,
      { slug },
    );
    return data.publishedApp.shareRunDetails;
  }

  async setRunSharing(appId: string, share: boolean): Promise<boolean> {
    const data = await this.mutate<{ setRunSharing: { shareRunDetails: boolean } }>(
      historyOps.SET_RUN_SHARING,
      { appId, share },
    );
    return data.setRunSharing.shareRunDetails;
  }

  async adminUsers(query: string, cursor: string | null): Promise<AdminUserPage> {
    return (await this.query<{ adminUsers: AdminUserPage }>(adminOps.ADMIN_USERS, { query, cursor }))
      .adminUsers;
  }

  async adminUser(id: string): Promise<AdminUserDetail> {
    return (await this.query<{ adminUser: AdminUserDetail }>(adminOps.ADMIN_USER, { id })).adminUser;
  }

  async adminActions(cursor: string | null, userId: string | null = null): Promise<AdminActionPage> {
    return (await this.query<{ adminActions: AdminActionPage }>(adminOps.ADMIN_ACTIONS, { cursor, userId }))
      .adminActions;
  }

  async setUserPlan(userId: string, plan: string): Promise<AdminUser> {
    return (await this.mutate<{ setUserPlan: AdminUser }>(adminOps.SET_USER_PLAN, { userId, plan }))
      .setUserPlan;
  }

  async adjustUserCredits(userId: string, amount: number, reason: string): Promise<AdminUser> {
    const variables = { userId, amount, reason };
    return (await this.mutate<{ adjustUserCredits: AdminUser }>(adminOps.ADJUST_USER_CREDITS, variables))
      .adjustUserCredits;
  }

  async suspendUser(userId: string, reason: string | null): Promise<AdminUser> {
    return (await this.mutate<{ suspendUser: AdminUser }>(adminOps.SUSPEND_USER, { userId, reason }))
      .suspendUser;
  }

  async unsuspendUser(userId: string): Promise<AdminUser> {
    return (await this.mutate<{ unsuspendUser: AdminUser }>(adminOps.UNSUSPEND_USER, { userId }))
      .unsuspendUser;
  }

  async earnings(days: number): Promise<Earnings> {
    return (await this.query<{ earnings: Earnings }>(earningsOps.EARNINGS, { days })).earnings;
  }

  async setCreatorPrice(appId: string, creatorPrice: number): Promise<{ id: string; creatorPrice: number }> {
    const variables = { appId, creatorPrice };
    return (
      await this.mutate<{ setCreatorPrice: { id: string; creatorPrice: number } }>(
        earningsOps.SET_CREATOR_PRICE,
        variables,
      )
    ).setCreatorPrice;
  }

  async startPayoutOnboarding(): Promise<string> {
    return (
      await this.mutate<{ startPayoutOnboarding: { url: string } }>(earningsOps.START_PAYOUT_ONBOARDING)
    ).startPayoutOnboarding.url;
  }

  async payoutAccount(): Promise<PayoutAccount> {
    return (await this.query<{ payoutAccount: PayoutAccount }>(earningsOps.PAYOUT_ACCOUNT)).payoutAccount;
  }

  async requestPayout(): Promise<Payout> {
    return (await this.mutate<{ requestPayout: Payout }>(earningsOps.REQUEST_PAYOUT)).requestPayout;
  }
}

/** Context for one call made with a given bearer token instead of the session's. */
function withBearer(token: string): Record<string, unknown> {
  return { anonymous: true, headers: { authorization: `Bearer ${token}` } };
}
