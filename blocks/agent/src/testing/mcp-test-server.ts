import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';

/**
 * What the test server saw: each JSON-RPC method asked of it (`initialize`, `tools/list`...), each
 * tool call by name with its arguments, and each authorization header.
 */
export interface McpTestLog {
  methods: string[];
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  authorizations: Array<string | undefined>;
  /** Tool calls the client cancelled (the slow tool cut off at its time limit). */
  cancelled: string[];
}

export interface McpTestServer {
  /**
   * `http://127.0.0.1:<port>/mcp`: the MCP endpoint. `/garbage` answers what is not JSON-RPC,
   * `/locked` refuses every request (401).
   */
  url: string;
  port: number;
  log: McpTestLog;
  close(): Promise<void>;
}

/**
 * A real MCP server (the SDK's `McpServer` over Streamable HTTP, stateless) on a loopback port, with
 * three tools: `city_facts` (answers at once from its `city`), `slow_report` (answers only when
 * cancelled, or after a minute), `broken_tool` (always fails). `/garbage` answers malformed
 * JSON-RPC to any request, `/locked` a 401 to any request.
 */
export async function startMcpTestServer(): Promise<McpTestServer> {
  const log: McpTestLog = { methods: [], calls: [], authorizations: [], cancelled: [] };
  const mcpServer = () => {
    const server = new McpServer({ name: 'test-tools', version: '1.0.0' });
    server.registerTool(
      'city_facts',
      {
        description: 'Facts about a city: its population and country.',
        inputSchema: { city: z.string().min(1), detail: z.enum(['short', 'long']).optional() },
      },
      async (args) => {
        log.calls.push({ name: 'city_facts', arguments: args });
        return { content: [{ type: 'text', text: `${args.city}: population 709,000, country Norway.` }] };
      },
    );
    server.registerTool(
      'slow_report',
      { description: 'A report that takes a long time.', inputSchema: { topic: z.string() } },
      async (args, extra) => {
        log.calls.push({ name: 'slow_report', arguments: args });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 60_000);
          timer.unref();
          extra.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            log.cancelled.push('slow_report');
            resolve();
          });
        });
        return { content: [{ type: 'text', text: 'late report' }] };
      },
    );
    server.registerTool(
      'broken_tool',
      { description: 'A tool whose backend is down.', inputSchema: { query: z.string() } },
      async (args) => {
        log.calls.push({ name: 'broken_tool', arguments: args });
        throw new Error('the backend is down');
      },
    );
    return server;
  };

  const sockets = new Set<Socket>();
  const http: Server = createServer((request, response) => {
    log.authorizations.push(request.headers.authorization);
    if (request.url === '/garbage') {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc": "2.0", "id": oops');
      return;
    }
    if (request.url === '/locked') {
      request.resume();
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error": "unauthorized"}');
      return;
    }
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    void handle(request, response);
  });
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const server = mcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    const parsed = await readMessages(request);
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const method = (message as { method?: unknown } | undefined)?.method;
      if (typeof method === 'string') log.methods.push(method);
    }
    await server.connect(transport);
    await transport.handleRequest(request, response, parsed);
  };
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        http.close(() => resolve());
      }),
  };
}

/** A request's JSON-RPC message(s), read before the transport is handed them (undefined: no body or not JSON). */
async function readMessages(request: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString();
  try {
    return body === '' ? undefined : (JSON.parse(body) as unknown);
  } catch {
    return undefined;
  }
}
