import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { workbenchRoutes } from './workbench-routes';

const PAGE = '<!doctype html><title>Blocksmith</title><div id="root"></div>';

describe('workbenchRoutes', () => {
  let dir: string;
  let server: ReturnType<express.Express['listen']>;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'workbench-'));
    writeFileSync(path.join(dir, 'index.html'), PAGE);
    const app = express();
    app.use(workbenchRoutes(dir));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/store', '/app/cold-email', '/account/secrets', '/my-apps/a1/runs?days=7'])(
    'serves the web app at the page %s with 200',
    async (page) => {
      const response = await fetch(`${url}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toBe(PAGE);
    },
  );

  it.each(['/pricing', '/account', '/no/such/page', '/store/user'])(
    'answers %s, no page of the workbench, with its not-found page and 404',
    async (page) => {
      const response = await fetch(`${url}${page}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toBe(PAGE);
    },
  );
});
