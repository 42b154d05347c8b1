import type { BlocksmithApi } from './blocksmith-api';
import { AccountCalls } from './graphql/account-calls';
import { AdminAccountCalls } from './graphql/admin-account-calls';
import { AiProviderCalls } from './graphql/ai-provider-calls';
import { AnalyticsCalls } from './graphql/analytics-calls';
import { AppCalls } from './graphql/app-calls';
import { AssistantCalls } from './graphql/assistant-calls';
import { CatalogueCalls } from './graphql/catalogue-calls';
import { ChatCalls } from './graphql/chat-calls';
import { CreditCalls } from './graphql/credit-calls';
import { DeveloperCalls } from './graphql/developer-calls';
import { EarningsCalls } from './graphql/earnings-calls';
import { EmbedCalls } from './graphql/embed-calls';
import { GraphQLTransport, type TokenSource } from './graphql/graphql-transport';
import { ReviewCalls } from './graphql/review-calls';
import { RunCalls } from './graphql/run-calls';
import { RunHistoryCalls } from './graphql/run-history-calls';
import { StoreCalls } from './graphql/store-calls';
import { KnowledgeCalls } from './graphql/knowledge-calls';
import { TriggerCalls } from './graphql/trigger-calls';
import { TestingCalls } from './graphql/testing-calls';
import { ConnectedAppCalls } from './graphql/connected-app-calls';

export type { TokenSource };

type Api = BlocksmithApi;

/**
 * The workbench's API over the gateway's GraphQL endpoint: HTTP for calls, graphql-ws for run progress.
 * One transport carries every call; each domain's calls are in `graphql/`, and this class answers
 * the whole `BlocksmithApi` from them.
 */
export class GraphqlApi implements BlocksmithApi {
  private readonly accounts: AccountCalls;
  private readonly catalogue: CatalogueCalls;
  private readonly credit: CreditCalls;
  private readonly apps: AppCalls;
  private readonly runs: RunCalls;
  private readonly runHistory: RunHistoryCalls;
  private readonly store: StoreCalls;
  private readonly assistants: AssistantCalls;
  private readonly analytics: AnalyticsCalls;
  private readonly review: ReviewCalls;
  private readonly developer: DeveloperCalls;
  private readonly embeds: EmbedCalls;
  private readonly adminAccounts: AdminAccountCalls;
  private readonly ai: AiProviderCalls;
  private readonly earned: EarningsCalls;
  readonly chat: ChatCalls;
  readonly knowledge: KnowledgeCalls;
  readonly triggers: TriggerCalls;
  readonly testing: TestingCalls;
  readonly connectedApps: ConnectedAppCalls;

  constructor(tokenSource: TokenSource, origin: string = window.location.origin) {
    const transport = new GraphQLTransport(tokenSource, origin);
    this.accounts = new AccountCalls(transport);
    this.catalogue = new CatalogueCalls(transport);
    this.credit = new CreditCalls(transport);
    this.apps = new AppCalls(transport);
    this.runs = new RunCalls(transport);
    this.chat = new ChatCalls(transport);
    this.runHistory = new RunHistoryCalls(transport);
    this.store = new StoreCalls(transport);
    this.assistants = new AssistantCalls(transport);
    this.analytics = new AnalyticsCalls(transport);
    this.review = new ReviewCalls(transport);
    this.developer = new DeveloperCalls(transport);
    this.embeds = new EmbedCalls(transport);
    this.adminAccounts = new AdminAccountCalls(transport);
    this.ai = new AiProviderCalls(transport);
    this.earned = new EarningsCalls(transport);
    this.knowledge = new KnowledgeCalls(transport);
    this.triggers = new TriggerCalls(transport);
    this.testing = new TestingCalls(transport);
    this.connectedApps = new ConnectedAppCalls(transport);
  }

  // Accounts and sessions.
  signIn: Api['signIn'] = (...args) => this.accounts.signIn(...args);
  signUp: Api['signUp'] = (...args) => this.accounts.signUp(...args);
  refreshSession: Api['refreshSession'] = (...args) => this.accounts.refreshSession(...args);
  signOut: Api['signOut'] = () => this.accounts.signOut();
  me: Api['me'] = () => this.accounts.me();
  recoverPassword: Api['recoverPassword'] = (...args) => this.accounts.recoverPassword(...args);
  updatePassword: Api['updatePassword'] = (...args) => this.accounts.updatePassword(...args);
  createUser: Api['createUser'] = (...args) => this.accounts.createUser(...args);
  serverInfo: Api['serverInfo'] = () => this.accounts.serverInfo();
  meWithToken: Api['meWithToken'] = (...args) => this.accounts.meWithToken(...args);

