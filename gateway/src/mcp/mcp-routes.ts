import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as TransportModule from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type * as McpTypesModule from '@modelcontextprotocol/sdk/types.js';
import express, { type Request, type Response } from 'express';
import { ForbiddenError, NotFoundError, RateLimitedError } from '../errors';
import type { ApiKeyService } from '../services/api-keys/api-key-service';
import type { AppToolService } from '../services/app-tools/app-tool-service';
import { resolveMcpCaller, type McpCaller, type McpCallerSources } from './mcp-caller';
import type * as McpParamsModule from './mcp-params';
import type { McpCallHooks, McpScope } from './mcp-server';
import type * as McpServerModule from './mcp-server';
import type { McpSessions } from './mcp-sessions';

/** The largest request body `/mcp` reads: a file argument in base64 fits, larger files go by address. */
export const MAX_MCP_BODY_BYTES = 16 * 1024 * 1024;
/** Apps one `?apps=` may name. */
const MAX_SCOPE_SLUGS = 100;
const SESSION_HEADER = 'mcp-session-id';

export interface McpRoutesDeps {
  publicUrl: string;
  appTools: AppToolService;
  apiKeys: Pick<ApiKeyService, 'authenticate' | 'consumeRun'>;
  sessions: McpSessions;
  /** OAuth access tokens (see `McpCallerSources.oauth`). */
  oauth?: McpCallerSources['oauth'];
  hooks?: McpCallHooks;
  /** Tools a `tools/list` page holds (default APP_TOOLS_PAGE). */
  pageSize?: number;
  log?: (message: string) => void;
}

interface McpParts {
  createMcpServer: typeof McpServerModule.createMcpServer;
  paramsProblem: typeof McpParamsModule.paramsProblem;
  isInitializeRequest: typeof McpTypesModule.isInitializeRequest;
  StreamableHTTPServerTransport: typeof TransportModule.StreamableHTTPServerTransport;
}
let mcpParts: McpParts | undefined;

/**
 * The MCP SDK's server side and what this server builds on it, loaded with the first request to
 * `/mcp` rather than with the server: the SDK's schemas took about 0.1 s of CPU to build at every
 * start, on servers that no assistant may ever call.
 */
function mcp(): McpParts {
  mcpParts ??= {
    createMcpServer: (require('./mcp-server') as typeof McpServerModule).createMcpServer,
    paramsProblem: (require('./mcp-params') as typeof McpParamsModule).paramsProblem,
    isInitializeRequest: (require('@modelcontextprotocol/sdk/types.js') as typeof McpTypesModule)
      .isInitializeRequest,
    StreamableHTTPServerTransport: (
      require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof TransportModule
    ).StreamableHTTPServerTransport,
  };
  return mcpParts;
}

/** A JSON-RPC error answered by HTTP status, outside any request the SDK handles. */
function rpcError(
  res: Response,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: unknown = null,
): void {
  res.status(status).set(headers).json({ jsonrpc: '2.0', error: { code, message }, id });
}

/** The JSON-RPC messages of a body (one, or a batch), as far as they can be read. */
function messagesOf(body: unknown): { method?: unknown; id?: unknown; params?: unknown }[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null);
}

/** The progress token a request's params carry (`_meta.progressToken`), if any. */
function progressTokenOf(params: unknown): unknown {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  return typeof meta === 'object' && meta !== null
    ? (meta as { progressToken?: unknown }).progressToken
    : undefined;
}

/** The app of `/mcp/apps/{slug}` (decoded; null when its encoding is broken), or undefined for `/mcp`. */
function appOfPath(path: string): string | null | undefined {
  const match = /^\/mcp\/apps\/([^/]+)\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The apps a request may see: one by its path, or `?apps=slug1,slug2`, or all. */
function scopeOf(req: Request, only: string | undefined): McpScope {
  if (only !== undefined) return { only };
  const apps = req.query.apps;
  if (typeof apps !== 'string') return {};
  const slugs = [
    ...new Set(
      apps
        .split(',')
        .map((slug) => slug.trim())
        .filter((slug) => slug !== ''),
    ),
  ];
  return { slugs: slugs.slice(0, MAX_SCOPE_SLUGS) };
}

/** The body, read up to MAX_MCP_BODY_BYTES: null when it is larger. */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_MCP_BODY_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const part = chunk as Buffer;
    size += part.byteLength;
    if (size > MAX_MCP_BODY_BYTES) return null;
    chunks.push(part);
  }
  return Buffer.concat(chunks);
}

/**
 * `/mcp` and `/mcp/apps/{slug}`: the store's apps as MCP tools over Streamable HTTP, on the
 * gateway's port. Every request is served by a server and transport of its own (stateless), so
 * any gateway process can serve it; `initialize` opens a session kept in the database
 * (`McpSessions`) whose id later requests must carry when they send one. Who calls:
 * `resolveMcpCaller` (401 with the protected-resource metadata's address without credentials).
 * GET answers 405 (the server sends nothing unasked); DELETE ends the session.
 */
