import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressGuard, AddressRefusedError, type Resolver } from './address-guard';
import { AllowList } from './allow-list';
import { guardedFetch } from './guarded-fetch';

let server: Server;
let port: number;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: one\n\n');
        setImmediate(() => response.end('data: two\n\n'));
      } else if (request.url === '/empty') {
        response.writeHead(204).end();
      } else if (request.url === '/moved') {
        response.writeHead(302, { location: 'http://127.0.0.1:1/' }).end();
      } else {
        response.writeHead(201, { 'content-type': 'application/json', 'x-session': 'abc' });
        response.end(JSON.stringify({ echoed: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => (seen.length = 0));

const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

function fetchAllowing(entries: string): typeof fetch {
  return guardedFetch(new AddressGuard(AllowList.parse(entries), toLoopback, 'The block'));
}

describe('guardedFetch', () => {
  it('sends method, headers and body to an allowed address and answers a Response', async () => {
    const response = await fetchAllowing(`127.0.0.1:${port}`)(`http://127.0.0.1:${port}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer token' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-session')).toBe('abc');
    expect(await response.json()).toEqual({ echoed: '{"a":1}' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/rpc',
      body: '{"a":1}',
      headers: expect.objectContaining({ authorization: 'Bearer token', 'content-length': '7' }),
    });
  });

  it('streams the body as it arrives, resolves names through the guard, and answers 204 without a body', async () => {
    const fetchIt = fetchAllowing(`mcp.internal:${port}`);
    const response = await fetchIt(new URL(`http://mcp.internal:${port}/stream`));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('data: one\n\ndata: two\n\n');
    const empty = await fetchIt(`http://mcp.internal:${port}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('returns a redirect as it is, without following it', async () => {
    const response = await fetchAllowing(`127.0.0.1:${port}`)(`http://127.0.0.1:${port}/moved`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:1/');
    expect(seen).toHaveLength(1);
  });

  it('refuses loopback addresses, written or resolved, unless the operator allows them; nothing is sent', async () => {
    const fetchIt = fetchAllowing('');
    await expect(fetchIt(`http://127.0.0.1:${port}/rpc`)).rejects.toThrow(
      /^127\.0\.0\.1 is a loopback address\. The block only reaches public internet addresses/,
    );
    await expect(fetchIt(`http://mcp.internal:${port}/rpc`)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(fetchAllowing('127.0.0.1:1')(`http://127.0.0.1:${port}/rpc`)).rejects.toThrow(
      AddressRefusedError,
    );
    await expect(fetchIt('file:///etc/passwd')).rejects.toThrow(
      'Only http and https addresses can be reached',
    );
    expect(seen).toEqual([]);
  });

  it('refuses URLs that spell a loopback or metadata address another way; nothing is sent', async () => {
    const fetchIt = fetchAllowing('');
    for (const host of [
      '2130706433',
      '0177.0.0.1',
      '0x7f.1',
      '127.1',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
    ]) {
      await expect(fetchIt(`http://${host}:${port}/rpc`)).rejects.toThrow(/is a loopback address\./);
    }
    await expect(fetchIt('http://0xa9fea9fe/latest/meta-data/')).rejects.toThrow(
      /^169\.254\.169\.254 is a cloud metadata address\./,
    );
    await expect(fetchIt('http://[fd00:ec2::254]/latest/meta-data/')).rejects.toThrow(
      /cloud metadata address/,
    );
    await expect(fetchIt('http://[fc00::1]/')).rejects.toThrow(/private \(unique local\) address/);
    expect(seen).toEqual([]);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchAllowing(`127.0.0.1:${port}`)(`http://127.0.0.1:${port}/rpc`, { signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
  });
});
