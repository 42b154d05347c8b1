import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { SuccessWriter } from './success-writer';

describe.each(databaseTargets)('SuccessWriter on %s', (_name, databaseUrl) => {
  let db: Database;
  let ownerId: string;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    ownerId = randomUUID();
    await db.dataSource.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [
      ownerId,
      `${ownerId}@example.com`,
    ]);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  async function newApp(): Promise<string> {
    const appId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO apps (id, owner_id, name, slug, config) VALUES ($1, $2, 'App', $3, '{}'::jsonb)`,
      [appId, ownerId, `app-${appId}`],
    );
    return appId;
  }

  async function newRun(appId: string, status = 'running'): Promise<string> {
    const runId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs) VALUES ($1, $2, $3, 'published', $4, 0, '{}')`,
      [runId, appId, ownerId, status],
    );
    return runId;
  }

  const success = (runId: string, text = 'done') => ({
    runId,
    result: { summary: text, artifacts: [] },
    nodes: { n1: { status: 'succeeded', durationMs: 3 } },
    finishedAt: new Date('2026-11-22T10:00:00Z'),
  });

  it('stores runs that end together, counting each app’s uses, and answers each stored run', async () => {
    const [first, second] = [await newApp(), await newApp()];
    const runs = [
      ...(await Promise.all(Array.from({ length: 30 }, () => newRun(first)))),
      ...(await Promise.all(Array.from({ length: 12 }, () => newRun(second)))),
    ];
    const writer = new SuccessWriter(db.dataSource, 10);
    const rows = await Promise.all(runs.map((runId, i) => writer.store(success(runId, `answer ${i}`))));
    rows.forEach((row, i) => {
      expect(row).toMatchObject({ id: runs[i], status: 'succeeded' });
      const result = typeof row!.result === 'string' ? JSON.parse(row!.result) : row!.result;
      expect(result).toEqual({ summary: `answer ${i}`, artifacts: [] });
    });
    const uses = (await db.dataSource.query('SELECT id, uses FROM apps WHERE id = ANY($1::uuid[])', [
      [first, second],
    ])) as { id: string; uses: number }[];
    expect(Object.fromEntries(uses.map((u) => [u.id, Number(u.uses)]))).toEqual({
      [first]: 30,
      [second]: 12,
    });
    const stored = (await db.dataSource.query(
      `SELECT count(*)::int AS n FROM runs WHERE id = ANY($1::uuid[]) AND status = 'succeeded' AND finished_at IS NOT NULL`,
      [runs],
    )) as { n: number }[];
    expect(stored[0]!.n).toBe(runs.length);
  });

  it('leaves a run that already ended as it is, and one bad success fails only itself', async () => {
    const appId = await newApp();
    const ended = await newRun(appId, 'failed');
    const fine = await newRun(appId);
    const writer = new SuccessWriter(db.dataSource);
    const bad = { ...success(randomUUID()), runId: 'not a uuid' };
    const [endedRow, badRow, fineRow] = await Promise.allSettled([
      writer.store(success(ended)),
      writer.store(bad),
      writer.store(success(fine)),
    ]);
    expect(endedRow).toEqual({ status: 'fulfilled', value: null });
    expect(badRow.status).toBe('rejected');
    expect(fineRow).toMatchObject({ status: 'fulfilled', value: { id: fine, status: 'succeeded' } });
    const [app] = (await db.dataSource.query('SELECT uses FROM apps WHERE id = $1', [appId])) as {
      uses: number;
    }[];
    expect(Number(app!.uses)).toBe(1);
    const [row] = (await db.dataSource.query('SELECT status FROM runs WHERE id = $1', [ended])) as {
      status: string;
    }[];
    expect(row!.status).toBe('failed');
  });
});
