import type PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import { PostgresRunEvents } from './services/runs/postgres-run-events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AiProvider } from '@blocksmith/block-sdk';
import { asModelRouter, createProvider, describeProvider } from './providers/ai';
import { createRestBridge } from '@blocksmith/rest-bridge';
import express from 'express';
import { specifiedRules, type GraphQLSchema } from 'graphql';
import type { GatewayConfig } from './config';
import { clientAddressReader } from './client-address';
import { API_KEY_PREFIX } from './services/api-keys/api-key-service';
import { securityHeaders } from './security-headers';
import { startBoss, stopBoss } from './data/boss-database';
import { openDatabase, type Database } from './data/database';
import { healthRoutes } from './health';
import { buildGatewaySchema } from './graphql/build-schema';
import { bearerToken, requireCaller, type GraphQLContext } from './graphql/context';
import { formatExecutionError, startGraphQLServer, type GraphQLServer } from './graphql/graphql-server';
import { allowPublicOrigin } from './graphql/http-handler';
import { requestRules } from './graphql/limits';
import { fileRoutes } from './rest/file-routes';
import { createAuthorizationServer, oauthRoutes } from './oauth';
import { RateLimiter } from './data/rate-limiter';
import { stripeWebhookRoute } from './rest/stripe-webhook-route';
import { mcpRoutes } from './mcp/mcp-routes';
import { McpSessions } from './mcp/mcp-sessions';
import { hookRoute } from './rest/hook-route';
import { approvalPage } from './rest/approval-page';
import { inputFileStore, uploadRoutes } from './rest/upload-routes';
import { PUBLIC_READ_TTL_MS } from './services/apps/public-reads';
import { createServices, type Services } from './services/create-services';
import type { ScryptCost } from './services/accounts';
import { MAX_UPLOAD_BYTES } from './services/runs/run-service';
import { jsonErrors, workbenchRoutes } from './web/workbench-routes';
import {
  DEFAULT_BLOCKS_DIR,
  PRODUCT_ROOT,
  loadBlockPackages,
  loadInstalledBlocks,
  type BlockRegistry,
} from './kernel';

export interface GatewayOptions {
  config: GatewayConfig;
  /** Defaults: built block packages under blocks/, the provider from the environment. */
  registry?: BlockRegistry;
  provider?: AiProvider;
  /** Runs the periodic work (plan expiry, monthly credits, clean-up) on a timer; default true. */
  scheduledWork?: boolean;
  /** scrypt cost of new password hashes (default PRODUCTION_SCRYPT_COST; test gateways pass a cheap one). */
  passwordCost?: ScryptCost;
}

export interface Gateway {
  url: string;
  database: Database;
  registry: BlockRegistry;
  provider: AiProvider;
  services: Services;
  /** Lines for the start-up log: where it listens and what it uses. */
  describe(): string[];
  close(): Promise<void>;
}

/** How long the server says it keeps an idle kept-alive connection open (`Keep-Alive: timeout=65`). */
export const KEEP_ALIVE_MS = 65_000;
/**
 * How much longer it really keeps one. A client that follows the header closes an idle connection
 * a little before 65 s (fetch at 63 s) and may send a request on it until then; a process starved
 * of CPU for a few seconds (a loaded machine) can find that request on its socket only after its
 * own timer for the socket has fired, and then closed a connection with a request on it, which the
 * client sees as "other side closed" with no answer. Node's own margin is 1 s.
 */
const KEEP_ALIVE_GRACE_MS = 15_000;

/** How long a stopping process waits for the runs it executes before handing them back. */
const SHUTDOWN_GRACE_MS = 30_000;

/** How often a process sharing PostgreSQL reads the AI providers page's settings again. */
export const AI_SETTINGS_POLL_MS = 5_000;

/**
 * With PostgreSQL, processes share work: runs and scheduled work are pg-boss jobs, and run progress
 * crosses processes through LISTEN/NOTIFY.
 */
async function startSharedWork(
  config: GatewayConfig,
  dataSource: DataSource,
): Promise<{ boss: PgBoss; events: PostgresRunEvents }> {
  const boss = await startBoss({
    connectionString: config.databaseUrl!,
    applicationName: 'blocksmith-jobs',
    max: 4,
    // Lost runs are found by this sweep: a few times per run time limit, at most once a minute.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(config.runTimeoutSeconds / 3))),
    onError: (error: Error) => console.error(`Job queue: ${error.message}`),
  });
  const events = new PostgresRunEvents(dataSource, config.databaseUrl!);
  await events.start();
  return { boss, events };
}

/**
 * The repository's own blocks (blocks/*, built), then block packages installed with npm (the
 * `blocksmith-block` keyword, or named in BLOCK_PACKAGES). An installed package that cannot be
 * loaded is left out, saying why; the repository's own must all load.
 */
