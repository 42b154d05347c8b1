import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BridgeError } from './errors';
import { readMultipart } from './multipart';

/** A server that reads each request as multipart and answers what it read, or the refusal. */
function startServer(): Promise<Server> {
  const server = createServer((req, res) => {
    readMultipart(req, { maxFileBytes: 1024 }).then(
      (body) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ fields: body.fields, file: body.file?.data.toString('utf8') ?? null }));
      },
      (error: unknown) => {
        const refusal = error as BridgeError;
        res.writeHead(refusal.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refusal.body));
      },
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function post(server: Server, body: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/',
        headers: {
          'content-type': 'multipart/form-data; boundary=b',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('readMultipart', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a whole form', async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="appId"\r\n\r\napp-1\r\n' +
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--b--\r\n';
    expect(await post(server, body)).toEqual({
      status: 200,
      body: { fields: { appId: 'app-1' }, file: 'abc' },
    });
  });

  it('refuses a body that ends inside a file part, and the process keeps serving', async () => {
    const truncated = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc';
    const answer = await post(server, truncated);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request' });
    expect(String(answer.body.message)).toMatch(/ended before the file was complete/);
    // The same server still answers the next request.
    const body = '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n';
    expect((await post(server, body)).status).toBe(200);
  });

  it('refuses a body that ends inside a field', async () => {
    const answer = await post(server, '--b\r\nContent-Disposition: form-data; name="appId"\r\n\r\napp');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request' });
  });
});
