import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { BlockRegistry } from '../../kernel';
import { echoInput, probeApp, probePlugin } from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { FileLinks } from '../files/file-links';
import { RunHistoryService, type RunHistoryDeps } from './run-history-service';

const registry = new BlockRegistry();
registry.register(echoInput, 'test');

/** 30,000 runs of one app: sources in turn (schedule 1 in 50), statuses mostly succeeded. */
const RUNS = 30_000;

describe.each(databaseTargets)('An app’s run history at scale on %s', (_name, databaseUrl) => {
  let db: Database;
  let history: RunHistoryService;
  let appId: string;
  let viewer: { userId: string; isAdmin: boolean };

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    const owner = randomUUID();
    await db.dataSource.getRepository(User).insert({ id: owner, email: `${owner}@example.com` });
    const apps = new AppService(db.dataSource, registry);
    appId = (
      await apps.create(owner, { name: 'Listed', config: probeApp([probePlugin('in', 'echoInput')], []) })
    ).id!;
    viewer = { userId: owner, isAdmin: false };
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, source, status, cost, inputs, created_at)
       SELECT gen_random_uuid(), $1, $2, 'published',
              CASE WHEN i % 50 = 48 THEN 'schedule' ELSE (ARRAY['builder', 'store', 'embed', 'api'])[1 + i % 4] END,
              CASE WHEN i % 100 < 97 THEN 'succeeded' WHEN i % 100 < 99 THEN 'failed' ELSE 'aborted' END,
              1, '{}'::jsonb, now() - make_interval(secs => i)
         FROM generate_series(1, $3) AS i`,
      [appId, owner, RUNS],
    );
    // And a few still going.
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, source, status, cost, inputs, created_at)
       SELECT gen_random_uuid(), $1, $2, 'published', 'api', 'running', 1, '{}'::jsonb, now() - make_interval(secs => i)
         FROM generate_series(1, 30) AS i`,
      [appId, owner],
    );
    await db.dataSource.query('ANALYZE runs');
    history = new RunHistoryService({
      dataSource: db.dataSource,
      fileLinks: new FileLinks(db.dataSource),
      registry,
      files: { delete: async () => undefined } as unknown as RunHistoryDeps['files'],
    });
  }, 120_000);

  afterAll(() => db.close());

  /** The indexes the page's query reads, as the database plans it. */
  async function indexesFor(where: string, parameters: unknown[] = []): Promise<string[]> {
    const [plan] = (await db.dataSource.query(
      `EXPLAIN (FORMAT JSON) SELECT id FROM runs r WHERE r.app_id = $1 AND ${where}
         ORDER BY r.created_at DESC, r.id DESC LIMIT 21`,
      [appId, ...parameters],
    )) as { 'QUERY PLAN': unknown }[];
    const text = JSON.stringify(plan!['QUERY PLAN']);
    expect(text).not.toContain('"Node Type":"Sort"');
    return [...text.matchAll(/"Index Name":"(\w+)"/g)].map((match) => match[1]!);
  }

  it('reads a page of a rare source from its own index, newest first', async () => {
    expect(await indexesFor(`r.source = 'schedule'`)).toEqual(['runs_app_source']);
    const page = await history.appRuns(viewer, appId, { limit: 20, source: 'schedule' });
    expect(page.runs).toHaveLength(20);
    expect(page.runs.every((run) => run.source === 'schedule')).toBe(true);
    const times = page.runs.map((run) => new Date(run.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('reads a page filtered by status and source from the index of both', async () => {
    expect(await indexesFor(`r.status = 'failed' AND r.source = 'schedule'`)).toEqual([
      'runs_app_status_source',
    ]);
    const page = await history.appRuns(viewer, appId, { limit: 5, status: 'failed', source: 'schedule' });
    expect(page.runs.length).toBeGreaterThan(0);
    expect(page.runs.every((run) => run.status === 'failed' && run.source === 'schedule')).toBe(true);
  });

  it('reads a page filtered by status from the status index', async () => {
    expect(await indexesFor(`r.status = 'failed'`)).toEqual(['runs_app_status']);
    // As the service sends it: the status a parameter, known when the statement is planned.
    expect(await indexesFor(`r.status = $2`, ['failed'])).toEqual(['runs_app_status']);
    expect(await indexesFor(`r.status = $2 AND r.source = $3`, ['failed', 'schedule'])).toEqual([
      'runs_app_status_source',
    ]);
  });

  it('keeps ended runs only in the status indexes, and reads the runs going on from an index of their own', async () => {
    expect(await indexesFor(`r.status = $2`, ['running'])).toEqual(['runs_app_live']);
    const page = await history.appRuns(viewer, appId, { limit: 20, status: 'running' });
    expect(page.runs).toHaveLength(20);
    expect(page.runs.every((run) => run.status === 'running')).toBe(true);
    const both = await history.appRuns(viewer, appId, { limit: 50, status: 'running', source: 'api' });
    expect(both.runs).toHaveLength(30);
    const [sizes] = (await db.dataSource.query(
      `SELECT pg_relation_size('runs_app_live') AS live, pg_relation_size('runs_app_status') AS ended`,
    )) as { live: string; ended: string }[];
    expect(Number(sizes!.live)).toBeLessThanOrEqual(16_384);
    expect(Number(sizes!.live)).toBeLessThan(Number(sizes!.ended) / 20);
  });
});