function loadAllBlocks(config: GatewayConfig): BlockRegistry {
  const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' });
  const installed = loadInstalledBlocks(registry, {
    root: PRODUCT_ROOT,
    named: config.blockPackages,
    ownBlocksDir: DEFAULT_BLOCKS_DIR,
  });
  for (const { reason } of installed.refused)
    console.error(`${reason} It is left out; every other block loads.`);
  if (installed.loaded.length > 0) console.log(`Block packages from npm: ${installed.loaded.join(', ')}.`);
  return registry;
}

/** Starts the one HTTP port: the workbench, /graphql (HTTP and WebSocket) and /api. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { config } = options;
  // The database opens (PGlite compiles its WebAssembly off the main thread, PostgreSQL connects)
  // while the blocks load and the schema is built.
  const opening = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  opening.catch(() => undefined);
  let registry: BlockRegistry;
  let provider: ReturnType<typeof asModelRouter>;
  let schema: GraphQLSchema;
  try {
    registry = options.registry ?? loadAllBlocks(config);
    provider = asModelRouter(options.provider ?? createProvider(config.ai));
    schema = await buildGatewaySchema();
  } catch (error) {
    await opening.then((opened) => opened.close()).catch(() => undefined);
    throw error;
  }
  const database = await opening;
  const shared = config.databaseUrl ? await startSharedWork(config, database.dataSource) : undefined;
  const services = createServices({
    config,
    dataSource: database.dataSource,
    registry,
    provider,
    models: provider.catalogue,
    shared,
    ...(options.passwordCost && { passwordCost: options.passwordCost }),
  });
  // Providers an admin set up on the AI providers page replace the environment's; other processes
  // sharing the database see a change within AI_SETTINGS_POLL_MS.
  await services.aiProviders.apply();
  if (shared) services.aiProviders.watch(AI_SETTINGS_POLL_MS);
  // Listed in the background: the first run waits for it only if it has not answered by then.
  void provider.catalogue.ready();
  await services.defaultPlan.apply();
  await services.runs.startWorkers();
  await services.knowledge.start();
  const clientAddressOf = clientAddressReader(config.trustedProxies);
  const contextFor = async (authorization: unknown, request: IncomingMessage): Promise<GraphQLContext> => {
    const token = bearerToken(authorization);
    const clientAddress = clientAddressOf(request);
    const base = { registry, provider, services, token, ...(clientAddress ? { clientAddress } : {}) };
    // An API key is no session: it may only run apps (see requireRunner).
    if (token?.startsWith(API_KEY_PREFIX)) {
      const apiKey = await services.apiKeys.authenticate(token);
      return { ...base, caller: null, ...(apiKey ? { apiKey } : {}) };
    }
    const caller = token ? await services.auth.authenticate(token) : null;
    return { ...base, caller };
  };
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRoutes({ dataSource: database.dataSource, registry }));
  // Security headers: kept files set a stricter policy of their own, /graphql's browser page is
  // Apollo's with its own; embeds (/embed/{slug}, and /embed.js that inserts them) are made to be
  // used by other sites; every other page (an embed's sign-in window too) may not be framed.
  const embedHeaders = securityHeaders(config, { framedAnywhere: true });
  const pageHeaders = securityHeaders(config);
  // Pages under an embed (its sign-in window, where the price of a run is confirmed) talk to the
  // embed that opened them, but no other site may frame them.
  const embedWindowHeaders = securityHeaders(config, { keepsOpener: true });
  app.use((req, res, next) => {
    const where = req.path;
    if (where.startsWith('/files/') || where === '/graphql' || where.startsWith('/graphql/')) return next();
    if (/^\/embed\/[^/]+\/?$/.test(where) || where === '/embed.js') return embedHeaders(req, res, next);
    if (where.startsWith('/embed/')) return embedWindowHeaders(req, res, next);
    return pageHeaders(req, res, next);
  });
  // GraphQL POSTs (nearly every request) go straight to Apollo; the rest through Express.
  let fastPath: GraphQLServer['fastPath'] = () => false;
  const httpServer: Server = createServer((req, res) => {
    if (!fastPath(req, res)) app(req, res);
  });
  // An idle kept-alive connection is closed by the client first (fetch closes after 4 s, proxies and
  // load balancers after about 60 s): a server closing at Node's 5 s races a request sent on it at
  // that moment, which the client sees as a reset (ECONNRESET) with no answer.
  httpServer.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node 24 has it; a Node without it (20 does not) keeps its own 1 s.
  (httpServer as Server & { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer = KEEP_ALIVE_GRACE_MS;
  httpServer.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const graphql = await startGraphQLServer({
    schema,
    httpServer,
    contextFor,
    publicUrl: config.publicUrl,
    onStoreChanged: (listener) => services.apps.onStoreChanged(listener),
    onPersonChanged: (listener) => services.hub.onEnded(listener),
    sharedAnswerTtlMs: PUBLIC_READ_TTL_MS,
  });
  fastPath = graphql.fastPath;
  const storeUpload = inputFileStore(services);
  const authorizationServer = await createAuthorizationServer({
    dataSource: database.dataSource,
    publicUrl: config.publicUrl,
    secretsKey: config.secretsKey,
    behindProxy: config.trustedProxies.length > 0,
  });

  app.use(['/graphql', '/api', '/files', '/uploads'], allowPublicOrigin(config.publicUrl));
  app.use(graphql.routes);
  app.use(
    fileRoutes({
      services,
      callerOf: async (req) => (await contextFor(req.headers.authorization, req)).caller,
    }),
  );
  app.use(stripeWebhookRoute({ services, formatError: formatExecutionError }));
  // The store's apps as MCP tools: /mcp and /mcp/apps/{slug}.
  app.use(
    mcpRoutes({
      publicUrl: config.publicUrl,
      appTools: services.appTools,
      apiKeys: services.apiKeys,
      oauth: { verify: (token) => services.connectedClients.verifyOAuthAccessToken(token) },
      // A connected client spends within the daily limit its person set, counted by its runs.
      hooks: {
        // Sets the most the call can cost aside until it ends, so calls made at once cannot pass it.
        reserve: async ({ clientId, userId }, maxCredits) =>
          clientId
            ? services.connectedClients.reserveClientAllowance(clientId, userId, maxCredits)
            : undefined,
      },
      sessions: new McpSessions(database.dataSource),
      log: (line) => console.error(line),
    }),
  );
  app.use(
    oauthRoutes({
      server: authorizationServer,
      clients: services.connectedClients,
      personOf: async (req) => (await contextFor(req.headers.authorization, req)).caller,
      formatError: formatExecutionError,
      registrations: { limiter: new RateLimiter(database.dataSource), addressOf: clientAddressOf },
    }),
  );
  app.use(hookRoute({ services, formatError: formatExecutionError }));
  app.use(approvalPage({ services }));
  app.use(
    '/api',
    createRestBridge({
      schema,
      publicUrl: config.publicUrl,
      maxUploadBytes: MAX_UPLOAD_BYTES,
      validationRules: [...specifiedRules, ...requestRules()],
      formatError: formatExecutionError,
      contextFor: async (token, request) => {
        const context = await contextFor(token === null ? undefined : `Bearer ${token}`, request);
        return { context, signedIn: context.caller !== null || context.apiKey !== undefined };
      },
      discardUpload: (context, id) =>
        services.files.remove(id, requireCaller(context as GraphQLContext).userId),
      storeUpload: async (context, upload) => {
        if (upload.purpose === 'knowledge') {
          const userId = requireCaller(context as GraphQLContext).userId;
          return { inputKey: '', id: await services.knowledge.keepUpload(userId, upload.appId, upload) };
        }
        const kept = await storeUpload(context as GraphQLContext, upload);
        return { inputKey: kept.inputKey, id: kept.id };
      },
    }),
  );
  app.use(
    uploadRoutes({
      storeUpload,
      contextFor: (req) => contextFor(req.headers.authorization, req),
      formatError: formatExecutionError,
    }),
  );
  app.use(workbenchRoutes(config.workbenchDir));
  app.use(jsonErrors);

  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  if (options.scheduledWork ?? true) {
    if (shared) await services.scheduled.startOnQueue(shared.boss, config.scheduleIntervalMs);
    else services.scheduled.start(config.scheduleIntervalMs);
    // Every process looks for due schedules; each due time is claimed by one (trigger-scheduler.ts).
    services.triggers.scheduler.start();
    // Every process looks for waits past their time-out; each is ended by one (approval-timeouts.ts).
    services.approvalTimeouts.start();
  }
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  return {
    url,
    database,
    registry,
    provider,
    describe: () => [
      `Blocksmith is running on ${url}`,
      `  blocks:  ${registry.size} kinds`,
      `  AI:      ${describeProvider(provider)}`,
      `  auth:    ${config.authProvider === 'local' ? 'local accounts' : `Firebase project ${config.firebaseProjectId}`}`,
      `  mail:    ${config.smtpUrl ? `SMTP at ${new URL(config.smtpUrl).host}` : 'outbox table, printed to this log'}`,
      `  data:    ${database.kind === 'pglite' ? 'embedded PGlite at ' : 'PostgreSQL at '}${database.location}`,
      `  runs:    ${shared ? `pg-boss queue on PostgreSQL, ${config.runConcurrency} at once in this process` : 'in this process'}`,
    ],
    services,
    async close() {
      services.aiProviders.stop();
      await services.scheduled.stop();
      await services.triggers.scheduler.stop();
      await services.approvalTimeouts.stop();
      await graphql.apollo.stop();
      await services.runs.drain(SHUTDOWN_GRACE_MS);
      await services.knowledge.stop();
      // Runs still under way go back to the queue for another process; no pg-boss timer outlives it.
      if (shared) await stopBoss(shared.boss, SHUTDOWN_GRACE_MS);
      await services.hub.close();
      await services.accounts.settled();
      await services.analytics.settled();
      await services.auth.close?.();
      await database.close();
    },
  };
}
