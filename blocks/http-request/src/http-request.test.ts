import { AddressRefusedError, BlockError, BlockInputError, type Resolver } from '@blocksmith/block-sdk';
import { runAsTool, runBlock, type RunBlockOptions } from '@blocksmith/block-sdk/testing';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createHttpRequest, httpRequest, MAX_RESPONSE_BYTES } from './http-request';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

interface TestServer {
  server: Server;
  port: number;
  base: string;
  /** Paths requested, in order. */
  seen: string[];
}

/** An HTTP server on a loopback address and a free port (or the one given). */
async function startServer(host: string, handler: Handler, port = 0): Promise<TestServer> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  return { server, port: actual, base: `http://${host}:${actual}`, seen };
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
}

const api: Handler = (request, body, response) => {
  const url = new URL(request.url ?? '/', 'http://test');
  switch (url.pathname) {
    case '/json':
      return json(response, 200, { hello: 'world', items: [1, 2] });
    case '/echo':
      return json(response, 200, {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body,
      });
    case '/text':
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('plain words');
    case '/gzip':
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return response.end(gzipSync(JSON.stringify({ packed: true })));
    case '/bad-json':
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"unfinished": ');
    case '/image':
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    case '/empty':
      response.writeHead(204);
      return response.end();
    case '/missing':
      return json(response, 404, { error: 'no such item' });
    case '/slow':
      // Answers nothing; the block's timeout ends the request.
      return;
    case '/big':
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': MAX_RESPONSE_BYTES + 1 });
      return response.end('x'.repeat(MAX_RESPONSE_BYTES + 1));
    case '/big-stream': {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'y'.repeat(64 * 1024);
      let sent = 0;
      const write = () => {
        while (sent <= MAX_RESPONSE_BYTES && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      return write();
    }
    case '/redirect':
      response.writeHead(Number(url.searchParams.get('status') ?? 302), {
        location: url.searchParams.get('to') ?? '/',
      });
      return response.end();
    case '/loop':
      response.writeHead(302, { location: '/loop' });
      return response.end();
    default:
      return json(response, 404, { error: 'unknown path' });
  }
};

/** Answers with the server it is, so a test can tell which address it reached. */
const named =
  (name: string): Handler =>
  (_request, _body, response) =>
    json(response, 200, { server: name });

let main: TestServer;
let other: TestServer;
let secret: TestServer;
const savedAllowList = process.env.HTTP_BLOCK_ALLOW_HOSTS;

beforeAll(async () => {
  main = await startServer('127.0.0.1', api);
  other = await startServer('127.0.0.1', api);
  // Same port as `main`, on another loopback address: what a rebinding attack would reach.
  secret = await startServer('127.0.0.2', named('secret'), main.port);
});

afterAll(async () => {
  for (const s of [main, other, secret]) await new Promise((resolve) => s.server.close(resolve));
});

beforeEach(() => {
  for (const s of [main, other, secret]) s.seen.length = 0;
});

afterEach(() => {
  if (savedAllowList === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
  else process.env.HTTP_BLOCK_ALLOW_HOSTS = savedAllowList;
});

function allow(hosts: string): void {
  process.env.HTTP_BLOCK_ALLOW_HOSTS = hosts;
}

async function respond(settings: Record<string, unknown>, options: Omit<RunBlockOptions, 'settings'> = {}) {
  const { outputs } = await runBlock(httpRequest, { ...options, settings });
  return outputs.http_response as { status: number; headers: Record<string, string>; body: unknown };
}

async function failure(
  settings: Record<string, unknown>,
  block = httpRequest,
  options: Omit<RunBlockOptions, 'settings'> = {},
): Promise<BlockError> {
  const error: unknown = await runBlock(block, { ...options, settings }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof BlockError)) throw new Error(`expected the block to fail, got ${String(error)}`);
  return error;
}

const PUBLIC_ONLY = 'The HTTP Request block only reaches public internet addresses';

describe('httpRequest', () => {
  it('declares a processing block that costs 1 credit, with one JSON output', () => {
    expect(httpRequest.kind).toBe('httpRequest');
    expect(httpRequest.category).toBe('ai');
    expect(httpRequest.cost).toBe(1);
    expect(Object.keys(httpRequest.settings)).toEqual([
      'method',
      'url',
      'headers',
      'body',
      'timeout_seconds',
      'fail_on_error_status',
    ]);
    expect(httpRequest.outputs).toEqual({ http_response: expect.objectContaining({ type: 'json' }) });
  });

  describe('refuses addresses that are not public', () => {
    it('refuses loopback 127.0.0.1 without connecting', async () => {
      const error = await failure({ url: `${main.base}/json` });
      expect(error).toBeInstanceOf(AddressRefusedError);
      expect(error).toBeInstanceOf(BlockInputError);
      expect(error.message).toBe(
        `127.0.0.1 is a loopback address. ${PUBLIC_ONLY} (a server's operator can allow others with HTTP_BLOCK_ALLOW_HOSTS).`,
      );
      expect(main.seen).toEqual([]);
    });

    it('refuses loopback [::1]', async () => {
      const error = await failure({ url: `http://[::1]:${main.port}/json` });
      expect(error.message).toMatch(/^::1 is a loopback address\./);
    });

    it('refuses private, link-local and metadata addresses, however the address is written', async () => {
      const cases: Array<[string, string]> = [
        ['http://10.0.0.5/', '10.0.0.5 is a private address.'],
        ['http://10.255.1.1:8080/admin', '10.255.1.1 is a private address.'],
        ['http://192.168.1.1/', '192.168.1.1 is a private address.'],
        ['http://172.16.5.4/', '172.16.5.4 is a private address.'],
        ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address.'],
        ['http://169.254.10.1/', '169.254.10.1 is a link-local address.'],
        ['http://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254 is a cloud metadata address.'],
        ['http://[fe80::1]/', 'fe80::1 is a link-local address.'],
        ['http://0.0.0.0:80/', '0.0.0.0 is a "this network" address.'],
        ['http://2130706433/', '127.0.0.1 is a loopback address.'],
        ['http://0x7f.1/', '127.0.0.1 is a loopback address.'],
        ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is a loopback address.'],
        ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe is a cloud metadata address.'],
      ];
      for (const [url, message] of cases) {
        const error = await failure({ url });
        expect(error).toBeInstanceOf(AddressRefusedError);
        expect(error.message.startsWith(message)).toBe(true);
      }
    });

    it('refuses a name that resolves to loopback (localhost, through the system resolver)', async () => {
      const error = await failure({ url: `http://localhost:${main.port}/json` });
      expect(error.message).toMatch(
        /^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\./,
      );
      expect(main.seen).toEqual([]);
    });

    it('refuses a name that resolves to a private address, or to any private address among public ones', async () => {
      const resolver: Resolver = async (hostname) =>
        hostname === 'mixed.example'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '127.0.0.1', family: 4 },
            ]
          : [{ address: '10.0.0.7', family: 4 }];
      const block = createHttpRequest({ resolver });
      expect((await failure({ url: 'https://internal.example/' }, block)).message).toMatch(
        /^internal\.example resolves to 10\.0\.0\.7, which is a private address\./,
      );
      expect((await failure({ url: `http://mixed.example:${main.port}/json` }, block)).message).toMatch(
        /^mixed\.example resolves to 127\.0\.0\.1, which is a loopback address\./,
      );
      expect(main.seen).toEqual([]);
    });

    it('connects to the address it checked: a name that changes its answer is resolved once per connection', async () => {
      allow('127.0.0.1');
      let calls = 0;
      const resolver: Resolver = async () => {
        calls++;
        return [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
      };
      const block = createHttpRequest({ resolver });
      const { outputs } = await runBlock(block, {
        settings: { url: `http://rebind.example:${main.port}/json` },
      });
      expect(outputs.http_response).toMatchObject({ status: 200, body: { hello: 'world' } });
      expect(calls).toBe(1);
      const error = await failure({ url: `http://rebind.example:${main.port}/json` }, block);
      expect(error.message).toMatch(
        /^rebind\.example resolves to 127\.0\.0\.2, which is a loopback address\./,
      );
      expect(calls).toBe(2);
      expect(secret.seen).toEqual([]);
    });

    it('checks every redirect: an allowed server cannot send the block to a loopback address', async () => {
      allow(`127.0.0.1:${main.port}`);
      const targets: Array<[string, RegExp]> = [
        [`http://127.0.0.1:${other.port}/json`, /^127\.0\.0\.1 is a loopback address\./],
        [`http://127.0.0.2:${main.port}/json`, /^127\.0\.0\.2 is a loopback address\./],
        [`http://[::1]:${main.port}/json`, /^::1 is a loopback address\./],
        [`http://localhost:${other.port}/json`, /^localhost resolves to .*, which is a loopback address\./],
        ['http://169.254.169.254/latest/meta-data/', /^169\.254\.169\.254 is a cloud metadata address\./],
      ];
      for (const [to, message] of targets) {
        const error = await failure({ url: `${main.base}/redirect?to=${encodeURIComponent(to)}` });
        expect(error).toBeInstanceOf(AddressRefusedError);
        expect(error.message).toMatch(message);
      }
      expect(main.seen).toHaveLength(targets.length);
      expect(other.seen).toEqual([]);
      expect(secret.seen).toEqual([]);
    });

    it('refuses file: and other schemes, also as redirect targets', async () => {
      for (const [url, message] of [
        ['file:///etc/passwd', 'Only http and https URLs can be requested, not file:.'],
        ['ftp://ftp.example.com/file', 'Only http and https URLs can be requested, not ftp:.'],
        ['gopher://127.0.0.1:70/', 'Only http and https URLs can be requested, not gopher:.'],
        ['data:text/plain,hello', 'Only http and https URLs can be requested, not data:.'],
      ]) {
        const error = await failure({ url });
        expect(error).toBeInstanceOf(BlockInputError);
        expect(error.message).toBe(message);
      }
      allow(`127.0.0.1:${main.port}`);
      const error = await failure({
        url: `${main.base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`,
      });
      expect(error.message).toBe('The server redirected to a file: URL; only http and https are followed.');
    });
  });

  describe('with HTTP_BLOCK_ALLOW_HOSTS naming the local test server', () => {
    beforeEach(() => allow(`127.0.0.1:${main.port}`));

    it('as a tool of an agent, fills the model’s query into the request and answers what came back', async () => {
      expect(httpRequest.tool?.parameters.required).toEqual(['query']);
      const { answer, events } = await runAsTool(
        httpRequest,
        { query: 'cats & dogs' },
        { settings: { url: `${main.base}/echo?q={{query}}` } },
      );
      expect((answer as { body: { url: string } }).body.url).toBe('/echo?q=cats%20%26%20dogs');
      expect(events[0]).toMatchObject({
        type: 'node_started',
        tool: { arguments: { query: 'cats & dogs' } },
      });
    });

    it('answers status, headers and the parsed JSON body', async () => {
      const answer = await respond({ url: `${main.base}/json` });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body).toEqual({ hello: 'world', items: [1, 2] });
      expect(main.seen).toEqual(['/json']);
    });

    it('sends the method, filled headers and JSON body, and encodes variables in the URL', async () => {
      const answer = await respond(
        {
          method: 'POST',
          url: `${main.base}/echo?q={{query}}`,
          headers: 'Authorization: Bearer {{token}}\n\nX-Count: {{count}}',
          body: '{"text": "{{input_text}}", "count": {{count}}, "data": {{extracted_data}}}',
        },
        {
          upstream: { extracted_data: { name: 'Ada', skills: ['maths'] } },
          variables: { query: 'cats & dogs', token: 'abc123', count: 2 },
        },
      );
      const echo = answer.body as {
        method: string;
        url: string;
        headers: Record<string, string>;
        body: string;
      };
      expect(echo.method).toBe('POST');
      expect(echo.url).toBe('/echo?q=cats%20%26%20dogs');
      expect(echo.headers).toMatchObject({
        authorization: 'Bearer abc123',
        'x-count': '2',
        'content-type': 'application/json',
        'user-agent': 'Blocksmith-HTTP-Request/1',
      });
      expect(JSON.parse(echo.body)).toEqual({
        text: JSON.stringify({ name: 'Ada', skills: ['maths'] }, null, 2),
        count: 2,
        data: { name: 'Ada', skills: ['maths'] },
      });
    });

    it('passes text on as text, decompresses, and gives an empty body as null', async () => {
      expect((await respond({ url: `${main.base}/text` })).body).toBe('plain words');
      expect((await respond({ url: `${main.base}/gzip` })).body).toEqual({ packed: true });
      const empty = await respond({ url: `${main.base}/empty`, method: 'DELETE' });
      expect(empty).toMatchObject({ status: 204, body: null });
      expect((await respond({ url: `${main.base}/json`, method: 'HEAD' })).body).toBeNull();
    });

    it('fails on invalid JSON and on binary answers', async () => {
      expect((await failure({ url: `${main.base}/bad-json` })).message).toMatch(
        /^The server said it answered JSON, but the body is not valid JSON \(/,
      );
      expect((await failure({ url: `${main.base}/image` })).message).toBe(
        'The server answered image/png, which is not text or JSON; the block reads text and JSON only.',
      );
    });

    it('fails on an error status with its excerpt, or passes it on when asked', async () => {
      expect((await failure({ url: `${main.base}/missing` })).message).toBe(
        'The server answered 404 Not Found: {"error":"no such item"}',
      );
      const answer = await respond({ url: `${main.base}/missing`, fail_on_error_status: false });
      expect(answer).toMatchObject({ status: 404, body: { error: 'no such item' } });
    });

    it('follows redirects to allowed addresses, turning a POST into a GET on 303', async () => {
      const answer = await respond({ url: `${main.base}/redirect?to=/json` });
      expect(answer.body).toEqual({ hello: 'world', items: [1, 2] });
      const posted = await respond({
        method: 'POST',
        url: `${main.base}/redirect?status=303&to=/echo`,
        body: '{"a": 1}',
      });
      expect(posted.body).toMatchObject({ method: 'GET', body: '' });
      const kept = await respond({
        method: 'POST',
        url: `${main.base}/redirect?status=307&to=/echo`,
        body: '{"a": 1}',
      });
      expect(kept.body).toMatchObject({ method: 'POST', body: '{"a": 1}' });
    });

    it('keeps credentials from another origin a redirect leads to', async () => {
      allow('127.0.0.1');
      const answer = await respond({
        url: `${main.base}/redirect?to=${encodeURIComponent(`${other.base}/echo`)}`,
        headers: 'Authorization: Bearer secret\nX-Api-Key: secret\nAccept: application/json',
      });
      const { headers } = answer.body as { headers: Record<string, string> };
      expect(headers.authorization).toBeUndefined();
      expect(headers['x-api-key']).toBeUndefined();
      expect(headers.accept).toBe('application/json');
      expect(other.seen).toEqual(['/echo']);
    });

    it('sends the owner’s secrets in headers, and the answer never shows them', async () => {
      const answer = await respond(
        {
          url: `${main.base}/echo?q={{query}}`,
          headers: 'Authorization: Bearer {{secret.API_TOKEN}}\nX-Team: {{ secret.TEAM }}-{{query}}',
        },
        { variables: { query: 'cats' }, secrets: { API_TOKEN: 'tok_live_123', TEAM: 'blue' } },
      );
      const { headers } = answer.body as { headers: Record<string, string> };
      // The server received the values; the block's answer (which echoes them) shows their names.
      expect(headers.authorization).toBe('Bearer [secret API_TOKEN]');
      expect(headers['x-team']).toBe('[secret TEAM]-cats');
      expect(JSON.stringify(answer)).not.toContain('tok_live_123');
    });

    it('sends secrets to a written-out address whose path and headers reach into values', async () => {
      const answer = await respond(
        {
          url: `${main.base}/echo?who={{item.name}}&city={{item["city"]}}`,
          headers: 'Authorization: Bearer {{secret.API_TOKEN}}\nX-Who: {{ item.name }}',
        },
        { variables: { item: { name: 'Ada', city: 'London' } }, secrets: { API_TOKEN: 'tok_live_123' } },
      );
      const { url, headers } = answer.body as { url: string; headers: Record<string, string> };
      expect(url).toBe('/echo?who=Ada&city=London');
      expect(headers.authorization).toBe('Bearer [secret API_TOKEN]');
      expect(headers['x-who']).toBe('Ada');
    });

    it('refuses a secret it does not have, a secret outside headers, and a secret sent to a variable address', async () => {
      const missing = await failure({ url: `${main.base}/echo`, headers: 'Authorization: {{secret.NOPE}}' });
      expect(missing).toBeInstanceOf(BlockInputError);
      expect(missing.message).toBe(
        '"Headers" uses {{secret.NOPE}}, but there is no secret named NOPE. The app\'s owner adds it on the Secrets page (account menu), then runs the app again.',
      );
      const inUrl = await failure({ url: `${main.base}/echo?key={{secret.API_TOKEN}}` }, httpRequest, {
        secrets: { API_TOKEN: 'tok_live_123' },
      });
      expect(inUrl.message).toBe(
        '"URL" uses {{secret.API_TOKEN}}: secrets can be used in Headers only, where they are never shown. Move it there.',
      );
      const inBody = await failure(
        { method: 'POST', url: `${main.base}/echo`, body: '{"key": "{{secret.API_TOKEN}}"}' },
        httpRequest,
        { secrets: { API_TOKEN: 'tok_live_123' } },
      );
      expect(inBody.message).toContain('"JSON body" uses {{secret.API_TOKEN}}');
      // Whoever runs the app could pick the host: the owner's secret must not follow it there.
      const anywhere = await failure(
        { url: '{{input_text}}/echo', headers: 'Authorization: Bearer {{secret.API_TOKEN}}' },
        httpRequest,
        { upstream: { input_text: main.base }, secrets: { API_TOKEN: 'tok_live_123' } },
      );
      expect(anywhere.message).toMatch(
        /^"Headers" sends the secret API_TOKEN, so the URL's address must be written out/,
      );
      expect(main.seen).toEqual([]);
    });

    it('follows at most 5 redirects', async () => {
      const error = await failure({ url: `${main.base}/loop` });
      expect(error.message).toBe('The server redirected more than 5 times.');
      expect(main.seen).toHaveLength(6);
    });

    it('stops a request that passes the timeout', async () => {
      const started = Date.now();
      const error = await failure({ url: `${main.base}/slow`, timeout_seconds: 1 });
      expect(error.message).toBe(`127.0.0.1:${main.port} did not answer within 1 second.`);
      // /slow never answers: without the timeout this would wait for the test's own limit.
      expect(Date.now() - started).toBeLessThan(20_000);
    });

    it('refuses an answer larger than 2 MB, declared or streamed', async () => {
      const message = 'The answer is larger than 2 MB, the most the HTTP Request block reads.';
      expect((await failure({ url: `${main.base}/big` })).message).toBe(message);
      expect((await failure({ url: `${main.base}/big-stream` })).message).toBe(message);
    });

    it('stops when the run is stopped', async () => {
      const controller = new AbortController();
      const run = runBlock(httpRequest, {
        settings: { url: `${main.base}/slow` },
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 50);
      await expect(run).rejects.toThrow('The request was stopped because the run was stopped.');
    });
  });

  describe('settings', () => {
    beforeEach(() => allow(`127.0.0.1:${main.port}`));

    it('refuses a body on GET, reserved or malformed headers, and unknown variables', async () => {
      expect((await failure({ url: `${main.base}/json`, body: '{}' })).message).toBe(
        'A GET request has no body: choose POST, PUT, PATCH or DELETE, or clear "JSON body".',
      );
      expect((await failure({ url: `${main.base}/json`, headers: 'Host: internal' })).message).toBe(
        'Headers, line 1: the Host header is set by the block itself.',
      );
      expect((await failure({ url: `${main.base}/json`, headers: 'Accept: x\nnot a header' })).message).toBe(
        'Headers, line 2: write each header as "Name: value".',
      );
      const injected = await failure({ url: `${main.base}/json`, headers: 'X-Note: {{note}}' }, httpRequest, {
        variables: { note: 'a\r\nX-Admin: yes' },
      });
      expect(injected.message).toBe(
        '"Headers, line 1" holds a line break or NUL character after filling in variables.',
      );
      expect((await failure({ url: `${main.base}/items/{{id}}` })).message).toBe(
        '"URL" uses {{id}}, which no upstream block provides. Connect the block that provides it, or remove it.',
      );
      expect(
        (await failure({ url: '{{input_text}}' }, httpRequest, { upstream: { input_text: 'not a url' } }))
          .message,
      ).toBe(
        '"URL" is not a complete address after filling in variables: "not a url". Start it with https://.',
      );
      expect(main.seen).toEqual([]);
    });

    it('needs a URL and keeps the timeout between 1 and 30 seconds', async () => {
      await expect(runBlock(httpRequest, {})).rejects.toThrow(/URL/);
      await expect(
        runBlock(httpRequest, { settings: { url: main.base, timeout_seconds: 60 } }),
      ).rejects.toThrow(/Timeout/);
    });

    it('names an allow-list entry it cannot read', async () => {
      allow('localhost, http://intranet');
      expect((await failure({ url: 'https://example.com/' })).message).toBe(
        `HTTP_BLOCK_ALLOW_HOSTS has an entry that is not a host, address or range: "http://intranet". Ask the server's operator to correct it.`,
      );
    });
  });
});
