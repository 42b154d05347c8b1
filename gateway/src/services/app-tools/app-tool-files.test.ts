import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeApp, probePlugin } from '../../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../../testing/rest-client';
import { FileRecord } from '../../data/entities';
import { mcpClient, publishApp, starterWithKey, type McpTestPerson } from '../../mcp/testing/mcp-fixture';

const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;

/** A file upload block as a tool parameter: the file in base64, or an address the server fetches. */
describe('file arguments of an app tool', () => {
  let t: ApiTestGateway;
  let caller: McpTestPerson;
  let files: Server;
  let filesUrl: string;
  const allowBefore = process.env.HTTP_BLOCK_ALLOW_HOSTS;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    const admin = await t.signUpAdmin('admin@example.com');
    const creator = await starterWithKey(t, 'creator@example.com');
    caller = await starterWithKey(t, 'caller@example.com');
    await publishApp(t, creator.token, admin, {
      name: 'Note reader',
      slug: 'note-reader',
      config: probeApp(
        [
          probePlugin('doc', 'fileUpload', { label: 'Your note', acceptedTypes: 'all', maxSize: 1 }),
          probePlugin('show', 'textDisplay'),
        ],
        [['doc', 'show']],
      ),
    });
    files = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('fetched note');
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/notes/today.txt`;
  }, 120_000);

  afterAll(async () => {
    if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
    await new Promise((resolve) => files.close(resolve));
    await t.close();
  });

  const keptFiles = () =>
    t.gateway.database.dataSource.getRepository(FileRecord).find({ where: { ownerId: caller.id } });

  it('describes the file parameter as an address or a base64 object', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const [tool] = (await client.listTools()).tools;
    expect(tool!.inputSchema.properties!.file_url).toMatchObject({
      description: 'Your note',
      oneOf: [{ type: 'string' }, { type: 'object', required: ['data', 'name'] }],
    });
    await client.close();
  });

  it('keeps a base64 file as the caller’s upload and runs the app on it', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    const data = Buffer.from('a short note').toString('base64');
    const result = await client.callTool({
      name: 'note-reader',
      arguments: { file_url: { data, name: 'note.txt', mimeType: 'text/plain' } },
    });
    expect(text(result)).not.toContain('failed');
    expect(result.isError).toBeFalsy();
    const kept = await keptFiles();
    expect(kept.map((file) => file.name)).toContain('note.txt');
    const refused = await client.callTool({
      name: 'note-reader',
      arguments: { file_url: { data: 'not base64!', name: 'x.txt' } },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe('"file_url".data is not base64.');
    const tooLarge = await client.callTool({
      name: 'note-reader',
      arguments: { file_url: { data: Buffer.alloc(2 * 1024 * 1024).toString('base64'), name: 'big.txt' } },
    });
    expect(tooLarge.isError).toBe(true);
    expect(text(tooLarge)).toContain('larger than');
    await client.close();
  });

  it('fetches a file by its address only where the address guard allows', async () => {
    const { client } = await mcpClient(`${t.gateway.url}/mcp`, caller.key);
    delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    const refused = await client.callTool({ name: 'note-reader', arguments: { file_url: filesUrl } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('127.0.0.1 is a loopback address.');

    process.env.HTTP_BLOCK_ALLOW_HOSTS = new URL(filesUrl).host;
    const fetched = await client.callTool({ name: 'note-reader', arguments: { file_url: filesUrl } });
    expect(fetched.isError).toBeFalsy();
    expect((await keptFiles()).map((file) => file.name)).toContain('today.txt');
    await client.close();
  });
});
