import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';
import type { RequestHandler } from 'express';
import { AnswerCache, type KeptAnswer } from './answer-cache';
import { tooDeeplyNested } from './limits';
import { SignedInAnswers } from './signed-in-answers';

/** The largest GraphQL request body accepted over HTTP. */
export const MAX_GRAPHQL_BODY_BYTES = 1024 * 1024;

export interface GraphQLHttpOptions<TContext extends BaseContext> {
  /** The context of one request, from its Authorization header and the request itself. */
  contextFor(authorization: string | undefined, request: IncomingMessage): Promise<TContext>;
  /** The one other origin whose pages may read answers (CORS); null for none. */
  allowedOrigin: string | null;
  maxBodyBytes?: number;
  /** Answers to anonymous queries shared for a moment; none when unset. */
  answers?: AnswerCache;
  /**
   * Answers to signed-in people's queries kept for a moment, each person's apart; none when unset.
   * `whoOf` names the signed-in person of a request's context (null: not a person's session).
   */
  signedIn?: {
    answers: SignedInAnswers;
    whoOf(context: TContext): { userId: string; sessionId: string; isAdmin: boolean } | null;
  };
}

/** Sends a kept answer as it was first sent. */
function send(res: ServerResponse, kept: KeptAnswer): void {
  for (const [name, value] of kept.headers) res.setHeader(name, value);
  res.end(kept.body);
}

/**
 * CORS: answers may be read by pages of `allowed` (the product's own public origin) and no other.
 * Sets the headers and says whether the request came from that origin.
 */
export function allowOrigin(req: IncomingMessage, res: ServerResponse, allowed: string | null): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || origin !== allowed) return false;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('vary', 'Origin');
  return true;
}

/**
 * CORS for the product's own origin only (PUBLIC_URL), for Express routes (/graphql, /api, /files,
 * /uploads): other sites' pages get no CORS headers, so browsers will not let them read answers.
 * Preflight requests are answered here.
 */
export function allowPublicOrigin(publicUrl: string): RequestHandler {
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

/** A GraphQL error answer (`{ errors: [...] }`) for a request refused before it runs. */
export function sendGraphQLError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}

/** The request body, or null (and the answer already sent) when it is too large. */
function readBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    sendGraphQLError(res, 413, 'PAYLOAD_TOO_LARGE', `The request is larger than ${limit / 1024 / 1024} MB.`);
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        sendGraphQLError(
          res,
          413,
          'PAYLOAD_TOO_LARGE',
          `The request is larger than ${limit / 1024 / 1024} MB.`,
        );
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * GraphQL POSTs with a JSON body, straight from Node's HTTP server to Apollo: the same request
 * pipeline the Express integration drives, without Express's routing, body parsing and response
 * helpers on the busiest path. Answers false for any other request, which then goes to Express
 * (GET, preflight, the landing page, everything else).
 */
export function graphqlOverHttp<TContext extends BaseContext>(
  apollo: ApolloServer<TContext>,
  options: GraphQLHttpOptions<TContext>,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const limit = options.maxBodyBytes ?? MAX_GRAPHQL_BODY_BYTES;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    allowOrigin(req, res, options.allowedOrigin);
    const raw = await readBody(req, res, limit);
    if (raw === null) return;
    const text = raw.toString('utf8');
    const queryStart = req.url!.indexOf('?');
    const search = queryStart === -1 ? '' : req.url!.slice(queryStart);
    const { answers, signedIn } = options;
    const authorization = req.headers.authorization;
    const key = answers
      ? AnswerCache.keyOf({ authorization, accept: req.headers.accept, search, body: text })
      : null;
    const kept = key === null ? null : answers!.get(key);
    if (kept) {
      send(res, kept);
      return;
    }
    // A signed-in request's session is checked first (as Apollo would), then its person's answers.
    let context: Promise<TContext> | undefined;
    let mine: { userId: string; key: string } | null = null;
    if (signedIn && authorization !== undefined) {
      context = options.contextFor(authorization, req);
      const who = await context.then(signedIn.whoOf, () => null);
      const personalKey = who
        ? SignedInAnswers.keyOf({ ...who, accept: req.headers.accept, search, body: text })
        : null;
      if (who && personalKey !== null) {
        const personal = signedIn.answers.get(who.userId, personalKey);
        if (personal) {
          send(res, personal);
          return;
        }
        mine = { userId: who.userId, key: personalKey };
      }
    }
    const begun = answers?.begin();
    const personalBegun = mine ? signedIn!.answers.begin() : null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      sendGraphQLError(res, 400, 'BAD_REQUEST', 'The request body is not valid JSON.');
      return;
    }
    const nested = tooDeeplyNested((body as { query?: unknown } | null)?.query);
    if (nested) {
      sendGraphQLError(res, 400, 'GRAPHQL_PARSE_FAILED', nested.message);
      return;
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers, search, body },
      // The session check already made (or failed) is not made twice.
      context: () => context ?? options.contextFor(authorization, req),
    });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      res.end(answer.body.string);
      const complete = { headers: [...answer.headers], body: answer.body.string };
      if (key !== null) answers!.keep(key, begun!, body, res.statusCode, complete);
      if (mine) signedIn!.answers.keep(mine.userId, mine.key, personalBegun!, body, res.statusCode, complete);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const path = req.url!.split('?', 1)[0];
    if (path !== '/graphql' && path !== '/graphql/') return false;
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return false;
    // Compressed bodies are inflated by Express's JSON parser.
    if (req.headers['content-encoding'] && req.headers['content-encoding'] !== 'identity') return false;
    handle(req, res).catch((error: unknown) => {
      // A client that went away mid-request needs no answer and is no server error.
      if (req.destroyed || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET') return;
      console.error(error);
      if (!res.headersSent)
        sendGraphQLError(
          res,
          500,
          'INTERNAL_SERVER_ERROR',
          'Something went wrong on the server. Please try again.',
        );
      else res.end();
    });
    return true;
  };
}
