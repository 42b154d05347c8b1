import type { ModelLookup } from '@blocksmith/engine';
import type { AiProvider } from '@blocksmith/block-sdk';
import type { DataSource } from 'typeorm';
import type { GatewayConfig } from '../config';
import { ScheduledWork } from './scheduled-work';
import { AiProviderService } from './ai-providers/ai-provider-service';
import { asModelRouter } from '../providers/ai';
import type { BlockRegistry } from '../kernel';
import { DiskFileStore } from '../providers/disk-file-store';
import { FileLinks } from './files/file-links';
import { ApiKeyService } from './api-keys/api-key-service';
import { ConnectedClientService } from '../oauth/connected-client-service';
import { AppToolService } from './app-tools/app-tool-service';
import { runAppTools } from './app-tools/run-app-tools';
import { EmbedConsents } from './embeds/embed-consent';
import { EmbedService } from './embeds/embed-service';
import { RateLimiter } from '../data/rate-limiter';
import {
  AccountService,
  FirebaseAuth,
  OutboxMailer,
  SmtpMailer,
  type Caller,
  type ScryptCost,
} from './accounts';
import { AdminAccountsService } from './admin/admin-accounts-service';
import { AnalyticsService } from './analytics/analytics-service';
import { AppService } from './apps/app-service';
import { AssistantService } from './assistant/assistant-service';
import { BillingService } from './billing/billing-service';
import { DefaultPlan } from './billing/default-plan';
import { CreditLedger } from './credits';
import { EarningsService, StripeConnect } from './earnings';
import { PublishingService } from './publishing/publishing-service';
import { RunEventHub } from './runs/run-event-hub';
import type { RunEvents } from './runs/run-events';
import { InProcessRunQueue, PgBossRunQueue, type RunQueue } from './runs/run-queue';
import { ProcessLease } from './runs/process-lease';
import type PgBoss from 'pg-boss';
import { RunService } from './runs/run-service';
import { ChatService } from './chat/chat-service';
import { RunHistoryService } from './run-history/run-history-service';
import { SalesContactService } from './sales/sales-contact-service';
import { UpvoteService } from './upvotes/upvote-service';
import { UserService } from './users/user-service';
import { UserSecretService } from './user-secrets';
import { createTriggers, type Triggers } from './triggers';
import { ApprovalService, ApprovalStore, ApprovalTimeouts } from './approvals';
import { Testing } from './testing-sets/app-tests';
import { InProcessIngestionQueue, KnowledgeService, PgBossIngestionQueue } from './knowledge';
import { installedTemplates } from '../templates/installed-templates';
import { STARTER_TEMPLATES, type AppTemplate } from '../templates/starter-templates';

/** Every service, built once per process over one database. */
/** Who a bearer token belongs to, whichever provider keeps the accounts. */
export interface Authenticator {
  authenticate(token: string | null | undefined): Promise<Caller | null>;
  /** Drops what this process remembers of the account's tokens (it was suspended). */
  forget?(userId: string): void;
  close?(): Promise<void>;
}

/** What the browser needs to know about this server's configuration (nothing secret). */
export interface ServerInfo {
  authProvider: 'local' | 'firebase';
  billingEnabled: boolean;
  /**
   * Where no payment system is configured: whom to ask for another plan (SALES_EMAIL, else the
   * first of ADMIN_EMAILS); null with billing or when neither is set. Given to signed-in people only.
   */
  planContact: string | null;
  /** The Firebase web config for Google sign-in; null with the local provider. */
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    /** The Firebase Auth emulator the browser signs in with (FIREBASE_AUTH_EMULATOR_HOST). */
    authEmulatorUrl?: string;
  } | null;
}