  // The block catalogue, models, prices and templates.
  blockCatalogue: Api['blockCatalogue'] = () => this.catalogue.blockCatalogue();
  availableModels: Api['availableModels'] = () => this.catalogue.availableModels();
  modelCatalogue: Api['modelCatalogue'] = () => this.catalogue.modelCatalogue();
  creditCosts: Api['creditCosts'] = () => this.catalogue.creditCosts();
  templates: Api['templates'] = () => this.catalogue.templates();

  // Credits, plans, the upgrade and the sales contact.
  credits: Api['credits'] = () => this.credit.credits();
  initializeCredits: Api['initializeCredits'] = () => this.credit.initializeCredits();
  creditHistory: Api['creditHistory'] = (...args) => this.credit.creditHistory(...args);
  creditHistoryPage: Api['creditHistoryPage'] = (...args) => this.credit.creditHistoryPage(...args);
  creditStats: Api['creditStats'] = () => this.credit.creditStats();
  publishingInfo: Api['publishingInfo'] = () => this.credit.publishingInfo();
  createCheckoutSession: Api['createCheckoutSession'] = () => this.credit.createCheckoutSession();
  billingInfo: Api['billingInfo'] = () => this.credit.billingInfo();
  contactSales: Api['contactSales'] = (...args) => this.credit.contactSales(...args);

  // The person's apps and their versions.
  myApps: Api['myApps'] = () => this.apps.myApps();
  app: Api['app'] = (...args) => this.apps.app(...args);
  createApp: Api['createApp'] = (...args) => this.apps.createApp(...args);
  updateApp: Api['updateApp'] = (...args) => this.apps.updateApp(...args);
  publishAppWithData: Api['publishAppWithData'] = (...args) => this.apps.publishAppWithData(...args);
  appVersions: Api['appVersions'] = (...args) => this.apps.appVersions(...args);
  appVersion: Api['appVersion'] = (...args) => this.apps.appVersion(...args);
  restoreAppVersion: Api['restoreAppVersion'] = (...args) => this.apps.restoreAppVersion(...args);
  deleteApp: Api['deleteApp'] = (...args) => this.apps.deleteApp(...args);
  setAppPrivate: Api['setAppPrivate'] = (...args) => this.apps.setAppPrivate(...args);

  // Runs.
  startRun: Api['startRun'] = (...args) => this.runs.startRun(...args);
  watchRun: Api['watchRun'] = (...args) => this.runs.watchRun(...args);
  runOutcome: Api['runOutcome'] = (...args) => this.runs.runOutcome(...args);
  uploadFile: Api['uploadFile'] = (...args) => this.runs.uploadFile(...args);

  // Run history.
  appRuns: Api['appRuns'] = (...args) => this.runHistory.appRuns(...args);
  myRuns: Api['myRuns'] = (...args) => this.runHistory.myRuns(...args);
  runDetail: Api['runDetail'] = (...args) => this.runHistory.runDetail(...args);
  deleteRun: Api['deleteRun'] = (...args) => this.runHistory.deleteRun(...args);
  decideRunApproval: Api['decideRunApproval'] = (...args) => this.runHistory.decideRunApproval(...args);
  runSharing: Api['runSharing'] = (...args) => this.runHistory.runSharing(...args);
  publishedRunSharing: Api['publishedRunSharing'] = (...args) => this.runHistory.publishedRunSharing(...args);
  setRunSharing: Api['setRunSharing'] = (...args) => this.runHistory.setRunSharing(...args);

  // The store, publisher pages and an app's page.
  storeApps: Api['storeApps'] = () => this.store.storeApps();
  appsByUser: Api['appsByUser'] = (...args) => this.store.appsByUser(...args);
  publishedApp: Api['publishedApp'] = (...args) => this.store.publishedApp(...args);
  publisherName: Api['publisherName'] = (...args) => this.store.publisherName(...args);
  recordAppView: Api['recordAppView'] = (...args) => this.store.recordAppView(...args);
  upvotedApps: Api['upvotedApps'] = (...args) => this.store.upvotedApps(...args);
  upvoteStatus: Api['upvoteStatus'] = (...args) => this.store.upvoteStatus(...args);
  upvoteApp: Api['upvoteApp'] = (...args) => this.store.upvoteApp(...args);

