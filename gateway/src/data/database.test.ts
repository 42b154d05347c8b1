import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from './database';
import { databaseTargets, openTestDatabase } from '../testing/database';
import { seedPgliteDataDir } from '../testing/database-template';
import { User } from './entities';
import { runWriteGathering } from './write-batch';

/** Runs against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set (CI), each file in a database of its own. */

describe.each(databaseTargets)('openDatabase on %s', (_name, databaseUrl) => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
  });

  afterAll(async () => {
    await db.close();
  });

  it('applies the migrations so the entities match the schema exactly', async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('keeps a transaction whole: a failure rolls every write back', async () => {
    const id = randomUUID();
    await expect(
      db.dataSource.transaction(async (tx) => {
        await tx.insert(User, { id, email: `${id}@example.com` });
        await tx.query('SELECT 1/0');
      }),
    ).rejects.toThrow();
    expect(await db.dataSource.getRepository(User).findOneBy({ id })).toBeNull();
  });

  it('isolates concurrent transactions', async () => {
    const ids = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(
      ids.map((id, i) =>
        db.dataSource
          .transaction(async (tx) => {
            await tx.insert(User, { id, email: `${id}@example.com` });
            if (i % 2 === 1) throw new Error('roll back the odd ones');
          })
          .catch(() => undefined),
      ),
    );
    const kept = await db.dataSource.getRepository(User).countBy(ids.map((id) => ({ id })));
    expect(kept).toBe(10);
  });

  it('reports how many rows an update touched', async () => {
    const result = await db.dataSource
      .getRepository(User)
      .update({ email: 'nobody@example.com' }, { fullName: 'x' });
    expect(result.affected).toBe(0);
  });

  it('gathers the run writes of busy moments on the embedded database only', () => {
    // There a statement's fixed cost is the gateway's own CPU; a server's is another process's.
    expect(runWriteGathering(db.dataSource)).toEqual(databaseUrl ? {} : { gatherMs: 1, onlyWhenBusy: true });
  });
});

describe('the embedded database', () => {
  it('keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'db-'));
    // A migrated copy (the template was migrated from nothing): that took over 60 s at load 23.
    await seedPgliteDataDir(dataDir);
    const id = randomUUID();
    const first = await openDatabase({ dataDir });
    await first.dataSource.getRepository(User).insert({ id, email: 'kept@example.com', fullName: 'Kept' });
    await first.close();
    const second = await openDatabase({ dataDir });
    expect((await second.dataSource.getRepository(User).findOneByOrFail({ id })).fullName).toBe('Kept');
    await second.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
