import { migrateSettings } from '@blocksmith/block-sdk';
import { runBlock, runGraph, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { agent, fromSingleServer } from './agent';
import type { AgentStep } from './agent-steps';
import { startMcpTestServer, type McpTestServer } from './testing/mcp-test-server';

let first: McpTestServer;
let second: McpTestServer;
/** A server that takes requests and never answers. */
let hanging: Server;
let hangingUrl: string;
const sockets = new Set<Socket>();
const savedAllowList = process.env.HTTP_BLOCK_ALLOW_HOSTS;

beforeAll(async () => {
  first = await startMcpTestServer();
  second = await startMcpTestServer();
  hanging = createServer(() => {});
  hanging.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/mcp`;
  const hosts = [first.port, second.port, (hanging.address() as AddressInfo).port];
  process.env.HTTP_BLOCK_ALLOW_HOSTS = hosts.map((port) => `127.0.0.1:${port}`).join(',');
});

afterAll(async () => {
  if (savedAllowList === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
  else process.env.HTTP_BLOCK_ALLOW_HOSTS = savedAllowList;
  for (const socket of sockets) socket.destroy();
  await Promise.all([first.close(), second.close(), new Promise((resolve) => hanging.close(resolve))]);
});

function run(
  provider: ScriptedProvider,
  settings: Record<string, unknown>,
  secrets?: Record<string, string>,
) {
  return runBlock(agent, {
    settings,
    upstream: { input_text: 'How many people live in Oslo?' },
    provider,
    ...(secrets && { secrets }),
  });
}

describe('agent with several MCP servers', () => {
  it('offers every server’s tools, a name two servers share prefixed with its server, and calls the right one', async () => {
    const provider = new ScriptedProvider({
      tools: [
        { toolCalls: [{ name: `127_0_0_1_${second.port}__city_facts`, arguments: { city: 'Oslo' } }] },
        'About 709,000.',
      ],
    });
    first.log.calls.length = 0;
    second.log.calls.length = 0;
    const { outputs, toolCalls } = await run(
      provider,
      { mcp_servers: `${first.url}\n# the second copy\n${second.url} SECOND_TOKEN` },
      { SECOND_TOKEN: 'tok-second-123' },
    );
    const names = provider.toolRequests[0]!.tools.map((t) => t.name);
    expect(names).toEqual(
      [first.port, second.port].flatMap((port) =>
        ['city_facts', 'slow_report', 'broken_tool'].map((tool) => `127_0_0_1_${port}__${tool}`),
      ),
    );
    expect(first.log.calls).toEqual([]);
    expect(second.log.calls).toEqual([{ name: 'city_facts', arguments: { city: 'Oslo' } }]);
    expect(new Set(second.log.authorizations)).toEqual(new Set(['Bearer tok-second-123']));
    expect(first.log.authorizations.every((header) => header === undefined)).toBe(true);
    expect(outputs.agent_steps as AgentStep[]).toMatchObject([
      { source: 'mcp', from: `127.0.0.1:${second.port}`, answer: expect.stringContaining('709,000') },
    ]);
    expect(toolCalls).toHaveLength(1);
  });

  it('cuts off a server that does not answer within the time limit, naming it', async () => {
    const provider = new ScriptedProvider({ tools: ['unused'] });
    const started = performance.now();
    const error = await run(provider, {
      mcp_servers: `${first.url}\n${hangingUrl}`,
      tool_timeout_seconds: 1,
    }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe(
      `The MCP server at ${new URL(hangingUrl).host} did not answer within 1 second.`,
    );
    // Cut off at its stated second (and not much later: the servers are asked at once), with room
    // for a busy machine.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(provider.toolRequests).toEqual([]);
  });

  it('applies the address guard to each server', async () => {
    const saved = process.env.HTTP_BLOCK_ALLOW_HOSTS;
    process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${first.port}`;
    try {
      const error = await run(new ScriptedProvider({ tools: ['unused'] }), {
        mcp_servers: `${first.url}\n${second.url}`,
      }).then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/^127\.0\.0\.1 is a loopback address\./);
    } finally {
      process.env.HTTP_BLOCK_ALLOW_HOSTS = saved;
    }
  });
});

describe('settings saved with one MCP server', () => {
  it('read as a one-line list (with its secret) by the version 2 migration', () => {
    const old = { instructions: 'Go', mcp_server_url: ' https://mcp.example.com/mcp ', mcp_secret: 'TOKEN' };
    expect(migrateSettings(agent, old, 1)).toEqual({
      instructions: 'Go',
      mcp_servers: 'https://mcp.example.com/mcp TOKEN',
    });
    expect(fromSingleServer({ mcp_server_url: 'https://a.example/mcp', mcp_secret: '' })).toEqual({
      mcp_servers: 'https://a.example/mcp',
    });
    expect(fromSingleServer({ mcp_server_url: '', mcp_secret: '' })).toEqual({});
    // Already listed (saved again by a builder that knows the list): not added twice.
    expect(
      fromSingleServer({ mcp_server_url: 'https://a.example/mcp', mcp_servers: 'https://a.example/mcp' }),
    ).toEqual({ mcp_servers: 'https://a.example/mcp' });
  });

  it('an app saved with version 1 settings still reaches its server', async () => {
    first.log.calls.length = 0;
    const provider = new ScriptedProvider({
      tools: [{ toolCalls: [{ name: 'city_facts', arguments: { city: 'Oslo' } }] }, 'Done.'],
    });
    const result = await runGraph({
      blocks: [agent],
      nodes: [
        {
          id: 'agent',
          type: 'agent',
          version: 1,
          settings: { instructions: 'Oslo?', mcp_server_url: first.url },
        },
      ],
      provider,
    });
    expect(result.status).toBe('succeeded');
    expect(first.log.calls).toEqual([{ name: 'city_facts', arguments: { city: 'Oslo' } }]);
  });
});
