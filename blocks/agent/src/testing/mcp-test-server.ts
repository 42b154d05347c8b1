import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';

/** What the test server saw: each tool call by name with its arguments, and each authorization header. */
export interface McpTestLog {
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  authorizations: Array<string | undefined>;
  /** Tool calls the client cancelled (the slow tool cut off at its time limit). */
  cancelled: string[];
}

export interface McpTestServer {
  /** `http://127.0.0.1:<port>/mcp`: the MCP endpoint. `/garbage` answers what is not JSON-RPC. */
  url: string;
  port: number;
  log: McpTestLog;
  close(): Promise<void>;
}

/**
 * A real MCP server (the SDK's `McpServer` over Streamable HTTP, stateless) on a loopback port, with
 * three tools: `city_facts` (answers at once from its `city`), `slow_report` (answers only when
 * cancelled, or after a minute), `broken_tool` (always fails). `/garbage` answers malformed
 * JSON-RPC to any request.
 */
export async function startMcpTestServer(): Promise<McpTestServer> {
  const log: McpTestLog = { calls: [], authorizations: [], cancelled: [] };
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
    await server.connect(transport);
    await transport.handleRequest(request, response);
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
