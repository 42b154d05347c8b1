import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import {
  defaultFieldResolver,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { AnswerCache } from './answer-cache';
import { SignedInAnswers } from './signed-in-answers';
import type { GraphQLContext } from './context';
import { formatError } from './format-error';
import { graphqlOverHttp, MAX_GRAPHQL_BODY_BYTES, sendGraphQLError } from './http-handler';
import {
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  MAX_TOKENS,
  requestRules,
  subscriptionCap,
  tooDeeplyNested,
} from './limits';
import { refuseRequest, requestGuard } from './request-guard';

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

/** An error met while executing, formatted as every transport answers it. */
export function formatExecutionError(error: GraphQLError): GraphQLFormattedError {
  return formatError(error.toJSON(), error.originalError ?? error);
}

export interface GraphQLServerOptions {
  schema: GraphQLSchema;
  httpServer: Server;
  contextFor(authorization: unknown, request: IncomingMessage): Promise<GraphQLContext>;
  /** The product's own origin (PUBLIC_URL): the one other origin whose pages may read answers. */
  publicUrl: string;
  /** Subscribes to changes of what anonymous visitors see: shared answers are dropped then. */
  onStoreChanged(listener: () => void): void;
  /**
   * Subscribes to changes of one person's data made other than by their own mutations (a run of
   * theirs ending): their kept answers are dropped then.
   */
  onPersonChanged(listener: (userId: string) => void): void;
  /** How long anonymous visitors' queries may share an answer. */
  sharedAnswerTtlMs: number;
}

export interface GraphQLServer {
  apollo: ApolloServer<GraphQLContext>;
  /** Answers a GraphQL POST straight from the HTTP server; false for anything else. */
  fastPath(req: IncomingMessage, res: ServerResponse): boolean;
  /** /graphql through Express: GET queries, Apollo's page, anything the fast path leaves. */
  routes: express.Router;
}

/**
 * GraphQL over HTTP and WebSocket, with its limits, its shared answers for anonymous queries and
 * CORS for the product's own origin: Apollo for HTTP (a fast path for POSTs, Express for the
 * rest), graphql-ws on the same server for subscriptions.
 */
export async function startGraphQLServer(options: GraphQLServerOptions): Promise<GraphQLServer> {
  const { schema, httpServer, contextFor } = options;
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
    // The gateway stops on SIGINT and SIGTERM (server.ts), this server with it: Apollo's own handlers
    // would stop it first and send the signal again, ending the process before runs are drained.
    stopOnTerminationSignals: false,
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
  const answers = new AnswerCache({ ttlMs: options.sharedAnswerTtlMs });
  // Signed-in people's queries keep their answers, each person's apart, for the same window; a
  // mutation of theirs (over any transport: the REST bridge runs this schema too) drops them.
  const signedIn = new SignedInAnswers({ ttlMs: options.sharedAnswerTtlMs });
  afterEveryMutation(schema, ({ caller, apiKey }: GraphQLContext) => {
    if (caller && !caller.isAdmin) signedIn.personChanged(caller.userId);
    else if (apiKey) signedIn.personChanged(apiKey.userId);
    // An admin's mutations change other people's accounts and apps, and one without a session
    // (verifying an address, resetting a password, a visitor's run on its owner's credits) changes
    // someone it does not name: everyone's answers go.
    else signedIn.clear();
  });
  options.onPersonChanged((userId) => signedIn.personChanged(userId));
  options.onStoreChanged(() => {
    answers.clear();
    signedIn.clear();
  });
  const fastPath = graphqlOverHttp(apollo, {
    contextFor,
    allowedOrigin: new URL(options.publicUrl).origin,
    answers,
    signedIn: {
      answers: signedIn,
      whoOf: ({ caller }) =>
        caller ? { userId: caller.userId, sessionId: caller.sessionId, isAdmin: caller.isAdmin } : null,
    },
  });
  const routes = express.Router();
  routes.use(
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
  return { apollo, fastPath, routes };
}

/**
 * Calls `ended` with the context of every mutation field once it has resolved or failed, however
 * the schema is executed (Apollo, the WebSocket server, the REST bridge's in-process `execute`).
 * Wraps the Mutation type's resolvers in place, once; queries are untouched and pay nothing.
 */
function afterEveryMutation<TContext>(schema: GraphQLSchema, ended: (context: TContext) => void): void {
  const mutation = schema.getMutationType();
  if (!mutation || WRAPPED.has(schema)) return;
  WRAPPED.add(schema);
  for (const field of Object.values(mutation.getFields())) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args, context: TContext, info) => {
      try {
        return (await resolve(source, args, context, info)) as unknown;
      } finally {
        ended(context);
      }
    };
  }
}

const WRAPPED = new WeakSet<GraphQLSchema>();