  // The assistants.
  generateApp: Api['generateApp'] = (...args) => this.assistants.generateApp(...args);
  generatePrompt: Api['generatePrompt'] = (...args) => this.assistants.generatePrompt(...args);

  // Product events and analytics.
  trackEvent: Api['trackEvent'] = (...args) => this.analytics.trackEvent(...args);
  analyticsSummary: Api['analyticsSummary'] = (...args) => this.analytics.analyticsSummary(...args);
  myAppsAnalytics: Api['myAppsAnalytics'] = (...args) => this.analytics.myAppsAnalytics(...args);

  // The admins' review of published apps.
  pendingApps: Api['pendingApps'] = () => this.review.pendingApps();
  appStatusCounts: Api['appStatusCounts'] = () => this.review.appStatusCounts();
  reviewApp: Api['reviewApp'] = (...args) => this.review.reviewApp(...args);

  // API keys, secrets and the API description.
  apiKeys: Api['apiKeys'] = () => this.developer.apiKeys();
  createApiKey: Api['createApiKey'] = (...args) => this.developer.createApiKey(...args);
  revokeApiKey: Api['revokeApiKey'] = (...args) => this.developer.revokeApiKey(...args);
  secrets: Api['secrets'] = () => this.developer.secrets();
  setSecret: Api['setSecret'] = (...args) => this.developer.setSecret(...args);
  deleteSecret: Api['deleteSecret'] = (...args) => this.developer.deleteSecret(...args);
  openApiDocument: Api['openApiDocument'] = () => this.developer.openApiDocument();

  // Embeds.
  embedSettings: Api['embedSettings'] = (...args) => this.embeds.embedSettings(...args);
  updateEmbedSettings: Api['updateEmbedSettings'] = (...args) => this.embeds.updateEmbedSettings(...args);
  embeddedApp: Api['embeddedApp'] = (...args) => this.embeds.embeddedApp(...args);
  runEmbedded: Api['runEmbedded'] = (...args) => this.embeds.runEmbedded(...args);
  embedRunPrice: Api['embedRunPrice'] = (...args) => this.embeds.embedRunPrice(...args);
  confirmEmbedPrice: Api['confirmEmbedPrice'] = (...args) => this.embeds.confirmEmbedPrice(...args);
  startEmbeddedRun: Api['startEmbeddedRun'] = (...args) => this.embeds.startEmbeddedRun(...args);

  // Admin accounts.
  adminUsers: Api['adminUsers'] = (...args) => this.adminAccounts.adminUsers(...args);
  adminUser: Api['adminUser'] = (...args) => this.adminAccounts.adminUser(...args);
  adminActions: Api['adminActions'] = (...args) => this.adminAccounts.adminActions(...args);
  setUserPlan: Api['setUserPlan'] = (...args) => this.adminAccounts.setUserPlan(...args);
  adjustUserCredits: Api['adjustUserCredits'] = (...args) => this.adminAccounts.adjustUserCredits(...args);
  suspendUser: Api['suspendUser'] = (...args) => this.adminAccounts.suspendUser(...args);
  unsuspendUser: Api['unsuspendUser'] = (...args) => this.adminAccounts.unsuspendUser(...args);

  // AI providers.
  aiProviders: Api['aiProviders'] = () => this.ai.aiProviders();
  setAiProvider: Api['setAiProvider'] = (...args) => this.ai.setAiProvider(...args);
  clearAiProvider: Api['clearAiProvider'] = (...args) => this.ai.clearAiProvider(...args);

  // Earnings and payouts.
  earnings: Api['earnings'] = (...args) => this.earned.earnings(...args);
  setCreatorPrice: Api['setCreatorPrice'] = (...args) => this.earned.setCreatorPrice(...args);
  startPayoutOnboarding: Api['startPayoutOnboarding'] = () => this.earned.startPayoutOnboarding();
  payoutAccount: Api['payoutAccount'] = () => this.earned.payoutAccount();
  requestPayout: Api['requestPayout'] = () => this.earned.requestPayout();
}
