import { runBlock } from '@blocksmith/block-sdk/testing';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpRequest } from './http-request';

/** A loopback server that redirects `/go?to=...` with a 307, and answers anything else with 200. */
interface Recorder {
  server: Server;
  base: string;
  /** The headers of every request it answered (redirects too), in order. */
  received: IncomingHttpHeaders[];
}

async function recorder(): Promise<Recorder> {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    received.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://test');
    const to = url.searchParams.get('to');
    if (url.pathname === '/go' && to !== null) {
      response.writeHead(307, { location: to });
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const SECRETS = { UA: 'ua-secret-1234', TYPE: 'vnd.secret-5678+json', LANG: 'xx-secret-9012', TEAM: 'blue' };
const HEADERS = [
  'User-Agent: Blocksmith {{secret.UA}}',
  'Content-Type: application/{{secret.TYPE}}',
  'Accept-Language: {{secret.LANG}}',
  'Accept-Encoding: gzip',
  'Accept: application/json',
  'X-Team: {{secret.TEAM}}-cats',
  'Authorization: Bearer {{secret.UA}}',
].join('\n');

let first: Recorder;
let second: Recorder;
const savedAllowList = process.env.HTTP_BLOCK_ALLOW_HOSTS;

beforeAll(async () => {
  first = await recorder();
  second = await recorder();
  process.env.HTTP_BLOCK_ALLOW_HOSTS = '127.0.0.1';
});

afterAll(async () => {
  for (const r of [first, second]) await new Promise((resolve) => r.server.close(resolve));
  if (savedAllowList === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
  else process.env.HTTP_BLOCK_ALLOW_HOSTS = savedAllowList;
});

beforeEach(() => {
  first.received.length = 0;
  second.received.length = 0;
});

function carriesSecret(headers: IncomingHttpHeaders): string[] {
  return Object.entries(headers)
    .filter(([, value]) => Object.values(SECRETS).some((secret) => String(value).includes(secret)))
    .map(([name]) => name);
}

describe('a redirect to another origin (another port)', () => {
  it('sends on no header that carries a secret, whichever its name', async () => {
    await runBlock(httpRequest, {
      settings: {
        method: 'POST',
        url: `${first.base}/go?to=${encodeURIComponent(`${second.base}/land`)}`,
        headers: HEADERS,
        body: '{"a": 1}',
      },
      secrets: SECRETS,
    });
    expect(first.received).toHaveLength(1);
    expect(carriesSecret(first.received[0]!).sort()).toEqual(
      ['accept-language', 'authorization', 'content-type', 'user-agent', 'x-team'].sort(),
    );
    expect(second.received).toHaveLength(1);
    const landed = second.received[0]!;
    expect(carriesSecret(landed)).toEqual([]);
    expect(landed).toMatchObject({ accept: 'application/json', 'accept-encoding': 'gzip' });
  });

  it('keeps them on a redirect within the same origin', async () => {
    await runBlock(httpRequest, {
      settings: { url: `${first.base}/go?to=/land`, headers: HEADERS },
      secrets: SECRETS,
    });
    expect(first.received).toHaveLength(2);
    expect(carriesSecret(first.received[1]!).sort()).toEqual(
      ['accept-language', 'authorization', 'content-type', 'user-agent', 'x-team'].sort(),
    );
  });
});
