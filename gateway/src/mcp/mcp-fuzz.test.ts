import { BAD_AUTHORIZATIONS } from '../testing/fuzz-request-parts';
import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { mcpClient, publishApp, starterWithKey, type McpTestPerson } from './testing/mcp-fixture';

/** One request to /mcp: what is wrong with it, and how it is sent. */
interface McpProbe {
  name: string;
  method?: string;
  path?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Leave the API key out (or send these credentials instead). */
  authorization?: string | null;
}

const rpc = (message: unknown) => JSON.stringify(message);
const call = (params: unknown, id: unknown = 1) => rpc({ jsonrpc: '2.0', id, method: 'tools/call', params });
const init = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
};

/** Bodies that are not JSON, or not JSON-RPC, or JSON-RPC that asks for the wrong thing. */
function bodyProbes(slug: string): McpProbe[] {
  const probes: [string, string | Buffer][] = [
    ['an empty body', ''],
    ['null', 'null'],
    ['a number', '42'],
    ['an empty batch', '[]'],
    ['truncated JSON', '{"jsonrpc":"2.0","id":1,"method":"tools/li'],
    ['not JSON at all', 'tools/list please'],
    ['a raw NUL byte in JSON', Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list\u0000"}')],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
    ['JSON nested 100,000 deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['jsonrpc 1.0', rpc({ jsonrpc: '1.0', id: 1, method: 'tools/list' })],
    ['no jsonrpc version', rpc({ id: 1, method: 'tools/list' })],
    ['a numeric method', rpc({ jsonrpc: '2.0', id: 1, method: 7 })],
    ['an unknown method', rpc({ jsonrpc: '2.0', id: 1, method: 'tools/destroy' })],
    ['resources/list (not offered)', rpc({ jsonrpc: '2.0', id: 1, method: 'resources/list' })],
    ['a huge numeric id', '{"jsonrpc":"2.0","id":1e400,"method":"ping"}'],
    ['a 100,000-character id', rpc({ jsonrpc: '2.0', id: 'i'.repeat(100_000), method: 'ping' })],
    ['an object id', rpc({ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' })],
    ['a notification only', rpc({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    ['a response from the client', rpc({ jsonrpc: '2.0', id: 5, result: {} })],
    [
      'a batch of 300 pings',
      rpc(Array.from({ length: 300 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }))),
    ],
    ['a batch of initialize and a ping', rpc([init, { jsonrpc: '2.0', id: 2, method: 'ping' }])],
    ['initialize without params', rpc({ jsonrpc: '2.0', id: 1, method: 'initialize' })],
    [
      'initialize with a NUL client name',
      rpc({ ...init, params: { ...init.params, clientInfo: { name: 'a\u0000b', version: '\ud800' } } }),
    ],
    [
      'tools/list with a made-up cursor',
      rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: '!!' } }),
    ],
    [
      'tools/list with a 50,000-character cursor',
      rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'QQ'.repeat(25_000) } }),
    ],
    [
      'tools/list with a numeric cursor',
      rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 5 } }),
    ],
    ['tools/call without params', rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call' })],
    ['tools/call with params as a list', call([slug])],
    ['tools/call with no name', call({ arguments: {} })],
    ['tools/call of an unknown tool', call({ name: 'no-such-app', arguments: {} })],
    ['tools/call of a NUL name', call({ name: 'a\u0000b', arguments: {} })],
    ['tools/call with arguments as text', call({ name: slug, arguments: 'topic' })],
    ['tools/call with a NUL argument', call({ name: slug, arguments: { input_text: 'a\u0000b' } })],
    [
      'tools/call with a lone surrogate argument',
      call({ name: slug, arguments: { input_text: 'a\ud800b' } }),
    ],
    ['tools/call with a lone surrogate key', call({ name: slug, arguments: { '\udc00': 'x' } })],
    ['tools/call with a number argument', call({ name: slug, arguments: { input_text: 42 } })],
    ['tools/call with a nested argument', call({ name: slug, arguments: { input_text: { deep: [1, 2] } } })],
    [
      'tools/call with a 2 MB argument',
      call({ name: slug, arguments: { input_text: 'x'.repeat(2 * 1024 * 1024) } }),
    ],
    [
      'tools/call with a proto key',
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${slug}","arguments":{"__proto__":{"x":1}}}}`,
    ],
    [
      'tools/call with an object progress token',
      call({ name: slug, arguments: {}, _meta: { progressToken: { a: 1 } } }),
    ],
    ['ping with params as a number', rpc({ jsonrpc: '2.0', id: 1, method: 'ping', params: 3 })],
  ];
  return probes.map(([name, body]) => ({ name, body }));
}

