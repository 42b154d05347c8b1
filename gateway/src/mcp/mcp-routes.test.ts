import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { ForbiddenError } from '../errors';
import { mcpRoutes } from './mcp-routes';
import { McpSessions } from './mcp-sessions';
import {
  creditsOf,
  earningsOf,
  mcpClient,
  publishApp,
  starterWithKey,
  type McpTestPerson,
} from './testing/mcp-fixture';

const PRICE = 3;

/**
 * /mcp through the MCP SDK's own client over Streamable HTTP, against a started gateway: the
 * store's apps listed as tools, a paid call charged and earned exactly, a call the caller cannot
 * afford, progress, the per-app endpoint, sessions and who may call.
 */
describe('/mcp: the store as MCP tools', () => {
  let t: ApiTestGateway;
  let creator: McpTestPerson;
  let caller: McpTestPerson;
  let haiku: { id: string; slug: string };

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    const admin = await t.signUpAdmin('admin@example.com');
    creator = await starterWithKey(t, 'creator@example.com');
    caller = await starterWithKey(t, 'caller@example.com');
    haiku = await publishApp(t, creator.token, admin, {
      name: 'Haiku writer',
      slug: 'haiku-writer',
      description: 'Writes a haiku about a topic.',
      config: probeTextApp('Topic'),
      price: PRICE,
    });
    await publishApp(t, creator.token, admin, {
      name: 'Tone picker',
      slug: 'tone-picker',
      config: probeApp(
        [
          probePlugin('words', 'textInput', { label: 'Words' }),
          probePlugin('tone', 'dropdown', { label: 'Tone', options: 'Calm, Bold' }),
          probePlugin('show', 'textDisplay'),
        ],
        [
          ['words', 'show'],
          ['tone', 'show'],
        ],
      ),
    });
  }, 120_000);

  afterAll(() => t.close());

  it('refuses a request without credentials with 401 and where to get a token', async () => {
    const answer = await fetch(`${t.gateway.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="http:\/\/localhost:\d+\/\.well-known\/oauth-protected-resource"$/,
    );
    const bad = await fetch(`${t.gateway.url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer bsk_not-a-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(401);
  });

  it('lists the published apps as tools with their inputs, results and price, narrowed by ?apps', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    expect(client.getServerVersion()?.name).toBe('blocksmith');
    const { tools, nextCursor } = await client.listTools();
    expect(nextCursor).toBeUndefined();
    expect(tools.map((tool) => tool.name)).toEqual(['haiku-writer', 'tone-picker']);
    const haikuTool = tools[0]!;
    expect(haikuTool.title).toBe('Haiku writer');
    expect(haikuTool.inputSchema).toEqual({
      type: 'object',
      properties: { input_text: { type: 'string', description: 'Topic' } },
      required: ['input_text'],
    });
    expect(haikuTool.outputSchema?.properties).toMatchObject({
      generated_text: { type: 'string' },
      artifacts: { type: 'array' },
    });
    const price = haikuTool._meta?.['blocksmith/price'] as { price: number; maxCredits: number };
    expect(price.price).toBe(PRICE);
    expect(price.maxCredits).toBeGreaterThan(PRICE);
    expect(haikuTool.description).toBe(
      `Writes a haiku about a topic.\n\nCosts ${price.maxCredits} credits per call (${PRICE} credits of it to the app's creator).`,
    );
    expect(tools[1]!.inputSchema.properties).toEqual({
      input_text: { type: 'string', description: 'Words' },
      selected_option: { type: 'string', enum: ['Calm', 'Bold'], description: 'Tone' },
    });
    await client.close();

    const narrowed = await mcpClient(`${t.gateway.url}/mcp?apps=tone-picker,no-such-app`, caller.key);
    expect((await narrowed.client.listTools()).tools.map((tool) => tool.name)).toEqual(['tone-picker']);
    await expect(
      narrowed.client.callTool({ name: 'haiku-writer', arguments: { input_text: 'x' } }),
    ).rejects.toThrow('There is no tool named "haiku-writer" here.');
    await narrowed.client.close();
  });

  it('runs a paid call: the caller pays blocks and price, the creator earns the price, both see the run', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const [tool] = (await client.listTools()).tools;
    const cost = (tool!._meta?.['blocksmith/price'] as { maxCredits: number }).maxCredits;
    const [paidBefore, earnedBefore, creatorBefore] = [
      await creditsOf(t, caller.token),
      await earningsOf(t, creator.id),
      await creditsOf(t, creator.token),
    ];
    const result = await client.callTool({ name: 'haiku-writer', arguments: { input_text: 'autumn rain' } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as Record<string, unknown>;
    expect(structured.generated_text).toEqual(expect.stringContaining('autumn rain'));
    expect(structured.artifacts).toEqual(expect.any(Array));
    const [text] = result.content as { type: string; text: string }[];
    expect(text!.type).toBe('text');
    expect(text!.text).toContain(`generated_text: ${String(structured.generated_text)}`);
    const runId = result._meta?.['blocksmith/runId'] as string;
    expect(result._meta?.['blocksmith/credits']).toBe(cost);

    expect(await creditsOf(t, caller.token)).toBe(paidBefore - cost);
    expect(await earningsOf(t, creator.id)).toBe(earnedBefore + PRICE);
    expect(await creditsOf(t, creator.token)).toBe(creatorBefore);

    const mine = await t.api('GET', `/runs/${runId}`, { token: caller.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: runId, status: 'succeeded', source: 'mcp', cost });
    const theirs = await t.graphql(
      'query ($id: ID!) { appRuns(appId: $id, source: "mcp") { runs { id source } } }',
      { id: haiku.id },
      creator.token,
    );
    expect(theirs.data?.appRuns.runs).toContainEqual({ id: runId, source: 'mcp' });
    await client.close();
  });

  it('answers a call the caller cannot afford with a tool error naming the price and balance, charging nothing', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const [tool] = (await client.listTools()).tools;
    const cost = (tool!._meta?.['blocksmith/price'] as { maxCredits: number }).maxCredits;
    await t.gateway.database.dataSource.query('UPDATE credit_balances SET balance = 1 WHERE user_id = $1', [
      caller.id,
    ]);
    const earned = await earningsOf(t, creator.id);
    const result = await client.callTool({ name: 'haiku-writer', arguments: { input_text: 'frost' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe(
      `Calling haiku-writer costs ${cost} credits and you have 1. Add credits or upgrade your plan, then call it again.`,
    );
    expect(await creditsOf(t, caller.token)).toBe(1);
    expect(await earningsOf(t, creator.id)).toBe(earned);
    await t.gateway.database.dataSource.query('UPDATE credit_balances SET balance = 50 WHERE user_id = $1', [
      caller.id,
    ]);
    await client.close();
  });

  it('answers bad arguments as a tool error that says what to fix', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const before = await creditsOf(t, caller.token);
    const unknown = await client.callTool({ name: 'tone-picker', arguments: { colour: 'red' } });
    expect(unknown.isError).toBe(true);
    expect((unknown.content as { text: string }[])[0]!.text).toBe(
      'tone-picker has no argument colour; its arguments are: input_text, selected_option.',
    );
    const choice = await client.callTool({
      name: 'tone-picker',
      arguments: { input_text: 'hi', selected_option: 'Loud' },
    });
    expect((choice.content as { text: string }[])[0]!.text).toBe(
      '"selected_option" must be one of: Calm, Bold.',
    );
    const fine = await client.callTool({
      name: 'tone-picker',
      arguments: { input_text: 'hello', selected_option: 'Bold' },
    });
    expect(fine.isError).toBeFalsy();
    expect(await creditsOf(t, caller.token)).toBe(before);
    await client.close();
  });

  it('sends the run’s progress as progress notifications when asked', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const progress: { progress: number; total?: number }[] = [];
    const result = await client.callTool(
      { name: 'haiku-writer', arguments: { input_text: 'moonlight' } },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.isError).toBeFalsy();
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    expect(progress.at(-1)).toMatchObject({ total: 3 });
    await client.close();
  });

  it('offers one app at /mcp/apps/{slug}', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp/apps/tone-picker`, caller.key);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['tone-picker']);
    await expect(client.callTool({ name: 'haiku-writer', arguments: {} })).rejects.toThrow(
      'There is no tool named "haiku-writer" here.',
    );
    await client.close();
    const missing = await fetch(`${t.gateway.url}/mcp/apps/no-such-app`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${caller.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { message: 'There is no published app at /mcp/apps/no-such-app.' },
    });
  });

  it('keeps sessions in the database: an unknown or ended session is 404, another account’s too', async () => {
    const { client, transport } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const sessionId = transport.sessionId!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await t.gateway.database.dataSource.query(
      'SELECT user_id, client_name FROM mcp_sessions WHERE id = $1',
      [sessionId],
    );
    expect(rows).toEqual([{ user_id: caller.id, client_name: 'blocksmith-test 1.0.0' }]);
    await client.ping();
    const headers = (key: string, session: string) => ({
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-06-18',
    });
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' });
    const other = await fetch(`${t.gateway.url}/mcp`, {
      method: 'POST',
      headers: headers(creator.key, sessionId),
      body: ping,
    });
    expect(other.status).toBe(404);
    await transport.terminateSession();
    const ended = await fetch(`${t.gateway.url}/mcp`, {
      method: 'POST',
      headers: headers(caller.key, sessionId),
      body: ping,
    });
    expect(ended.status).toBe(404);
    expect(await ended.json()).toMatchObject({
      error: { message: 'Session not found: initialize a new session.' },
    });
    await client.close();
  });

  it('refuses a call past the key’s calls per minute with 429, Retry-After and a JSON-RPC error', async () => {
    const limited = await starterWithKey(t, 'busy@example.com');
    const [key] = (await t.gateway.database.dataSource.query('SELECT id FROM api_keys WHERE user_id = $1', [
      limited.id,
    ])) as { id: string }[];
    for (let i = 0; i < 60; i++)
      await t.gateway.services.apiKeys.consumeRun({ userId: limited.id, keyId: key!.id });
    const before = await creditsOf(t, limited.token);
    const answer = await fetch(`${t.gateway.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${limited.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'haiku-writer', arguments: { input_text: 'rush' } },
      }),
    });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32000,
        message: expect.stringContaining('This key has started 60 runs in the last minute'),
      },
    });
    expect(await creditsOf(t, limited.token)).toBe(before);
  });

  it('answers GET with 405 and pages tools/list with a cursor', async () => {
    const get = await fetch(`${t.gateway.url}/mcp`, { headers: { authorization: `Bearer ${caller.key}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');

    // The same routes with two tools a page, on a port of their own over the gateway's services.
    const app = express().use(
      mcpRoutes({
        publicUrl: t.gateway.url,
        appTools: t.gateway.services.appTools,
        apiKeys: t.gateway.services.apiKeys,
        sessions: new McpSessions(t.gateway.database.dataSource),
        pageSize: 1,
      }),
    );
    const server: Server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { client } = await mcpClient(`http://127.0.0.1:${port}/mcp`, caller.key);
      const first = await client.listTools();
      expect(first.tools.map((tool) => tool.name)).toEqual(['haiku-writer']);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await client.listTools({ cursor: first.nextCursor! });
      expect(second.tools.map((tool) => tool.name)).toEqual(['tone-picker']);
      expect(second.nextCursor).toBeUndefined();
      await expect(client.listTools({ cursor: 'not-ours!' })).rejects.toThrow(
        'The cursor is not one this server gave out; list again without it.',
      );
      await client.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reserves an OAuth client’s allowance for the most a call costs, counts its run and releases the hold', async () => {
    const checked: number[] = [];
    const counted: string[] = [];
    let allowance = 100;
    let released = 0;
    const app = express().use(
      mcpRoutes({
        publicUrl: t.gateway.url,
        appTools: t.gateway.services.appTools,
        apiKeys: t.gateway.services.apiKeys,
        sessions: new McpSessions(t.gateway.database.dataSource),
        oauth: {
          verify: async (token) =>
            token === 'oauth-token' ? { userId: caller.id, clientId: 'claude', dailyCreditLimit: 100 } : null,
        },
        hooks: {
          reserve: async ({ clientId }, maxCredits) => {
            expect(clientId).toBe('claude');
            checked.push(maxCredits);
            if (maxCredits > allowance) throw new ForbiddenError('Claude may spend 1 more credit today.');
            return {
              recordRun: async (runId) => {
                counted.push(runId);
              },
              release: async () => {
                released += 1;
              },
            };
          },
        },
      }),
    );
    const server: Server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { client } = await mcpClient(`http://127.0.0.1:${port}/mcp`, 'oauth-token');
      const [tool] = (await client.listTools()).tools;
      const cost = (tool!._meta?.['blocksmith/price'] as { maxCredits: number }).maxCredits;
      const paid = await client.callTool({ name: 'haiku-writer', arguments: { input_text: 'tide' } });
      expect(paid.isError).toBeFalsy();
      expect(checked).toEqual([cost]);
      expect(counted).toEqual([paid._meta?.['blocksmith/runId']]);
      expect(released).toBe(1);

      allowance = 1;
      const before = await creditsOf(t, caller.token);
      const refused = await client.callTool({ name: 'haiku-writer', arguments: { input_text: 'tide' } });
      expect(refused.isError).toBe(true);
      expect((refused.content as { text: string }[])[0]!.text).toBe('Claude may spend 1 more credit today.');
      expect(counted).toHaveLength(1);
      expect(released).toBe(1);
      expect(await creditsOf(t, caller.token)).toBe(before);
      await client.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('charges 30 parallel calls on a thin balance exactly: those it pays for run, the others are refused', async () => {
    const thin = await starterWithKey(t, 'thin@example.com');
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, thin.key);
    const [tool] = (await client.listTools()).tools;
    const cost = (tool!._meta?.['blocksmith/price'] as { maxCredits: number }).maxCredits;
    const affordable = 4;
    await t.gateway.database.dataSource.query('UPDATE credit_balances SET balance = $2 WHERE user_id = $1', [
      thin.id,
      affordable * cost + 1,
    ]);
    const earned = await earningsOf(t, creator.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.callTool({ name: 'haiku-writer', arguments: { input_text: `wave ${i}` } }),
      ),
    );
    const paid = results.filter((result) => !result.isError);
    const refused = results.filter((result) => result.isError);
    expect(paid).toHaveLength(affordable);
    for (const result of refused)
      expect((result.content as { text: string }[])[0]!.text).toMatch(
        /^Calling haiku-writer costs \d+ credits and you have [0-9]+\./,
      );
    expect(await creditsOf(t, thin.token)).toBe(1);
    expect(await earningsOf(t, creator.id)).toBe(earned + affordable * PRICE);
    await client.close();
  });

  it('refuses a key once it is revoked', async () => {
    const revoked = await starterWithKey(t, 'revoked@example.com');
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, revoked.key);
    const [key] = (await t.api('GET', '/keys', { token: revoked.token })).body as { id: string }[];
    expect((await t.api('DELETE', `/keys/${key!.id}`, { token: revoked.token })).status).toBe(200);
    await expect(client.listTools()).rejects.toThrow();
    const answer = await fetch(`${t.gateway.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${revoked.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(401);
    await client.close();
  });
});
