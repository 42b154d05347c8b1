import { openTestDatabase } from '../testing/database';
import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { McpSessions, MCP_SESSION_IDLE_MS } from './mcp-sessions';
import { mcpClient, publishApp, starterWithKey, type McpTestPerson } from './testing/mcp-fixture';

/** The text of an answer, whether JSON or one SSE message (`data: {...}`). */
async function rpcAnswer(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  const data = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)?.[1];
  return JSON.parse(data ?? 'null') as Record<string, unknown>;
}

describe('MCP sessions', () => {
  it('belong to the account that opened them and end when closed or idle', async () => {
    const db = await openTestDatabase(undefined);
    try {
      let now = Date.parse('2026-11-28T12:00:00Z');
      const sessions = new McpSessions(db.dataSource, () => now);
      const [ann, bob] = ['a1111111-1111-4111-8111-111111111111', 'b2222222-2222-4222-8222-222222222222'];
      for (const id of [ann, bob]) {
        await db.dataSource.query('INSERT INTO users (id, email) VALUES ($1, $2)', [id, `${id}@example.com`]);
      }
      const id = await sessions.open(ann, { name: 'Claude', version: '1.2', protocolVersion: '2025-06-18' });
      expect(await sessions.check(id, ann)).toBe(true);
      expect(await sessions.check(id, bob)).toBe(false);
      expect(await sessions.check('not-a-uuid', ann)).toBe(false);
      now += MCP_SESSION_IDLE_MS - 1_000;
      expect(await sessions.check(id, ann)).toBe(true); // used: idle time starts again
      now += MCP_SESSION_IDLE_MS + 1_000;
      expect(await sessions.check(id, ann)).toBe(false);
      const other = await sessions.open(ann, {});
      expect(await sessions.close(other, bob)).toBe(false);
      expect(await sessions.close(other, ann)).toBe(true);
      expect(await sessions.check(other, ann)).toBe(false);
    } finally {
      await db.close();
    }
  }, 60_000);

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  onPostgres(
    'work across two gateway processes sharing PostgreSQL',
    async () => {
      // A database of this test's own on the server, migrated; both gateways open it.
      const db = await openTestDatabase(process.env.TEST_DATABASE_URL);
      const url = db.url ?? process.env.TEST_DATABASE_URL!;
      let first: ApiTestGateway | undefined;
      let second: ApiTestGateway | undefined;
      try {
        const env = { DATABASE_URL: url, ADMIN_EMAILS: 'admin@example.com' };
        first = await startApiTestGateway(env);
        second = await startApiTestGateway(env);
        const admin = await first.signUpAdmin('admin@example.com');
        const creator = await starterWithKey(first, 'creator@example.com');
        const caller: McpTestPerson = await starterWithKey(first, 'caller@example.com');
        await publishApp(first, creator.token, admin, {
          name: 'Haiku writer',
          slug: 'haiku-writer',
          config: probeTextApp('Topic'),
        });

        const { client, transport } = await mcpClient(`${first.gateway.url}/mcp`, caller.key);
        const sessionId = transport.sessionId!;
        const headers = {
          authorization: `Bearer ${caller.key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': transport.protocolVersion ?? '2025-06-18',
        };
        const send = (gateway: ApiTestGateway, body: unknown, method = 'POST') =>
          fetch(`${gateway.gateway.url}/mcp`, {
            method,
            headers,
            ...(method === 'POST' && { body: JSON.stringify(body) }),
          });

        // The session opened on the first process serves on the second.
        const listed = await send(second, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
        expect(listed.status).toBe(200);
        expect(await rpcAnswer(listed)).toMatchObject({ result: { tools: [{ name: 'haiku-writer' }] } });
        const called = await send(second, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'haiku-writer', arguments: { input_text: 'harbour' } },
        });
        expect(await rpcAnswer(called)).toMatchObject({
          result: { structuredContent: { generated_text: expect.stringContaining('harbour') } },
        });

        // Ended on the second process, it is gone on the first.
        expect((await send(second, null, 'DELETE')).status).toBe(200);
        const gone = await send(first, { jsonrpc: '2.0', id: 3, method: 'ping' });
        expect(gone.status).toBe(404);
        await client.close();
      } finally {
        await second?.close();
        await first?.close();
        await db.close();
      }
    },
    180_000,
  );
});
