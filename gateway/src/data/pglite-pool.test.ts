import type { PGlite } from '@electric-sql/pglite';
import { openPgliteCopy } from '../testing/database-template';
import { PglitePool } from './pglite-pool';

/** A statement as data/prepared.ts hands it to the pool: node-postgres' `{ name, text }`. */
const named = (name: string, text: string) => ({ name, text });

describe('PglitePool named statements', () => {
  let db: PGlite;
  let pool: PglitePool;
  let remove: () => void;

  beforeAll(async () => {
    ({ db, remove } = await openPgliteCopy());
    pool = new PglitePool(db);
    await pool.query(
      `CREATE TABLE items (id uuid PRIMARY KEY, n int NOT NULL CHECK (n >= 0), tags text[], data jsonb,
                           at timestamptz, note text)`,
    );
  });

  afterAll(async () => {
    await pool.end();
    remove();
  });

  const insert = named(
    'insert_item',
    'INSERT INTO items (id, n, tags, data, at, note) VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING *',
  );

  it('answers rows typed as db.query does: numbers, arrays, JSON, dates, nulls', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const { rows, rowCount, command } = await pool.query(insert as never, [
      '00000000-0000-4000-8000-000000000001',
      3,
      ['a', 'b'],
      JSON.stringify({ deep: [1, { x: 'y' }] }),
      at,
      null,
    ]);
    expect(command).toBe('INSERT');
    expect(rowCount).toBe(1);
    expect(rows).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        n: 3,
        tags: ['a', 'b'],
        data: { deep: [1, { x: 'y' }] },
        at,
        note: null,
      },
    ]);
    const same = await pool.query('SELECT * FROM items WHERE id = $1', [
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(same.rows).toEqual(rows);
  });

  it('prepares once and executes again with other values; counts what an UPDATE changed', async () => {
    await pool.query(insert as never, ['00000000-0000-4000-8000-000000000002', 5, [], '{}', new Date(), 'x']);
    const take = named('take', 'UPDATE items SET n = n - $1 WHERE n >= $1 RETURNING id');
    expect((await pool.query(take as never, [4])).rowCount).toBe(1);
    expect((await pool.query(take as never, [1])).rowCount).toBe(2);
    expect((await pool.query(take as never, [100])).rows).toEqual([]);
  });

  it('fails with the database error (its code) and leaves the session usable, in and out of a transaction', async () => {
    const bad = named('bad_n', 'UPDATE items SET n = $1 WHERE id = $2');
    await expect(
      pool.query(bad as never, [-1, '00000000-0000-4000-8000-000000000001']),
    ).rejects.toMatchObject({ code: '23514' });
    expect((await pool.query('SELECT count(*)::int AS c FROM items')).rows).toEqual([{ c: 2 }]);

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(insert as never, ['00000000-0000-4000-8000-000000000003', 1, [], '{}', null, null]);
      await expect(
        client.query(bad as never, [-5, '00000000-0000-4000-8000-000000000003']),
      ).rejects.toMatchObject({ code: '23514' });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect((await pool.query('SELECT count(*)::int AS c FROM items')).rows).toEqual([{ c: 2 }]);
    // A statement whose text does not parse is not kept: the same name with a good text works.
    await expect(pool.query(named('later', 'SELEC 1') as never, [])).rejects.toMatchObject({ code: '42601' });
    expect((await pool.query(named('later', 'SELECT $1::int AS one') as never, [1])).rows).toEqual([
      { one: 1 },
    ]);
  });

  it('executes named statements on their generic plans and leaves the others to PostgreSQL, in and out of a transaction', async () => {
    const mode = named('plan_mode', "SELECT current_setting('plan_cache_mode') AS mode");
    const find = named('find_items', 'SELECT id FROM items WHERE n >= $1');
    for (let n = 0; n < 7; n++) await pool.query(find as never, [n]);
    expect((await pool.query(mode as never, [])).rows).toEqual([{ mode: 'force_generic_plan' }]);
    const plans = `SELECT generic_plans::int AS generic, custom_plans::int AS custom
                     FROM pg_prepared_statements WHERE name = $1`;
    // Without the generic mode PostgreSQL would have planned each of the first five afresh.
    expect((await pool.query(plans, ['find_items'])).rows).toEqual([{ generic: 7, custom: 0 }]);
    expect((await pool.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);

    // Inside a transaction the session keeps the mode it began in, whatever is sent.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      expect((await client.query(mode as never, [])).rows).toEqual([{ mode: 'auto' }]);
      await client.query(find as never, [0]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect((await pool.query(plans, ['find_items'])).rows).toEqual([{ generic: 7, custom: 1 }]);
    expect((await pool.query(mode as never, [])).rows).toEqual([{ mode: 'force_generic_plan' }]);
    await expect(pool.query(find as never, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await pool.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });
});
