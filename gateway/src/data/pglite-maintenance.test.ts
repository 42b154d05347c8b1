import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, walPosition, type Database } from './database';
import { keepPgliteVacuumed } from './pglite-maintenance';
import { PglitePool } from './pglite-pool';
import { openPgliteCopy, seedPgliteDataDir } from '../testing/database-template';

/** When the table was last vacuumed by hand (null: never). */
async function lastVacuum(pool: PglitePool, table: string): Promise<Date | null> {
  const { rows } = await pool.query(`SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = $1`, [
    table,
  ]);
  return (rows[0] as { last_vacuum: Date | null } | undefined)?.last_vacuum ?? null;
}

describe('PGlite maintenance', () => {
  it('vacuums after writes, and not when nothing was written since', async () => {
    const { db, remove } = await openPgliteCopy();
    const pool = new PglitePool(db);
    const sent: string[] = [];
    const query = async (sql: string) => {
      sent.push(sql);
      return pool.query(sql);
    };
    const maintenance = keepPgliteVacuumed({ query, writes: () => pool.writes, everyMs: 60_000 });
    try {
      await pool.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
      await pool.query('INSERT INTO counters VALUES (1, 0), (2, 0)');
      for (let i = 0; i < 300; i++)
        await pool.query('UPDATE counters SET n = n + 1 WHERE id = $1', [1 + (i % 2)]);
      expect(await lastVacuum(pool, 'counters')).toBeNull();

      await maintenance.tick();
      expect(sent).toEqual(['VACUUM']);
      expect(await lastVacuum(pool, 'counters')).toBeInstanceOf(Date);

      // Reads, and its own VACUUM, are no writes: nothing to do.
      await pool.query('SELECT * FROM counters');
      await maintenance.tick();
      expect(sent).toEqual(['VACUUM']);

      await pool.query('UPDATE counters SET n = 0 WHERE id = 1');
      await maintenance.tick();
      expect(sent).toEqual(['VACUUM', 'VACUUM']);
    } finally {
      await maintenance.stop();
      await pool.end();
      remove();
    }
  });

  it('vacuums only the tables written since the last round, and the whole database every so many rounds', async () => {
    const { db, remove } = await openPgliteCopy();
    const pool = new PglitePool(db);
    const vacuums: string[] = [];
    const query = async (sql: string, values?: unknown[]) => {
      if (sql.startsWith('VACUUM')) vacuums.push(sql);
      return (await pool.query(sql, values)).rows;
    };
    const maintenance = keepPgliteVacuumed({
      query,
      writes: () => pool.writes,
      written: () => pool.takeWritten(),
      wholeEvery: 3,
      everyMs: 60_000,
    });
    try {
      await pool.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
      await pool.query('CREATE TABLE "Other Things" (id int PRIMARY KEY)');
      await pool.query('CREATE TABLE untouched (id int PRIMARY KEY)');
      await pool.query('INSERT INTO untouched VALUES (1)');
      await maintenance.tick();
      expect(vacuums).toEqual(['VACUUM untouched']);
      const before = await lastVacuum(pool, 'untouched');
      const countersBefore = await lastVacuum(pool, 'counters');

      // Writes in a WITH, an upsert and a locking read: only the tables written are vacuumed.
      await pool.query(
        `WITH moved AS (INSERT INTO counters VALUES (1, 0), (2, 0) RETURNING id)
         INSERT INTO "Other Things" SELECT id FROM moved`,
      );
      await pool.query('INSERT INTO counters VALUES (1, 5) ON CONFLICT (id) DO UPDATE SET n = 5');
      await pool.query('SELECT * FROM counters WHERE id = 1 FOR UPDATE SKIP LOCKED');
      await maintenance.tick();
      expect(vacuums.at(-1)).toBe('VACUUM "Other Things", counters');
      expect(await lastVacuum(pool, 'untouched')).toEqual(before);
      expect(await lastVacuum(pool, 'counters')).not.toEqual(countersBefore);

      // Every third round is whole.
      await pool.query('UPDATE counters SET n = 1');
      await maintenance.tick();
      expect(vacuums.at(-1)).toBe('VACUUM');

      // A write to no table (a dropped one) vacuums nothing.
      await pool.query('CREATE TABLE gone (id int)');
      await pool.query('INSERT INTO gone VALUES (1)');
      await pool.query('DROP TABLE gone');
      await maintenance.tick();
      expect(vacuums).toHaveLength(3);
    } finally {
      await maintenance.stop();
      await pool.end();
      remove();
    }
  });

  it('every twelfth vacuum also analyzes; a failing round is reported and the next one runs', async () => {
    let writes = 0;
    const sent: string[] = [];
    const problems: unknown[] = [];
    const maintenance = keepPgliteVacuumed({
      query: async (sql) => {
        sent.push(sql);
        if (sent.length === 1) throw new Error('busy');
      },
      writes: () => writes,
      everyMs: 60_000,
      onError: (error) => problems.push(error),
    });
    for (let i = 0; i < 12; i++) {
      writes += 1;
      await maintenance.tick();
    }
    await maintenance.stop();
    expect(problems).toHaveLength(1);
    expect(sent).toHaveLength(12);
    expect(sent.slice(0, 11).every((sql) => sql === 'VACUUM')).toBe(true);
    expect(sent[11]).toBe('VACUUM (ANALYZE)');
  });

  it('the gateway’s embedded database closes with its maintenance stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-maintenance-'));
    let database: Database | null = null;
    try {
      await seedPgliteDataDir(dataDir);
      database = await openDatabase({ dataDir });
      await database.dataSource.query(`UPDATE users SET plan = 'free' WHERE false`);
      await database.close();
      database = null;
    } finally {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('makes a checkpoint once enough log was written since the last, not on every round', async () => {
    let writes = 0;
    let position = 100n;
    const sent: string[] = [];
    const maintenance = keepPgliteVacuumed({
      query: async (sql) => void sent.push(sql),
      writes: () => writes,
      walPosition: async () => position,
      checkpointEveryBytes: 1000,
      everyMs: 60_000,
    });
    const round = async (logWritten: bigint) => {
      writes += 1;
      position += logWritten;
      sent.length = 0;
      await maintenance.tick();
      return [...sent];
    };
    // The first round checkpoints (the log of earlier runs of the database is recycled at once).
    expect(await round(10n)).toEqual(['VACUUM', 'CHECKPOINT']);
    expect(await round(600n)).toEqual(['VACUUM']);
    expect(await round(600n)).toEqual(['VACUUM', 'CHECKPOINT']);
    expect(await round(999n)).toEqual(['VACUUM']);
    // No writes, no round at all.
    sent.length = 0;
    await maintenance.tick();
    expect(sent).toEqual([]);
    await maintenance.stop();
  });

  it('the embedded database keeps its write-ahead log within its stated maximum, and its buffer cache bounded', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-wal-'));
    await seedPgliteDataDir(dataDir);
    const database = await openDatabase({ dataDir });
    const { dataSource } = database;
    try {
      const settings = (await dataSource.query(
        `SELECT name, setting FROM pg_settings
          WHERE name IN ('min_wal_size', 'max_wal_size', 'shared_buffers', 'maintenance_work_mem') ORDER BY name`,
      )) as { name: string; setting: string }[];
      // The buffer cache is bounded too (8 kB pages: 32 MB), so memory does not grow with stored runs.
      expect(settings).toEqual([
        { name: 'maintenance_work_mem', setting: '16384' },
        { name: 'max_wal_size', setting: '64' },
        { name: 'min_wal_size', setting: '32' },
        { name: 'shared_buffers', setting: '4096' },
      ]);
      const start = await walPosition(dataSource);
      let position = start;
      const maintenance = keepPgliteVacuumed({
        query: (sql) => dataSource.query(sql),
        writes: () => Number(position),
        walPosition: () => walPosition(dataSource),
        everyMs: 60_000,
      });
      const redo = async () =>
        (
          (await dataSource.query(`SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()`)) as {
            redo: string;
          }[]
        )[0]!.redo;
      await dataSource.query('CREATE TABLE filler (id serial PRIMARY KEY, body text NOT NULL)');
      // About 160 MB of log: rows of random text (base64, which PostgreSQL's compression cannot
      // shrink), a maintenance round every 8 MB. Made once here: hashing random numbers into the text
      // in the database cost this test a few seconds more (15.8 s alone against 8.8-13.4).
      const walDir = path.join(dataDir, 'db', 'pg_wal');
      let largest = 0;
      const firstRedo = await redo();
      const body = randomBytes(3 * 2 ** 20).toString('base64');
      for (let batch = 0; batch < 20; batch++) {
        await dataSource.query(`INSERT INTO filler (body) SELECT $1::text FROM generate_series(1, 2)`, [
          body,
        ]);
        position = await walPosition(dataSource);
        await maintenance.tick();
        largest = Math.max(largest, walBytes(walDir));
      }
      await maintenance.stop();
      expect(await redo()).not.toBe(firstRedo);
      expect(Number(position - start)).toBeGreaterThan(120 * 2 ** 20);
      expect(largest).toBeLessThanOrEqual(112 * 2 ** 20);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

function walBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(dir, entry.name)).size, 0);
}
