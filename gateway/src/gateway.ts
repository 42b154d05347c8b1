import { existsSync } from 'node:fs';
import PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import { PostgresRunEvents } from './services/runs/postgres-run-events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import { createProvider, describeProvider, type AiProvider } from '@blocksmith/block-sdk';
import {
  createRestBridge,
  isMultipart,
  readMultipart,
  sendError,
  toBridgeError,
} from '@blocksmith/rest-bridge';
import express from 'express';
import { findUnstorableText, unstorableTextMessage } from '@blocksmith/schema';
import { GraphQLError, parse, specifiedRules, validate, type GraphQLFormattedError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { GatewayConfig } from './config';
import { InputError } from './errors';
import { clientAddressReader } from './client-address';
import { API_KEY_PREFIX } from './services/api-keys/api-key-service';
import { securityHeaders } from './security-headers';
import { refuseRequest, requestGuard } from './graphql/request-guard';
import { openDatabase, type Database } from './data/database';
import { healthRoutes } from './health';
import { buildGatewaySchema } from './graphql/build-schema';
import { bearerToken, requireCaller, type GraphQLContext } from './graphql/context';
import { formatError } from './graphql/format-error';
import { AnswerCache } from './graphql/answer-cache';
import {
  allowOrigin,
  graphqlOverHttp,
  MAX_GRAPHQL_BODY_BYTES,
  sendGraphQLError,
} from './graphql/http-handler';
import {
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  MAX_TOKENS,
  requestRules,
  subscriptionCap,
  tooDeeplyNested,
} from './graphql/limits';
import { PUBLIC_READ_TTL_MS } from './services/apps/app-service';
import { createServices, type Services } from './services/create-services';
import { MAX_UPLOAD_BYTES, parseActionType } from './services/runs/run-service';
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

const PLACEHOLDER_PAGE = `<!doctype html><meta charset="utf-8"><title>Blocksmith</title>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>Blocksmith</h1><p>The server is running, but the workbench is not built where it looks for
it (WORKBENCH_DIR). <code>npm start</code> builds it; so does <code>npm run build</code>. The
GraphQL API is at <a href="/graphql">/graphql</a> and the HTTP API under /api.</p></body>`;

/**
 * CORS for the product's own origin only (PUBLIC_URL): other sites' pages get no CORS headers, so
 * browsers will not let them read answers. Preflight requests are answered here.
 */
function allowPublicOrigin(publicUrl: string): express.RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (allowOrigin(req, res, allowed) && req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader('access-control-allow-headers', 'authorization, content-type');
      res.setHeader('access-control-max-age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

/** Body codes for Express's own refusals, by status; any other 4xx is bad_request. */
const EXPRESS_ERROR_CODES: Readonly<Record<number, string>> = {
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  500: 'internal_error',
};

/** A WebSocket document over the token limit (HTTP's is Apollo's parseOptions), or null. */
function tooManyTokens(query: string): GraphQLError | null {
  const nested = tooDeeplyNested(query);
  if (nested) return nested;
  try {
    parse(query, { maxTokens: MAX_TOKENS });
    return null;
  } catch (error) {
    return new GraphQLError(error instanceof Error ? error.message : 'The query could not be read.', {
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    });
  }
}

/** An error refused before running (parse, validation) with the code HTTP answers would carry. */
function withRequestCode(error: GraphQLError): GraphQLFormattedError {
  const formatted = error.toJSON();
  if (formatted.extensions?.code) return formatted;
  const code = error.message.startsWith('Syntax Error')
    ? 'GRAPHQL_PARSE_FAILED'
    : 'GRAPHQL_VALIDATION_FAILED';
  return { ...formatted, extensions: { ...formatted.extensions, code } };
}

/** How long a stopping process waits for the runs it executes before handing them back. */
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * With PostgreSQL, processes share work: runs and scheduled work are pg-boss jobs, and run progress
 * crosses processes through LISTEN/NOTIFY.
 */
async function startSharedWork(
  config: GatewayConfig,
  dataSource: DataSource,
): Promise<{ boss: PgBoss; events: PostgresRunEvents }> {
  const boss = new PgBoss({
    connectionString: config.databaseUrl!,
    application_name: 'blocksmith-jobs',
    max: 4,
    // Lost runs are found by this sweep: a few times per run time limit, at most once a minute.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(config.runTimeoutSeconds / 3))),
  });
  boss.on('error', (error: Error) => console.error(`Job queue: ${error.message}`));
  await boss.start();
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
  const registry = options.registry ?? loadAllBlocks(config);
  const provider = options.provider ?? createProvider(process.env);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const schema = await buildGatewaySchema();
  const shared = config.databaseUrl ? await startSharedWork(config, database.dataSource) : undefined;
  const services = createServices({ config, dataSource: database.dataSource, registry, provider, shared });
  await services.runs.startWorkers();
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
  const formatExecutionError = (error: GraphQLError) =>
    formatError(error.toJSON(), error.originalError ?? error);

  const app = express();
  app.disable('x-powered-by');
  app.use(healthRoutes({ dataSource: database.dataSource, registry }));
  // Security headers: kept files set a stricter policy of their own, /graphql's browser page is
  // Apollo's with its own; embeds (/embed/{slug}, and /embed.js that inserts them) are made to be
  // used by other sites; every other page may not be framed.
  const embedHeaders = securityHeaders(config, { framedAnywhere: true });
  const pageHeaders = securityHeaders(config);
  app.use((req, res, next) => {
    const where = req.path;
    if (where.startsWith('/files/') || where === '/graphql' || where.startsWith('/graphql/')) return next();
    if (where.startsWith('/embed/') || where === '/embed.js') return embedHeaders(req, res, next);
    return pageHeaders(req, res, next);
  });
  // GraphQL POSTs (nearly every request) go straight to Apollo; the rest through Express.
  const fastPath: { graphqlPost?: (req: IncomingMessage, res: ServerResponse) => boolean } = {};
  const httpServer: Server = createServer((req, res) => {
    if (!fastPath.graphqlPost?.(req, res)) app(req, res);
  });
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const wsCleanup = useServer(
    {
      schema,
      validate: (schema, document) => validate(schema, document, [...specifiedRules, ...requestRules()]),
      onSubscribe: (ctx, _id, payload) => {
        // Each subscription holds a watcher (and, across processes, reads per event): cap them per socket.
        const capped = subscriptionCap(ctx.subscriptions, MAX_SUBSCRIPTIONS_PER_CONNECTION);
        if (capped) return capped;
        const refusal = refuseRequest(undefined, payload.variables, 'ws') ?? tooManyTokens(payload.query);
        return refusal ? [refusal] : undefined;
      },
      context: (ctx) =>
        contextFor(
          ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization,
          ctx.extra.request,
        ),
      // Errors over WebSocket carry `extensions.code` as they do over HTTP.
      onError: (_ctx, _id, _payload, errors) => errors.map(withRequestCode),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map(formatExecutionError) } : undefined,
    },
    wsServer,
  );
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError,
    validationRules: requestRules(),
    parseOptions: { maxTokens: MAX_TOKENS },
    // The schema is public (schema/schema.graphql): the same in production as in development.
    introspection: true,
    plugins: [
      // No cache hints are used; without this every field resolution is wrapped to collect them.
      ApolloServerPluginCacheControlDisabled(),
      requestGuard(),
      ApolloServerPluginDrainHttpServer({ httpServer }),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();
  // Anonymous visitors' queries (the store, an app's page) share answers as long as the store's
  // own shared reads live; a change this process makes to the store drops them at once.
  const answers = new AnswerCache({ ttlMs: PUBLIC_READ_TTL_MS });
  services.apps.onStoreChanged(() => answers.clear());
  fastPath.graphqlPost = graphqlOverHttp(apollo, {
    contextFor,
    allowedOrigin: new URL(config.publicUrl).origin,
    answers,
  });

  app.use(['/graphql', '/api', '/files', '/uploads'], allowPublicOrigin(config.publicUrl));
  app.use(
    '/graphql',
    express.json({ limit: MAX_GRAPHQL_BODY_BYTES }),
    // The parser recurses per bracket: a document nested thousands deep is refused before it.
    (req, res, next) => {
      const nested = tooDeeplyNested((req.body as { query?: unknown } | undefined)?.query ?? req.query.query);
      if (!nested) return next();
      sendGraphQLError(res, 400, 'GRAPHQL_PARSE_FAILED', nested.message);
    },
    expressMiddleware(apollo, { context: async ({ req }) => contextFor(req.headers.authorization, req) }),
  );
  // Kept files open through a signed link (handed out with the run that made or used them), or
  // with the bearer token of the person who kept them, or an admin's.
  app.get('/files/:id', async (req, res) => {
    try {
      const { id } = req.params;
      const signed = await services.fileLinks.verify(id, req.query.expires, req.query.signature);
      // Without a signed link, only a signed-in owner or admin may read it: nobody else costs a read.
      const caller = signed ? null : (await contextFor(req.headers.authorization, req)).caller;
      if (!signed && !caller) throw new Error('not allowed');
      const { ref, data, ownerId } = await services.files.read(id);
      if (caller && !caller.isAdmin && caller.userId !== ownerId) throw new Error('not allowed');
      res
        .type(ref.mime)
        .setHeader('content-disposition', `inline; filename="${encodeURIComponent(ref.name)}"`);
      res.setHeader('x-content-type-options', 'nosniff');
      // Signed links differ per viewer and expire: private to the browser that was given one.
      res.setHeader('cache-control', 'private, max-age=3600');
      // Kept files may be SVG or HTML from people's uploads: never let them run script on this origin.
      res.setHeader(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      );
      res.send(Buffer.from(data));
    } catch {
      res.status(404).json({
        error: 'not_found',
        message: 'There is no such file, or this link has expired: open the run again for a fresh link.',
      });
    }
  });
  const storeUpload = (
    context: GraphQLContext,
    upload: {
      appId: string;
      blockId?: string;
      actionType?: string;
      name: string;
      mime: string;
      data: Buffer;
    },
  ) => {
    const caller = requireCaller(context);
    return services.runs.storeInputFile({
      userId: caller.userId,
      isAdmin: caller.isAdmin,
      appId: upload.appId,
      ...(upload.blockId ? { blockId: upload.blockId } : {}),
      ...(upload.actionType ? { actionType: parseActionType(upload.actionType) } : {}),
      name: upload.name,
      mime: upload.mime,
      data: upload.data,
    });
  };
  // Stripe's payment events: the signature covers the raw body, so it is read unparsed.
  app.post('/api/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const outcome = await services.billing.handleWebhook(
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      res.json({ received: true, outcome });
    } catch (error) {
      sendError(res, toBridgeError(error, formatExecutionError));
    }
  });
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
        const kept = await storeUpload(context as GraphQLContext, upload);
        return { inputKey: kept.inputKey, id: kept.id };
      },
    }),
  );
  // Files for a run's file upload blocks, kept before the run starts: multipart with appId,
  // optional blockId and actionType, and file. Answers the run input to send for the block.
  app.post('/uploads', async (req, res) => {
    try {
      if (!isMultipart(req))
        throw new InputError('Send the file as multipart/form-data with appId and file.');
      const context = await contextFor(req.headers.authorization, req);
      requireCaller(context);
      const form = await readMultipart(req, { maxFileBytes: MAX_UPLOAD_BYTES });
      const field = findUnstorableText(form.fields);
      if (field !== null) throw new InputError(unstorableTextMessage(field), { field });
      if (!form.file) throw new InputError('Choose a file to upload.');
      if (!form.fields.appId) throw new InputError('Say which app the file is for (appId).');
      const kept = await storeUpload(context, {
        appId: form.fields.appId,
        ...(form.fields.blockId ? { blockId: form.fields.blockId } : {}),
        ...(form.fields.actionType ? { actionType: form.fields.actionType } : {}),
        name: form.file.name,
        mime: form.file.mime,
        data: form.file.data,
      });
      res.status(201).json(kept);
    } catch (error) {
      sendError(res, toBridgeError(error, formatExecutionError));
    }
  });
  if (existsSync(path.join(config.workbenchDir, 'index.html'))) {
    app.use(express.static(config.workbenchDir, { index: false }));
  }
  // A missing file (favicon.ico, an old script) is a 404, not the web app's page.
  app.get(/\/[^/]*\.[a-z0-9]{1,8}$/i, (req, res) => {
    res.status(404).json({ error: 'not_found', message: `There is no file at ${req.path}.` });
  });
  if (existsSync(path.join(config.workbenchDir, 'index.html'))) {
    app.get(/.*/, (_req, res) => res.sendFile(path.join(config.workbenchDir, 'index.html')));
  } else {
    app.get(/.*/, (_req, res) => res.type('html').send(PLACEHOLDER_PAGE));
  }
  // Anything else (another method on a page's path): a JSON answer, never Express's HTML page.
  app.use((req, res) => {
    res.status(404).json({ error: 'not_found', message: `There is no ${req.method} ${req.path} route.` });
  });
  app.use(((error, _req, res, _next) => {
    // Express's own failures (a body it could not read): the client's fault, answered as JSON.
    const status =
      typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) console.error(error);
    if (res.headersSent) return res.end();
    const code = EXPRESS_ERROR_CODES[status] ?? 'bad_request';
    res.status(status).json({
      error: code,
      message:
        status === 500
          ? 'Something went wrong on the server. Please try again.'
          : String(error?.message ?? 'Bad request.'),
    });
  }) as express.ErrorRequestHandler);

  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  if (options.scheduledWork ?? true) {
    if (shared) await services.scheduled.startOnQueue(shared.boss, config.scheduleIntervalMs);
    else services.scheduled.start(config.scheduleIntervalMs);
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
      await services.scheduled.stop();
      await apollo.stop();
      await services.runs.drain(SHUTDOWN_GRACE_MS);
      // Runs still under way go back to the queue for another process.
      await shared?.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      await services.hub.close();
      await services.accounts.settled();
      await services.analytics.settled();
      await services.auth.close?.();
      await database.close();
    },
  };
}