export function mcpRoutes(deps: McpRoutesDeps): express.Router {
  const router = express.Router();
  const challenge = `Bearer resource_metadata="${deps.publicUrl}/.well-known/oauth-protected-resource"`;
  const sources: McpCallerSources = { apiKeys: deps.apiKeys, ...(deps.oauth && { oauth: deps.oauth }) };

  const serve = async (req: Request, res: Response, only: string | undefined) => {
    let caller: McpCaller | null;
    try {
      caller = await resolveMcpCaller(req.headers.authorization, sources);
    } catch (error) {
      if (error instanceof ForbiddenError) return rpcError(res, 403, -32001, error.message);
      throw error;
    }
    if (!caller) {
      return rpcError(
        res,
        401,
        -32001,
        'Sign in to use these tools: send an API key (Authorization: Bearer bsk_...) or connect with OAuth.',
        { 'WWW-Authenticate': challenge },
      );
    }
    if (only !== undefined) {
      const found = await deps.appTools.published(caller.userId, only).then(
        () => true,
        (error: unknown) => {
          if (error instanceof NotFoundError) return false;
          throw error;
        },
      );
      if (!found) return rpcError(res, 404, -32001, `There is no published app at /mcp/apps/${only}.`);
    }
    const sessionId = req.headers[SESSION_HEADER];
    if (typeof sessionId === 'string' && !(await deps.sessions.check(sessionId, caller.userId))) {
      return rpcError(res, 404, -32001, 'Session not found: initialize a new session.');
    }
    if (req.method === 'DELETE') {
      if (typeof sessionId !== 'string') return rpcError(res, 400, -32600, 'Send the Mcp-Session-Id to end.');
      await deps.sessions.close(sessionId, caller.userId);
      res.status(200).end();
      return;
    }
    if (req.method !== 'POST') {
      return rpcError(res, 405, -32000, 'Method not allowed: send JSON-RPC messages with POST.', {
        Allow: 'POST, DELETE',
      });
    }
    const raw = await readBody(req);
    if (raw === null) {
      return rpcError(
        res,
        413,
        -32600,
        `The request is larger than ${MAX_MCP_BODY_BYTES / 1024 / 1024} MB; send large files by their address.`,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return rpcError(res, 400, -32700, 'Parse error: the body is not JSON.');
    }
    const messages = messagesOf(body);
    const { createMcpServer, paramsProblem, isInitializeRequest, StreamableHTTPServerTransport } = mcp();
    for (const message of messages) {
      const problem = message.id !== undefined ? paramsProblem(message) : null;
      if (problem) return rpcError(res, 400, -32602, `Invalid params: ${problem}`, {}, message.id);
    }
    const initialize = messages.find((message) => isInitializeRequest(message));
    const calls = messages.filter((message) => message.method === 'tools/call');
    // Calls per minute of an API key, counted across processes: refused before anything runs.
    if (caller.via === 'api-key' && caller.keyId !== undefined) {
      try {
        for (const _call of calls)
          await deps.apiKeys.consumeRun({ userId: caller.userId, keyId: caller.keyId });
      } catch (error) {
        if (error instanceof RateLimitedError) {
          const retry = String(error.details?.retryAfterSeconds ?? 60);
          return rpcError(res, 429, -32000, error.message, { 'Retry-After': retry }, calls[0]?.id ?? null);
        }
        throw error;
      }
    }
    if (initialize && messages.length === 1) {
      const params = (initialize.params ?? {}) as {
        clientInfo?: { name?: unknown; version?: unknown };
        protocolVersion?: unknown;
      };
      const id = await deps.sessions.open(caller.userId, {
        ...(params.clientInfo ?? {}),
        protocolVersion: params.protocolVersion,
      });
      res.setHeader('Mcp-Session-Id', id);
    }
    const { appTools, hooks, pageSize, log } = deps;
    const server = createMcpServer(
      { appTools, ...(hooks && { hooks }), ...(pageSize !== undefined && { pageSize }), ...(log && { log }) },
      caller,
      scopeOf(req, only),
    );
    // Progress needs a stream; everything else is answered as plain JSON, which costs less.
    const streams = messages.some((message) => progressTokenOf(message.params) !== undefined);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !streams,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req as IncomingMessage, res as ServerResponse, body);
  };

  router.use((req: Request, res: Response, next: (error?: unknown) => void) => {
    const only = req.path === '/mcp' || req.path === '/mcp/' ? undefined : appOfPath(req.path);
    if (only === undefined && req.path !== '/mcp' && req.path !== '/mcp/') return next();
    if (only === null)
      return rpcError(res, 400, -32600, 'The app address is not valid: use /mcp/apps/{slug}.');
    serve(req, res, only).catch((error: unknown) => {
      if (res.headersSent) {
        deps.log?.(`/mcp: ${error instanceof Error ? error.message : String(error)}`);
        res.end();
        return;
      }
      next(error);
    });
  });
  return router;
}
