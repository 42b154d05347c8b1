import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OfflineProvider } from './providers/ai';
import { loadConfig } from './config';
import { KEEP_ALIVE_MS, startGateway, type Gateway } from './gateway';
import { BlockRegistry } from './kernel';
import { seedPgliteDataDir } from './testing/database-template';
import { startTestGateway, type TestGateway } from './testing/graphql-client';

interface Probe {
  status: number;
  cacheControl: string | null;
  contentType: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function probe(gateway: Gateway, route: '/healthz' | '/readyz'): Promise<Probe> {
  const response = await fetch(`${gateway.url}${route}`);
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    contentType: response.headers.get('content-type'),
    body: await response.json(),
  };
}

const ok = { status: 'ok' };

/** What the routes log when readiness changes, kept from the test output and checked. */
function captureLog(): { errors: jest.SpyInstance; lines: jest.SpyInstance } {
  return {
    errors: jest.spyOn(console, 'error').mockImplementation(() => undefined),
    lines: jest.spyOn(console, 'log').mockImplementation(() => undefined),
  };
}

describe('health routes of a started gateway', () => {
  let t: TestGateway;
  let log: ReturnType<typeof captureLog>;
  beforeEach(() => (log = captureLog()));
  afterEach(() => jest.restoreAllMocks());
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  it('GET /healthz: the process is up, as uncached JSON without signing in', async () => {
    const answer = await probe(t.gateway, '/healthz');
    expect(answer).toEqual({
      status: 200,
      cacheControl: 'no-store',
      contentType: expect.stringMatching(/^application\/json/),
      body: { status: 'ok' },
    });
  });

  it('keeps an idle connection open longer than clients do, and says so', async () => {
    const answer = await fetch(`${t.gateway.url}/healthz`);
    await answer.text();
    expect(answer.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
  });

  it('GET /readyz: the database answers, every migration is applied and blocks are loaded', async () => {
    const answer = await probe(t.gateway, '/readyz');
    expect(answer).toEqual({
      status: 200,
      cacheControl: 'no-store',
      contentType: expect.stringMatching(/^application\/json/),
      body: { status: 'ready', checks: { database: ok, migrations: ok, blocks: ok } },
    });
  });

  it('is not ready while a migration this version knows is not applied', async () => {
    const { dataSource } = t.gateway.database;
    const [applied] = (await dataSource.query(
      'SELECT "id", "timestamp", "name" FROM "migrations" ORDER BY "id" DESC LIMIT 1',
    )) as [{ id: number; timestamp: string; name: string }];
    await dataSource.query('DELETE FROM "migrations" WHERE "id" = $1', [applied.id]);
    try {
      const answer = await probe(t.gateway, '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.cacheControl).toBe('no-store');
      expect(answer.body).toEqual({
        status: 'not_ready',
        checks: {
          database: ok,
          migrations: { status: 'failed', message: `Not applied yet: ${applied.name}.` },
          blocks: ok,
        },
        failed: ['migrations'],
      });
    } finally {
      await dataSource.query('INSERT INTO "migrations" ("id", "timestamp", "name") VALUES ($1, $2, $3)', [
        applied.id,
        applied.timestamp,
        applied.name,
      ]);
    }
    expect((await probe(t.gateway, '/readyz')).status).toBe(200);
    expect(log.errors).toHaveBeenCalledWith(`Not ready. migrations: Not applied yet: ${applied.name}.`);
    expect(log.lines).toHaveBeenCalledWith('Ready again.');
  });

  it('is not ready while the database does not answer, and stays alive', async () => {
    // The embedded database is one session: a transaction left open keeps every other query waiting.
    const holder = t.gateway.database.dataSource.createQueryRunner();
    await holder.startTransaction();
    try {
      const started = Date.now();
      const [ready, alive] = await Promise.all([probe(t.gateway, '/readyz'), probe(t.gateway, '/healthz')]);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not_ready',
        checks: {
          database: { status: 'failed', message: 'The database did not answer within 2 s.' },
          migrations: { status: 'skipped', message: 'Not checked: the database did not answer.' },
          blocks: ok,
        },
        failed: ['database'],
      });
      // The transaction is held until after the answer: waiting for the database would never end.
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(alive).toMatchObject({ status: 200, body: { status: 'ok' } });
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    expect((await probe(t.gateway, '/readyz')).body.status).toBe('ready');
    expect(log.errors).toHaveBeenCalledWith('Not ready. database: The database did not answer within 2 s.');
  });
});

describe('health routes of a gateway without blocks whose database has closed', () => {
  let gateway: Gateway;
  let dataDir: string;
  let log: ReturnType<typeof captureLog>;
  beforeEach(() => (log = captureLog()));
  afterEach(() => jest.restoreAllMocks());
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-'));
    // A migrated copy: migrating from nothing took over 60 s at load 23.
    await seedPgliteDataDir(dataDir);
    gateway = await startGateway({
      config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
      registry: new BlockRegistry(),
      provider: new OfflineProvider(),
      scheduledWork: false,
    });
  }, 180_000);
  afterAll(async () => {
    // The database is already closed: the steps that use it complain, and closing it again fails.
    captureLog();
    await gateway.close().catch((error: unknown) => {
      if (gateway.database.dataSource.isInitialized) throw error;
    });
    jest.restoreAllMocks();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the missing blocks, then the closed database, while /healthz stays 200', async () => {
    const noBlocks = await probe(gateway, '/readyz');
    expect(noBlocks.status).toBe(503);
    expect(noBlocks.body).toEqual({
      status: 'not_ready',
      checks: {
        database: ok,
        migrations: ok,
        blocks: { status: 'failed', message: 'No block packages are loaded.' },
      },
      failed: ['blocks'],
    });

    await gateway.database.close();
    const closed = await probe(gateway, '/readyz');
    expect(closed.status).toBe(503);
    expect(closed.cacheControl).toBe('no-store');
    expect(closed.body).toEqual({
      status: 'not_ready',
      checks: {
        database: { status: 'failed', message: 'The database connection is closed.' },
        migrations: { status: 'skipped', message: 'Not checked: the database did not answer.' },
        blocks: { status: 'failed', message: 'No block packages are loaded.' },
      },
      failed: ['database', 'blocks'],
    });
    expect(await probe(gateway, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(log.errors.mock.calls).toEqual([
      ['Not ready. blocks: No block packages are loaded.'],
      ['Not ready. database: The database connection is closed. blocks: No block packages are loaded.'],
    ]);
  });
});
