import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { STORE_STEPS_SQL } from './run-records';
import { STORE_SUCCESSES, STORE_UNPRICED_SUCCESSES, SuccessWriter } from './success-writer';

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
  });

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
    const writer = new SuccessWriter(db.dataSource, { maxBatch: 10 });
    const rows = await Promise.all(runs.map((runId, i) => writer.store(success(runId, `answer ${i}`))));
    rows.forEach((row, i) => {
      expect(row).toMatchObject({ id: runs[i], status: 'succeeded', app_id: i < 30 ? first : second });
      // The writer has what it sent: the answer holds none of it.
      expect(row).not.toHaveProperty('result');
      expect(row).not.toHaveProperty('nodes');
      expect(row).not.toHaveProperty('inputs');
    });
    const results = (await db.dataSource.query(
      `SELECT id, result, nodes FROM runs WHERE id = ANY($1::uuid[])`,
      [runs],
    )) as { id: string; result: unknown; nodes: unknown }[];
    const byId = new Map(results.map((row) => [row.id, row]));
    runs.forEach((runId, i) => {
      expect(byId.get(runId)).toEqual({
        id: runId,
        result: { summary: `answer ${i}`, artifacts: [] },
        nodes: { n1: { status: 'succeeded', durationMs: 3 } },
      });
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

  it('stores the successes of one turn of the event loop in one statement, and a later one in another', async () => {
    const appId = await newApp();
    const runs = await Promise.all(Array.from({ length: 6 }, () => newRun(appId)));
    const writer = new SuccessWriter(db.dataSource);
    const sent = jest.spyOn(db.dataSource.manager, 'query');
    try {
      // Five runs ending in the same turn (as requests handled one after another without waiting
      // for I/O do), then one more after they were stored.
      const together = await Promise.all(runs.slice(0, 5).map((runId) => writer.store(success(runId))));
      expect(sent).toHaveBeenCalledTimes(1);
      const later = await writer.store(success(runs[5]!));
      expect(sent).toHaveBeenCalledTimes(2);
      expect([...together, later].map((row) => row?.id)).toEqual(runs);
    } finally {
      sent.mockRestore();
    }
    const [app] = (await db.dataSource.query('SELECT uses FROM apps WHERE id = $1', [appId])) as {
      uses: number;
    }[];
    expect(Number(app!.uses)).toBe(6);
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
  it('finds the runs it ends (and checkpoints) by their keys, not by reading every run in flight', async () => {
    const appId = await newApp();
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs)
       SELECT gen_random_uuid(), $1, $2, 'published', 'running', 0, '{}' FROM generate_series(1, 2000)`,
      [appId, ownerId],
    );
    await db.dataSource.query('ANALYZE runs');
    const ending = [await newRun(appId), await newRun(appId)];
    const sent = JSON.stringify(
      ending.map((id) => ({ id, result: '{}', nodes: '{}', finished_at: new Date() })),
    );
    for (const text of [STORE_SUCCESSES.text, STORE_UNPRICED_SUCCESSES.text, STORE_STEPS_SQL]) {
      // The generic plan a prepared statement keeps (the gateway's sessions use them for these).
      const plan = await db.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL plan_cache_mode = force_generic_plan');
        await manager.query(`PREPARE ending_runs (jsonb) AS ${text}`);
        // EXPLAIN takes no parameters of its own: the JSON goes as a literal.
        const literal = `'${sent.replaceAll("'", "''")}'`;
        const rows = (await manager.query(`EXPLAIN EXECUTE ending_runs (${literal})`)) as Record<
          string,
          string
        >[];
        await manager.query('DEALLOCATE ending_runs');
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
      // The runs read through their primary key, by the ids sent.
      expect(plan).toMatch(/Index Scan on "PK_\w+"[^\n]*\n\s*Index Cond: \(id = ANY /);
      expect(plan).not.toContain('runs_app_live');
    }
  });
});
