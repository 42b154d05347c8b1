import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import { createProvider, describeProvider, type AiProvider } from '@blocksmith/block-sdk';
import express from 'express';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { GatewayConfig } from './config';
import { openDatabase, type Database } from './data/database';
import { buildGatewaySchema } from './graphql/build-schema';
import type { GraphQLContext } from './graphql/context';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages, type BlockRegistry } from './kernel';

export interface GatewayOptions {
  config: GatewayConfig;
  /** Defaults: built block packages under blocks/, the provider from the environment. */
  registry?: BlockRegistry;
  provider?: AiProvider;
}

export interface Gateway {
  url: string;
  database: Database;
  registry: BlockRegistry;
  provider: AiProvider;
  /** Lines for the start-up log: where it listens and what it uses. */
  describe(): string[];
  close(): Promise<void>;
}

const PLACEHOLDER_PAGE = `<!doctype html><meta charset="utf-8"><title>Blocksmith</title>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>Blocksmith</h1><p>The server is running. The workbench is not built in this checkout yet;
the GraphQL API is at <a href="/graphql">/graphql</a>.</p></body>`;

/** Starts the one HTTP port: the workbench, /graphql (HTTP and WebSocket) and /api. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { config } = options;
  const registry = options.registry ?? loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' });
  const provider = options.provider ?? createProvider(process.env);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const schema = await buildGatewaySchema();
  const context = async (): Promise<GraphQLContext> => ({ registry, provider });

  const app = express();
  app.disable('x-powered-by');
  const httpServer: Server = createServer(app);
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const wsCleanup = useServer({ schema, context }, wsServer);
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    plugins: [
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

  app.use('/graphql', express.json({ limit: '1mb' }), expressMiddleware(apollo, { context }));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'not_found', message: 'There is no such /api route.' });
  });
  if (existsSync(path.join(config.workbenchDir, 'index.html'))) {
    app.use(express.static(config.workbenchDir, { index: false }));
    app.get(/.*/, (_req, res) => res.sendFile(path.join(config.workbenchDir, 'index.html')));
  } else {
    app.get(/.*/, (_req, res) => res.type('html').send(PLACEHOLDER_PAGE));
  }

  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
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
      `  auth:    ${config.authProvider === 'local' ? 'local accounts' : 'Firebase'}`,
      `  data:    ${database.kind === 'pglite' ? 'embedded PGlite at ' : 'PostgreSQL at '}${database.location}`,
    ],
    async close() {
      await apollo.stop();
      await database.close();
    },
  };
}