/** Requests whose method, headers, path or credentials are wrong. */
function requestProbes(slug: string): McpProbe[] {
  const list = rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  return [
    { name: 'PUT', method: 'PUT', body: list },
    { name: 'PATCH', method: 'PATCH', body: list },
    { name: 'HEAD', method: 'HEAD' },
    { name: 'OPTIONS', method: 'OPTIONS' },
    { name: 'GET asking for a stream', method: 'GET', headers: { accept: 'text/event-stream' } },
    { name: 'DELETE without a session', method: 'DELETE' },
    { name: 'DELETE of a made-up session', method: 'DELETE', headers: { 'mcp-session-id': 'not-a-session' } },
    { name: 'no Accept header', body: list, headers: { accept: '' } },
    { name: 'Accept JSON only', body: list, headers: { accept: 'application/json' } },
    { name: 'text/plain content', body: list, headers: { 'content-type': 'text/plain' } },
    { name: 'an unknown protocol version', body: list, headers: { 'mcp-protocol-version': '1999-01-01' } },
    {
      name: 'a made-up session id',
      body: list,
      headers: { 'mcp-session-id': '00000000-0000-0000-0000-000000000000' },
    },
    { name: 'a 10,000-character session id', body: list, headers: { 'mcp-session-id': 's'.repeat(10_000) } },
    { name: 'a body over the limit', body: Buffer.alloc(17 * 1024 * 1024, 0x20) },
    { name: 'no credentials', body: list, authorization: null },
    ...BAD_AUTHORIZATIONS.map(([name, value]) => ({
      name: `credentials: ${name}`,
      body: list,
      authorization: value,
    })),
    {
      name: 'a revoked-looking key',
      body: list,
      authorization: 'Bearer bsk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    },
    { name: 'an encoded NUL in the app path', path: '/mcp/apps/%00', body: list },
    { name: 'broken percent-encoding in the app path', path: '/mcp/apps/%E0%A4%A', body: list },
    { name: 'a 5,000-character app path', path: `/mcp/apps/${'a'.repeat(5_000)}`, body: list },
    { name: 'an app path with a lone surrogate', path: '/mcp/apps/%ED%A0%80', body: list },
    {
      name: '?apps with 1,000 names',
      path: `/mcp?apps=${Array.from({ length: 1_000 }, (_, i) => `a${i}`).join(',')}`,
      body: list,
    },
    { name: '?apps given twice', path: `/mcp?apps=${slug}&apps=x`, body: list },
    { name: '?apps as an object', path: `/mcp?apps[a]=${slug}`, body: list },
  ];
}

describe('/mcp under malformed requests', () => {
  let t: ApiTestGateway;
  let caller: McpTestPerson;
  let slug: string;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    const admin = await t.signUpAdmin('admin@example.com');
    const creator = await starterWithKey(t, 'creator@example.com');
    caller = await starterWithKey(t, 'caller@example.com');
    ({ slug } = await publishApp(t, creator.token, admin, {
      name: 'Haiku writer',
      slug: 'haiku-writer',
      config: probeTextApp('Topic'),
    }));
    // The fuzz makes many calls: the key's calls per minute are not what is tested here.
    jest.spyOn(t.gateway.services.apiKeys, 'consumeRun').mockResolvedValue(undefined);
  }, 120_000);

  afterAll(() => t.close());

  it('answers every probe below 500, errors as JSON-RPC, and keeps serving', async () => {
    const failures: string[] = [];
    for (const probe of [...bodyProbes(slug), ...requestProbes(slug)]) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...probe.headers,
      };
      if (headers.accept === '') delete headers.accept;
      const authorization = probe.authorization === undefined ? `Bearer ${caller.key}` : probe.authorization;
      if (authorization !== null) headers.authorization = authorization;
      const method = probe.method ?? 'POST';
      let status: number;
      let text: string;
      try {
        const response = await fetch(`${t.gateway.url}${probe.path ?? '/mcp'}`, {
          method,
          headers,
          ...(probe.body !== undefined && method !== 'HEAD' && method !== 'GET' && { body: probe.body }),
          signal: AbortSignal.timeout(60_000),
        });
        status = response.status;
        text = method === 'HEAD' ? '' : await response.text();
      } catch (error) {
        failures.push(`${probe.name}: no answer (${String(error)})`);
        continue;
      }
      if (status >= 500) failures.push(`${probe.name}: ${status} ${text.slice(0, 300)}`);
      // An error answered outside a stream is a JSON-RPC error object.
      if (status >= 400 && status !== 404 && text !== '' && method !== 'HEAD' && !text.includes('"jsonrpc"'))
        failures.push(`${probe.name}: ${status} is not JSON-RPC: ${text.slice(0, 200)}`);
      // -32603: the SDK caught an error no handler expected.
      if (text.includes('"code":-32603'))
        failures.push(`${probe.name}: internal error: ${text.slice(0, 200)}`);
      if (/INTERNAL|stack|at [\w.]+ \(/.test(text))
        failures.push(`${probe.name}: leaks internals: ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);

    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([slug]);
    await client.close();
    expect((await fetch(`${t.gateway.url}/healthz`)).status).toBe(200);
  }, 600_000);

  it('refuses NUL and lone surrogates in arguments as a tool error naming the field', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const result = await client.callTool({ name: slug, arguments: { input_text: 'a\u0000b' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe(
      '`input_text` contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.',
    );
    await client.close();
  });

  it('answers params that do not fit their method with invalid params (-32602), naming the field', async () => {
    const answer = await fetch(`${t.gateway.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${caller.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: call({ arguments: {} }, 4),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32602, message: expect.stringMatching(/^Invalid params: params\.name: /) },
    });
  });
});
