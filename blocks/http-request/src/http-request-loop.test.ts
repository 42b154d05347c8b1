import { block as collect } from '@blocksmith/block-collect';
import { block as forEach } from '@blocksmith/block-for-each';
import { runGraph } from '@blocksmith/block-sdk/testing';
import { echoInput } from '@blocksmith/engine/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpRequest } from './http-request';

/** A CSV's rows, one per item of a For Each loop, each reaching the URL through `{{item.<column>}}`. */

const CSV = 'name,city\nAda Lovelace,London\nAlan Turing,Wilmslow\n"Grace Hopper","New York"\n';

let server: Server;
let base: string;
const seen: string[] = [];
const savedAllowList = process.env.HTTP_BLOCK_ALLOW_HOSTS;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ path: decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${port}`;
});

afterAll(async () => {
  if (savedAllowList === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
  else process.env.HTTP_BLOCK_ALLOW_HOSTS = savedAllowList;
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

function loopOverRows(url: string) {
  return runGraph({
    blocks: [echoInput, forEach, httpRequest, collect],
    nodes: [
      { id: 'csv', type: 'echoInput' },
      { id: 'rows', type: 'forEach', settings: { split: 'table', concurrency: 1 } },
      { id: 'call', type: 'httpRequest', settings: { url } },
      { id: 'gather', type: 'collect' },
    ],
    connections: [
      { from: 'csv', to: 'rows' },
      { from: 'rows', to: 'call' },
      { from: 'call', to: 'gather' },
    ],
    inputs: { input_text: CSV },
  });
}

describe('HTTP Request inside a For Each loop over rows', () => {
  it('fills {{item.name}} from each row, encoded in the path and query', async () => {
    const run = await loopOverRows(`${base}/people/{{item.name}}?city={{ item.city }}`);
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('succeeded');
    expect([...seen].sort()).toEqual([
      '/people/Ada%20Lovelace?city=London',
      '/people/Alan%20Turing?city=Wilmslow',
      '/people/Grace%20Hopper?city=New%20York',
    ]);
    const answers = run.blocks.gather!.outputs.collected as { body: { path: string } }[];
    expect(answers.map((answer) => answer.body.path)).toEqual([
      '/people/Ada Lovelace',
      '/people/Alan Turing',
      '/people/Grace Hopper',
    ]);
  });

  it('refuses a column the rows do not have, naming the ones they have, and sends nothing', async () => {
    const run = await loopOverRows(`${base}/people/{{item.nme}}`);
    expect(run.status).toBe('failed');
    expect(run.blocks.call!.error).toContain(
      '"URL" uses {{item.nme}}, but item has no field "nme"; its fields are name, city.',
    );
    expect(seen).toEqual([]);
  });
});