export interface Services {
  info: ServerInfo;
  scheduled: ScheduledWork;
  accounts: AccountService;
  /** The gateway's own accounts, or Firebase with AUTH_PROVIDER=firebase. */
  auth: Authenticator;
  analytics: AnalyticsService;
  apps: AppService;
  assistant: AssistantService;
  billing: BillingService;
  /** DEFAULT_PLAN: new accounts start on it; `apply()` at start-up brings existing ones in line. */
  defaultPlan: DefaultPlan;
  ledger: CreditLedger;
  publishing: PublishingService;
  runs: RunService;
  /** Chat apps: messages as paid runs with the conversation so far, and people's conversations. */
  chat: ChatService;
  /** Runs people can look back at: lists, one run under the privacy rule, deleting, retention. */
  runHistory: RunHistoryService;
  sales: SalesContactService;
  upvotes: UpvoteService;
  users: UserService;
  hub: RunEvents;
  files: DiskFileStore;
  /** Signed, expiring links to kept files. */
  fileLinks: FileLinks;
  apiKeys: ApiKeyService;
  /** Clients people connected through OAuth (AI assistants), their daily limits and spend. */
  connectedClients: ConnectedClientService;
  embeds: EmbedService;
  /** People's secrets for their blocks (HTTP Request headers). */
  secrets: UserSecretService;
  /** Admins find accounts, change plans and credits, suspend and unsuspend; every action recorded. */
  adminAccounts: AdminAccountsService;
  /** Admins set up the AI providers (keys sealed) in place of the environment's, without a restart. */
  aiProviders: AiProviderService;
  /** Creator prices, the earnings ledger, and payouts through Stripe Connect. */
  earnings: EarningsService;
  /** Knowledge bases: documents indexed in the background, searched by their owner and the owner's apps. */
  knowledge: KnowledgeService;
  /** The starter apps whose blocks are all installed, chosen once at start-up. */
  templates: readonly AppTemplate[];
  /** Apps as tools: for MCP clients (`/mcp`) and agent blocks, each call a paid run. */
  appTools: AppToolService;
  /** Apps' schedules and webhooks, run on their owners' credits. */
  triggers: Triggers;
  /** Runs that wait for a person (the Approval block): decisions, signed links, time-outs. */
  approvals: ApprovalService;
  /** Ends the waits past their time-out (every process looks). */
  approvalTimeouts: ApprovalTimeouts;
  /** Apps' test sets, test runs, the gate before review and the store's quality. */
  testing: Testing;
}

