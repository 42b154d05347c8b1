import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeRegExp } from '@blocksmith/schema';
import { testFetch } from './test-fetch';

/** A loopback server; `hangUp` reads each request whole, then closes the connection unanswered. */
async function start(hangUp: boolean): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => (hangUp ? req.socket.end() : res.end('fine')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/x` };
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('testFetch', () => {
  it('answers as fetch does when the server answers', async () => {
    const { server, url } = await start(false);
    const answer = await testFetch(url, { method: 'POST', body: 'a' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('fine');
    await close(server);
  });

  it('names the request, the socket error and what the socket saw when the server hangs up', async () => {
    const { server, url } = await start(true);
    const failure = testFetch(url, { method: 'POST', body: 'a' });
    await expect(failure).rejects.toThrow(
      new RegExp(
        `^POST ${escapeRegExp(url)} failed: UND_ERR_SOCKET other side closed \\(socket: \\{.*"remotePort":\\d+.*"bytesWritten":\\d+`,
      ),
    );
    await close(server);
  });

  it('names the request and the refusal when nothing listens', async () => {
    const { server, url } = await start(false);
    await close(server);
    await expect(testFetch(url)).rejects.toThrow(
      new RegExp(`^GET ${escapeRegExp(url)} failed: .*ECONNREFUSED`),
    );
  });
});
