import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  type OperationVariables,
  type TypedDocumentNode,
} from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import {
  isCategory,
  MODEL_CAPABILITIES,
  type AiProviderId,
  type App,
  type BlockCatalogueEntry,
  type Category,
  type CreditHistoryEntry,
  type CreditStats,
  type FileRef,
  type PublishingInfo,
  type RunEvent,
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
import type { AdminActionPage, AdminUser, AdminUserDetail, AdminUserPage } from './admin-accounts';
import type { Earnings, Payout, PayoutAccount } from './earnings';
import type { ApiKey, CreatedApiKey } from './api-keys';
import type { SecretInfo } from './secrets';
import type { AiProviderStatus } from './ai-providers';
import type { AppTemplate } from './templates';
import type { ModelCatalogue } from './models';
import type { EmbeddedApp, EmbedRunPrice, EmbedSettings, FinishedRun } from './embeds';
import {
  AdjustUserCreditsDocument,
  AdminActionsDocument,
  AdminUserDocument,
  AdminUsersDocument,
  AnalyticsSummaryDocument,
  ApiKeysDocument,
  AppDocument,
  AppRunsDocument,
  AppStatusCountsDocument,
  AppVersionDocument,
  AppVersionsDocument,
  AppsByUserDocument,
  AvailableModelsDocument,
  ModelCatalogueDocument,
  BillingInfoDocument,
  BlockCatalogueDocument,
  ContactSalesDocument,
  CreateApiKeyDocument,
  CreateAppDocument,
  CreateCheckoutSessionDocument,
  CreateUserDocument,
  CreditCostsDocument,
  CreditHistoryDocument,
  CreditHistoryPageDocument,
  CreditStatsDocument,
  CreditsDocument,
  DeleteAppDocument,
  DeleteRunDocument,
  DeleteSecretDocument,
  AiProvidersDocument,
  SetAiProviderDocument,
  ClearAiProviderDocument,
  EarningsDocument,
  ConfirmEmbedPriceDocument,
  EmbedRunPriceDocument,
  EmbedSettingsDocument,
  EmbeddedAppDocument,
  GenerateAppDocument,
  GeneratePromptDocument,
  InitializeCreditsDocument,
  MeDocument,
  MyAppsAnalyticsDocument,
  MyAppsDocument,
  MyRunsDocument,
  PayoutAccountDocument,
  PendingAppsDocument,
  PublishAppWithDataDocument,
  PublishedAppDocument,
  PublishedRunSharingDocument,
  PublishingInfoDocument,
  RecordAppViewDocument,
  RecoverPasswordDocument,
  RefreshSessionDocument,
  RequestPayoutDocument,
  RestoreAppVersionDocument,
  ReviewAppDocument,
  RevokeApiKeyDocument,
  RunDetailDocument,
  RunEmbeddedDocument,
  RunOutcomeDocument,
  RunProgressDocument,
  RunSharingDocument,
  SecretsDocument,
  ServerInfoDocument,
  SetAppPrivateDocument,
  SetCreatorPriceDocument,
  SetRunSharingDocument,
  SetSecretDocument,
  SetUserPlanDocument,
  SignInDocument,
  SignOutDocument,
  SignUpDocument,
  StartPayoutOnboardingDocument,
  StartEmbeddedRunDocument,
  StartRunDocument,
  StoreAppsDocument,
  TemplatesDocument,
  SuspendUserDocument,
  TrackEventDocument,
  UnsuspendUserDocument,
  UpdateAppDocument,
  UpdateEmbedSettingsDocument,
  UpdatePasswordDocument,
  UpvoteAppDocument,
  UpvoteStatusDocument,
  UpvotedAppsDocument,
  UserByAuthIdDocument,
} from './generated/graphql';
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

  private async query<TData, TVariables extends OperationVariables>(
    query: TypedDocumentNode<TData, TVariables>,
    variables: TVariables,
    context: Record<string, unknown> = {},
  ): Promise<TData> {
    try {
      const result = await this.client.query<TData, TVariables>({ query, variables, context });
      if (result.data === undefined) throw new ApiError('The server sent no data.');
      return result.data;
    } catch (error) {
      throw toApiError(error);
    }
  }

  private async mutate<TData, TVariables extends OperationVariables>(
    mutation: TypedDocumentNode<TData, TVariables>,
    variables: TVariables,
    context: Record<string, unknown> = {},
  ): Promise<TData> {
    try {
      const result = await this.client.mutate<TData, TVariables>({ mutation, variables, context });
      if (result.data === undefined || result.data === null) throw new ApiError('The server sent no data.');
      return result.data;
    } catch (error) {
      throw toApiError(error);
    }
  }

  async blockCatalogue(): Promise<BlockCatalogueEntry[]> {
    const entries: readonly object[] = (await this.query(BlockCatalogueDocument, {})).blockCatalogue;
    // The gateway answers the registry's own declarations field for field (catalogue-resolver.ts);
    // their settings, flow and result views are JSON here and read back as what they were.
    return entries as BlockCatalogueEntry[];
  }

  async availableModels(): Promise<AvailableModels> {
    return (await this.query(AvailableModelsDocument, {})).availableModels;
  }

  async modelCatalogue(): Promise<ModelCatalogue> {
    const { models } = await this.query(ModelCatalogueDocument, {});
    return {
      ...models,
      // A capability this workbench does not know is left out, so no picker offers the model for it.
      models: models.models.map((model) => ({
        ...model,
        capabilities: MODEL_CAPABILITIES.filter((capability) => model.capabilities.includes(capability)),
      })),
    };
  }

  async creditCosts(): Promise<Record<string, number>> {
    return numbersOf((await this.query(CreditCostsDocument, {})).creditCosts);
  }

  async signIn(email: string, password: string): Promise<AuthResult> {
    return (await this.mutate(SignInDocument, { email, password }, ANONYMOUS)).signIn;
  }

  async signUp(email: string, password: string, fullName: string): Promise<AuthResult> {
    const variables = { email, password, fullName: fullName.trim() === '' ? null : fullName.trim() };
    return (await this.mutate(SignUpDocument, variables, ANONYMOUS)).signUp;
  }

  async refreshSession(refreshToken: string): Promise<Session> {
    const data = await this.mutate(RefreshSessionDocument, { refreshToken }, ANONYMOUS);
    return data.refreshSession.session;
  }

  async signOut(): Promise<void> {
    await this.mutate(SignOutDocument, {});
  }

  async me(): Promise<AuthUser | null> {
    return (await this.query(MeDocument, {})).me;
  }

  async credits(): Promise<Credits> {
    return (await this.query(CreditsDocument, {})).credits;
  }

  async initializeCredits(): Promise<Credits> {
    return (await this.mutate(InitializeCreditsDocument, {})).initializeCredits;
  }

  async creditHistory(limit: number): Promise<CreditHistoryEntry[]> {
    return (await this.query(CreditHistoryDocument, { limit })).creditHistory;
  }

  async creditHistoryPage(limit: number, cursor: string | null): Promise<CreditHistoryPage> {
    return (
      await this.query(CreditHistoryPageDocument, {
        limit,
        cursor,
      })
    ).creditHistoryPage;
  }

  async creditStats(): Promise<CreditStats> {
    return (await this.query(CreditStatsDocument, {})).creditStats;
  }

  async publishingInfo(): Promise<PublishingInfo> {
    return (await this.query(PublishingInfoDocument, {})).publishingInfo;
  }

  async myApps(): Promise<App[]> {
    return (await this.query(MyAppsDocument, {})).myApps.map(withCategory);
  }

  async app(id: string): Promise<VersionedApp> {
    return withCategory((await this.query(AppDocument, { id })).app);
  }

  async createApp(input: AppInput): Promise<VersionedApp> {
    return withCategory((await this.mutate(CreateAppDocument, { input })).createApp);
  }

  async updateApp(id: string, input: AppInput, options: { autosave?: boolean } = {}): Promise<VersionedApp> {
    // An explicit save leaves `autosave` out: it is a named version of its own.
    const variables = options.autosave ? { id, input, autosave: true } : { id, input };
    return withCategory((await this.mutate(UpdateAppDocument, variables)).updateApp);
  }

  async publishAppWithData(
    id: string | undefined,
    input: AppInput,
  ): Promise<{ app: VersionedApp; publishingInfo: PublishingInfo }> {
    const { app, publishingInfo } = (await this.mutate(PublishAppWithDataDocument, { id: id ?? null, input }))
      .publishAppWithData;
    return { app: withCategory(app), publishingInfo };
  }

  async appVersions(appId: string): Promise<AppVersionEntry[]> {
    return (await this.query(AppVersionsDocument, { appId })).appVersions;
  }

  async appVersion(appId: string, versionId: string): Promise<AppVersion> {
    return (await this.query(AppVersionDocument, { appId, versionId })).appVersion;
  }

  async restoreAppVersion(appId: string, versionId: string): Promise<VersionedApp> {
    return withCategory(
      (await this.mutate(RestoreAppVersionDocument, { appId, versionId })).restoreAppVersion,
    );
  }

  async startRun(
    appId: string,
    inputs: Record<string, unknown>,
    actionType: RunActionType = 'test_execution',
  ): Promise<{ runId: string; cost: number }> {
    return (
      await this.mutate(StartRunDocument, {
        appId,
        inputs,
        actionType,
      })
    ).startRun;
  }

  watchRun(runId: string, watcher: RunWatcher): () => void {
    this.connectionWatchers.add(watcher);
    const done = () => this.connectionWatchers.delete(watcher);
    // Each event is a JSON object on the wire, one of the RunEvent shapes run-events.ts declares.
    const subscription = this.client
      .subscribe<{ runProgress: RunEvent }>({ query: RunProgressDocument, variables: { runId } })
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
    return (await this.query(RunOutcomeDocument, { id: runId })).run;
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
    await this.mutate(TrackEventDocument, { name, props });
  }

  async publishedApp(slug: string): Promise<App> {
    return withCategory((await this.query(PublishedAppDocument, { slug })).publishedApp);
  }

  async publisherName(authId: string): Promise<string> {
    const data = await this.query(UserByAuthIdDocument, {
      id: authId,
    });
    return data.userByAuthId.full_name;
  }

  async recordAppView(id: string): Promise<number> {
    return (await this.mutate(RecordAppViewDocument, { id })).recordAppView;
  }

  async upvotedApps(appIds: string[]): Promise<string[]> {
    return (await this.query(UpvotedAppsDocument, { appIds })).upvotedApps;
  }

  async upvoteStatus(appId: string): Promise<boolean> {
    return (await this.query(UpvoteStatusDocument, { appId })).upvoteStatus;
  }

  async upvoteApp(id: string): Promise<{ counted: boolean; upvotes: number }> {
    return (await this.mutate(UpvoteAppDocument, { id })).upvoteApp;
  }

  async generateApp(prompt: string): Promise<GeneratedAppAnswer> {
    return (await this.mutate(GenerateAppDocument, { prompt })).generateApp;
  }

  async generatePrompt(description: string, variables: string[]): Promise<string> {
    return (await this.mutate(GeneratePromptDocument, { description, variables })).generatePrompt;
  }

  async createCheckoutSession(): Promise<{ url: string }> {
    return (await this.mutate(CreateCheckoutSessionDocument, {})).createCheckoutSession;
  }

  async billingInfo(): Promise<{ billingEnabled: boolean; planContact: string | null }> {
    // Signed in: the server names whom to ask for a plan to signed-in people only.
    const { serverInfo } = await this.query(BillingInfoDocument, {});
    return { billingEnabled: serverInfo.billingEnabled, planContact: serverInfo.planContact ?? null };
  }

  async recoverPassword(email: string): Promise<void> {
    await this.mutate(RecoverPasswordDocument, { email }, ANONYMOUS);
  }

  async updatePassword(password: string, recoveryToken?: string): Promise<AuthUser> {
    const context = recoveryToken ? withBearer(recoveryToken) : {};
    return (await this.mutate(UpdatePasswordDocument, { password }, context)).updatePassword;
  }

  async createUser(fullName: string | null): Promise<void> {
    await this.mutate(CreateUserDocument, { fullName });
  }

  async serverInfo(): Promise<ServerInfo> {
    // Never waits for a token: restoring a Google session itself needs this answer.
    return (await this.query(ServerInfoDocument, {}, ANONYMOUS)).serverInfo;
  }

  async meWithToken(token: string): Promise<AuthUser | null> {
    try {
      const result = await this.client.query({
        query: MeDocument,
        variables: {},
        context: withBearer(token),
      });
      return result.data?.me ?? null;
    } catch (error) {
      throw toApiError(error);
    }
  }

  async analyticsSummary(range: string): Promise<AnalyticsSummary> {
    const summary = (await this.query(AnalyticsSummaryDocument, { range })).analyticsSummary;
    return { ...summary, raw: numbersOf(summary.raw) };
  }

  async pendingApps(): Promise<VersionedApp[]> {
    return (await this.query(PendingAppsDocument, {})).pendingApps.map(withCategory);
  }

  async appStatusCounts(): Promise<AppStatusCounts> {
    return (await this.query(AppStatusCountsDocument, {})).appStatusCounts;
  }

  async reviewApp(id: string, status: ReviewStatus, reviewNotes: string | null): Promise<App> {
    return withCategory((await this.mutate(ReviewAppDocument, { id, status, reviewNotes })).reviewApp);
  }

  async storeApps(): Promise<App[]> {
    return (await this.query(StoreAppsDocument, {})).storeApps.map(withCategory);
  }

  async appsByUser(userId: string): Promise<App[]> {
    return (await this.query(AppsByUserDocument, { userId })).appsByUser.map(withCategory);
  }

  async deleteApp(id: string): Promise<void> {
    await this.mutate(DeleteAppDocument, { id });
  }

  async setAppPrivate(id: string, isPrivate: boolean): Promise<App> {
    return withCategory((await this.mutate(SetAppPrivateDocument, { id, isPrivate })).setAppPrivate);
  }

  async myAppsAnalytics(period: AnalyticsPeriod, appId: string | null = null): Promise<MyAppsAnalytics> {
    return (await this.query(MyAppsAnalyticsDocument, { period, appId })).myAppsAnalytics;
  }

  async contactSales(input: SalesContactInput): Promise<string> {
    return (await this.mutate(ContactSalesDocument, { input })).contactSales.message;
  }

  async apiKeys(): Promise<ApiKey[]> {
    return (await this.query(ApiKeysDocument, {})).apiKeys;
  }

  async createApiKey(name: string): Promise<CreatedApiKey> {
    return (await this.mutate(CreateApiKeyDocument, { name })).createApiKey;
  }

  async revokeApiKey(id: string): Promise<void> {
    await this.mutate(RevokeApiKeyDocument, { id });
  }

  async templates(): Promise<AppTemplate[]> {
    return (await this.query(TemplatesDocument, {})).templates.map(withCategory);
  }

  async secrets(): Promise<SecretInfo[]> {
    return (await this.query(SecretsDocument, {})).secrets;
  }

  async setSecret(name: string, value: string): Promise<SecretInfo> {
    return (await this.mutate(SetSecretDocument, { name, value })).setSecret;
  }

  async deleteSecret(name: string): Promise<void> {
    await this.mutate(DeleteSecretDocument, { name });
  }

  async aiProviders(): Promise<AiProviderStatus[]> {
    return (await this.query(AiProvidersDocument, {})).aiProviders;
  }

  async setAiProvider(
    provider: AiProviderId,
    apiKey: string | null,
    baseUrl: string | null,
  ): Promise<AiProviderStatus> {
    return (await this.mutate(SetAiProviderDocument, { provider, apiKey, baseUrl })).setAiProvider;
  }

  async clearAiProvider(provider: AiProviderId): Promise<AiProviderStatus> {
    return (await this.mutate(ClearAiProviderDocument, { provider })).clearAiProvider;
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
    return (await this.query(EmbedSettingsDocument, { appId })).embedSettings;
  }

  async updateEmbedSettings(
    appId: string,
    paysOwner: boolean,
    monthlyCredits: number,
  ): Promise<EmbedSettings> {
    const variables = { appId, paysOwner, monthlyCredits };
    return (await this.mutate(UpdateEmbedSettingsDocument, variables)).updateEmbedSettings;
  }

  async embeddedApp(slug: string): Promise<EmbeddedApp> {
    const { app, paysOwner } = (await this.query(EmbeddedAppDocument, { slug })).embeddedApp;
    return { app: withCategory(app), paysOwner };
  }

  async runEmbedded(slug: string, inputs: Record<string, unknown>): Promise<FinishedRun> {
    return (await this.mutate(RunEmbeddedDocument, { slug, inputs })).runEmbedded;
  }

  async embedRunPrice(slug: string): Promise<EmbedRunPrice> {
    return (await this.query(EmbedRunPriceDocument, { slug })).embedRunPrice;
  }

  async confirmEmbedPrice(slug: string, maxCredits: number): Promise<EmbedRunPrice> {
    return (await this.mutate(ConfirmEmbedPriceDocument, { slug, maxCredits })).confirmEmbedPrice;
  }

  async startEmbeddedRun(
    slug: string,
    inputs: Record<string, unknown>,
  ): Promise<{ runId: string; cost: number }> {
    return (await this.mutate(StartEmbeddedRunDocument, { slug, inputs })).startEmbeddedRun;
  }

  async appRuns(appId: string, limit: number, cursor: string | null, filter: RunFilter): Promise<RunPage> {
    const variables = { appId, limit, cursor, status: filter.status ?? null, source: filter.source ?? null };
    return (await this.query(AppRunsDocument, variables)).appRuns;
  }

  async myRuns(limit: number, cursor: string | null, appId: string | null = null): Promise<RunPage> {
    return (await this.query(MyRunsDocument, { limit, cursor, appId })).myRuns;
  }

  async runDetail(id: string): Promise<RunDetail> {
    return (await this.query(RunDetailDocument, { id })).run;
  }

  async deleteRun(id: string): Promise<void> {
    await this.mutate(DeleteRunDocument, { id });
  }

  async runSharing(appId: string): Promise<boolean> {
    const data = await this.query(RunSharingDocument, {
      id: appId,
    });
    return data.app.shareRunDetails;
  }

  async publishedRunSharing(slug: string): Promise<boolean> {
    const data = await this.query(PublishedRunSharingDocument, { slug });
    return data.publishedApp.shareRunDetails;
  }

  async setRunSharing(appId: string, share: boolean): Promise<boolean> {
    const data = await this.mutate(SetRunSharingDocument, { appId, share });
    return data.setRunSharing.shareRunDetails;
  }

  async adminUsers(query: string, cursor: string | null): Promise<AdminUserPage> {
    return (await this.query(AdminUsersDocument, { query, cursor })).adminUsers;
  }

  async adminUser(id: string): Promise<AdminUserDetail> {
    return (await this.query(AdminUserDocument, { id })).adminUser;
  }

  async adminActions(cursor: string | null, userId: string | null = null): Promise<AdminActionPage> {
    return (await this.query(AdminActionsDocument, { cursor, userId })).adminActions;
  }

  async setUserPlan(userId: string, plan: string): Promise<AdminUser> {
    return (await this.mutate(SetUserPlanDocument, { userId, plan })).setUserPlan;
  }

  async adjustUserCredits(userId: string, amount: number, reason: string): Promise<AdminUser> {
    const variables = { userId, amount, reason };
    return (await this.mutate(AdjustUserCreditsDocument, variables)).adjustUserCredits;
  }

  async suspendUser(userId: string, reason: string | null): Promise<AdminUser> {
    return (await this.mutate(SuspendUserDocument, { userId, reason })).suspendUser;
  }

  async unsuspendUser(userId: string): Promise<AdminUser> {
    return (await this.mutate(UnsuspendUserDocument, { userId })).unsuspendUser;
  }

  async earnings(days: number): Promise<Earnings> {
    return (await this.query(EarningsDocument, { days })).earnings;
  }

  async setCreatorPrice(appId: string, creatorPrice: number): Promise<{ id: string; creatorPrice: number }> {
    const variables = { appId, creatorPrice };
    return (await this.mutate(SetCreatorPriceDocument, variables)).setCreatorPrice;
  }

  async startPayoutOnboarding(): Promise<string> {
    return (await this.mutate(StartPayoutOnboardingDocument, {})).startPayoutOnboarding.url;
  }

  async payoutAccount(): Promise<PayoutAccount> {
    return (await this.query(PayoutAccountDocument, {})).payoutAccount;
  }

  async requestPayout(): Promise<Payout> {
    return (await this.mutate(RequestPayoutDocument, {})).requestPayout;
  }
}

/**
 * An app as the API answers it, its category narrowed to the store's: the gateway keeps one of
 * them or none, so anything else reads as none.
 */
function withCategory<T extends { category: string }>(
  app: T,
): Omit<T, 'category'> & { category: Category | '' } {
  return { ...app, category: isCategory(app.category) ? app.category : '' };
}

/** The numeric values of a JSON object of counts (credit costs, events by name). */
function numbersOf(values: Record<string, unknown>): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) if (typeof value === 'number') numbers[key] = value;
  return numbers;
}

/** Context for one call made with a given bearer token instead of the session's. */
function withBearer(token: string): Record<string, unknown> {
  return { anonymous: true, headers: { authorization: `Bearer ${token}` } };
}
