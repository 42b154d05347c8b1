import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../data/database';
import { createPostgresTestDatabase, seedPgliteDataDir } from './database-template';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI). */
export const databaseTargets: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) databaseTargets.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

/**
 * A database of its own for one test file: a temporary PGlite directory, or a fresh database on
 * the PostgreSQL server, so test files running at the same time never race each other's
 * migrations. Each starts as a copy of a migrated template (`database-template.ts`). Falls back to
 * the server's given database when it may not create one.
 */
export async function openTestDatabase(
  serverUrl: string | undefined,
): Promise<Database & { /** The database's own URL on a server. */ url?: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-db-'));
  if (!serverUrl) {
    await seedPgliteDataDir(dataDir);
    const db = await openDatabase({ dataDir });
    return {
      ...db,
      close: async () => {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dataDir, { recursive: true, force: true });
  const { Client } = await import('pg');
  const name = `blocksmith_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await createPostgresTestDatabase(admin, serverUrl, name);
  } catch {
    await admin.end();
    return openDatabase({ dataDir, databaseUrl: serverUrl, poolSize: 4 });
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ dataDir, databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...db,
    url: url.toString(),
    close: async () => {
      await db.close();
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
      await dropper.end();
    },
  };
}