export function createServices(deps: {
  config: GatewayConfig;
  dataSource: DataSource;
  registry: BlockRegistry;
  provider: AiProvider;
  /** The server's models: runs are checked and priced against them (absent: any model, no extra price). */
  models?: ModelLookup & { ready(): Promise<void> };
  /** With processes sharing PostgreSQL: where run progress crosses processes, and the job queue. */
  shared?: { events: RunEvents; boss: PgBoss };
  /** scrypt cost of new password hashes (default PRODUCTION_SCRYPT_COST). */
  passwordCost?: ScryptCost;
}): Services {
  const { config, dataSource, registry, provider, shared, models } = deps;
  const mailer = config.smtpUrl
    ? new SmtpMailer({
        dataSource,
        smtpUrl: config.smtpUrl,
        ...(config.mailFrom ? { from: config.mailFrom } : {}),
      })
    : new OutboxMailer({ dataSource });
  const apps = new AppService(dataSource, registry);
  const ledger = new CreditLedger(dataSource);
  const defaultPlan = new DefaultPlan({
    dataSource,
    plan: config.defaultPlan,
    ledger,
    plansChanged: () => apps.storeChanged(),
  });
  const accounts = new AccountService({
    dataSource,
    adminEmails: config.adminEmails,
    mailer,
    publicUrl: config.publicUrl,
    localSignIn: config.authProvider === 'local',
    newAccountPlan: defaultPlan.forNewAccount(),
    ...(deps.passwordCost && { passwordCost: deps.passwordCost }),
  });
  const auth: Authenticator =
    config.authProvider === 'firebase'
      ? new FirebaseAuth({
          dataSource,
          projectId: config.firebaseProjectId!,
          adminEmails: config.adminEmails,
          newAccountPlan: defaultPlan.forNewAccount(),
        })
      : accounts;
  const earnings = new EarningsService({
    dataSource,
    apps,
    connect: config.stripeSecretKey ? new StripeConnect(config.stripeSecretKey, config.stripeApiUrl) : null,
    publicUrl: config.publicUrl,
  });
  const hub: RunEvents = shared?.events ?? new RunEventHub();
  const queue: RunQueue = shared
    ? new PgBossRunQueue(shared.boss, {
        concurrency: config.runConcurrency,
        timeoutSeconds: config.runTimeoutSeconds,
      })
    : new InProcessRunQueue();
  const files = new DiskFileStore(dataSource, config.dataDir);
  const analytics = new AnalyticsService(dataSource);
  const secrets = new UserSecretService(dataSource, config.secretsKey);
  // A process silent for this long is taken to have stopped; its runs are ended and refunded.
  const leaseSeconds = Math.min(30, config.runTimeoutSeconds);
  const lease = new ProcessLease(
    dataSource,
    leaseSeconds,
    (runIds) => runs.endLapsed(runIds),
    () => runs.executing(),
  );
  const knowledge = new KnowledgeService({
    dataSource,
    files,
    provider,
    queue: shared ? new PgBossIngestionQueue(shared.boss) : new InProcessIngestionQueue(),
    log: (line) => console.warn(line),
  });
  const runs: RunService = new RunService({
    lease,
    analytics,
    dataSource,
    registry,
    apps,
    ledger,
    provider,
    files,
    hub,
    queue,
    concurrency: config.runConcurrency,
    timeoutMs: config.runTimeoutSeconds * 1000,
    secrets,
    knowledge,
    earnings,
    models,
    appTools: { forRun: (run) => runAppTools(appTools, dataSource, run) },
    approvals: { wait: (waiting) => approvals.wait(waiting), saved: (runId) => approvals.saved(runId) },
  });
  const approvals = new ApprovalService({
    dataSource,
    store: new ApprovalStore({ dataSource, ledger }),
    hub,
    runs,
    mailer,
    publicUrl: config.publicUrl,
  });
  const appTools = new AppToolService({ dataSource, registry, apps, runs, hub, models, earnings });
  const testing = new Testing({
    dataSource,
    registry,
    runs,
    provider,
    models,
    ledger,
    lease: { id: lease.id, leaseSeconds },
    ...(config.testGate && { gate: config.testGate }),
  });
  // Test runs a stopped process left running are ended by the same heartbeat's sweep.
  lease.alsoSweep(() => testing.runs.endLapsed({ id: lease.id, leaseSeconds }));
  const publishing = new PublishingService(dataSource, apps, testing);
  const upvotes = new UpvoteService(dataSource, apps);
  const sales = new SalesContactService(dataSource, mailer, config.salesEmail);
  const assistant = new AssistantService(registry, provider);
  const users = new UserService(dataSource);
  const billing = new BillingService({
    dataSource,
    secretKey: config.stripeSecretKey,
    apiUrl: config.stripeApiUrl,
    webhookSecret: config.stripeWebhookSecret,
    publicUrl: config.publicUrl,
    ledger,
    defaultPlan: config.defaultPlan,
    // A plan decides what its holder is shown and what their apps cost others.
    plansChanged: () => apps.storeChanged(),
  });
  const info: ServerInfo = {
    authProvider: config.authProvider,
    billingEnabled: billing.enabled,
    planContact: billing.enabled ? null : config.salesEmail,
    firebase:
      config.authProvider === 'firebase' && config.firebaseWebApiKey
        ? {
            apiKey: config.firebaseWebApiKey,
            authDomain: config.firebaseAuthDomain!,
            projectId: config.firebaseProjectId!,
            ...(config.firebaseAuthEmulatorUrl ? { authEmulatorUrl: config.firebaseAuthEmulatorUrl } : {}),
          }
        : null,
  };
  const limiter = new RateLimiter(dataSource);
  const fileLinks = new FileLinks(dataSource);
  const runHistory = new RunHistoryService({ dataSource, fileLinks, registry, files });
  const scheduled = new ScheduledWork({
    billing,
    ledger,
    accounts,
    dataSource,
    runHistory,
    runRetentionDays: config.runRetentionDays,
    earnings: earnings.payouts,
  });
  return {
    info,
    scheduled,
    accounts,
    auth,
    analytics,
    apps,
    assistant,
    billing,
    defaultPlan,
    ledger,
    publishing,
    runs,
    chat: new ChatService({ dataSource, apps, runs, registry, models: asModelRouter(provider).catalogue }),
    runHistory,
    sales,
    upvotes,
    users,
    hub,
    files,
    fileLinks,
    apiKeys: new ApiKeyService(dataSource, limiter),
    connectedClients: new ConnectedClientService(dataSource),
    embeds: new EmbedService({
      dataSource,
      apps,
      runs,
      registry,
      limiter,
      consents: new EmbedConsents({ dataSource, apps, registry, earnings, models }),
    }),
    secrets,
    adminAccounts: new AdminAccountsService({
      dataSource,
      ledger,
      adminEmails: config.adminEmails,
      accounts,
      auth,
      apps,
      earnings,
    }),
    aiProviders: new AiProviderService({
      dataSource,
      router: asModelRouter(provider),
      env: config.aiEnv,
      secretsKey: config.secretsKey,
      log: (line) => console.log(line),
    }),
    earnings,
    knowledge,
    appTools,
    approvals,
    approvalTimeouts: new ApprovalTimeouts(approvals),
    triggers: createTriggers({
      dataSource,
      runs,
      limiter,
      mailer,
      publicUrl: config.publicUrl,
      secretsKey: config.secretsKey,
    }),
    testing,
    templates: installedTemplates(STARTER_TEMPLATES, (kind) => registry.has(kind), console.warn),
  };
}
