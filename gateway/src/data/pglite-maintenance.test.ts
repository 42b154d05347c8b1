import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from './database';
import { keepPgliteVacuumed } from './pglite-maintenance';
import { PglitePool } from './pglite-pool';
import { PGlite } from '@electric-sql/pglite';

/** When the table was last vacuumed by hand (null: never). */
async function lastVacuum(pool: PglitePool, table: string): Promise<Date | null> {
  const { rows } = await pool.query(`SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = $1`, [
    table,
  ]);
  return (rows[0] as { last_vacuum: Date | null } | undefined)?.last_vacuum ?? null;
}

describe('PGlite maintenance', () => {
  it('vacuums after writes, and not when nothing was written since', async () => {
    const db = await PGlite.create();
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
      database = await openDatabase({ dataDir });
      await database.dataSource.query(`UPDATE users SET plan = 'free' WHERE false`);
      await database.close();
      database = null;
    } finally {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
