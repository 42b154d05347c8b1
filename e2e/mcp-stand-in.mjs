// A real MCP server for journeys: the MCP SDK's McpServer over Streamable HTTP (stateless) on a
// loopback port, with one tool, `weather_forecast`, whose answers the journey releases one at a
// time (so it can watch a call while it runs).
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * Starts the server: `{ url, port, calls, nextCall(), close() }`. Each call of `weather_forecast`
 * waits until the journey calls `answer()` on what `nextCall()` gives (with the call's `place`).
 */
export async function startMcpStandIn() {
  const calls = [];
  const waiting = [];
  let arrived = () => {};
  const mcpServer = () => {
    const server = new McpServer({ name: 'weather-stand-in', version: '1.0.0' });
    server.registerTool(
      'weather_forecast',
      { description: 'The weather forecast for a place.', inputSchema: { place: z.string().min(1) } },
      async ({ place }) => {
        const text = await new Promise((resolve) => {
          const call = { place, answer: () => resolve(`Forecast for ${place}: sunny, 21 °C.`) };
          calls.push(call);
          waiting.push(call);
          arrived();
        });
        return { content: [{ type: 'text', text }] };
      },
    );
    return server;
  };
  const sockets = new Set();
  const http = createServer((request, response) => {
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    const server = mcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    calls,
    /** The next call that waits for its answer. */
    nextCall() {
      if (waiting.length > 0) return Promise.resolve(waiting.shift());
      return new Promise((resolve) => {
        arrived = () => {
          arrived = () => {};
          resolve(waiting.shift());
        };
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        http.close(() => resolve());
      }),
  };
}
