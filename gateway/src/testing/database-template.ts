import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import { openDatabase } from '../data/database';
import { migrations } from '../data/migrations';

/**
 * Migrated databases that test databases are copied from, so a test file starts from a copy
 * (a directory copy for PGlite, `CREATE DATABASE ... TEMPLATE` on PostgreSQL) instead of running
 * every migration again: migrating took 20 s of a test gateway's 27 s start at load 15.
 *
 * A template is named by what it was made from (each migration's name and code, the PGlite
 * version), so a changed or added migration makes a new one; test runs on one machine share it.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const { dependencies } = JSON.parse(
    readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  hash.update(`pglite ${dependencies['@electric-sql/pglite']}\n`);
  for (const migration of migrations) hash.update(`${migration.name}\n${migration.toString()}\n`);
  return hash.digest('hex').slice(0, 20);
}

/** False with TEST_DATABASE_TEMPLATE=0: every test database migrated from nothing, as before templates. */
export function templatesOn(): boolean {
  return process.env.TEST_DATABASE_TEMPLATE !== '0';
}

/** Where PGlite templates are kept (TEST_TEMPLATE_DIR, else under the system's temporary directory). */
export function templateRoot(): string {
  return process.env.TEST_TEMPLATE_DIR ?? path.join(tmpdir(), 'blocksmith-test-templates');
}

let building: Promise<string> | undefined;

/**
 * The directory of a migrated PGlite database (what `openDatabase` keeps under `<dataDir>/db`),
 * made once: built beside its final place and renamed into it, so test files that build it at the
 * same time in other workers each end with a complete one.
 */
export function pgliteTemplate(): Promise<string> {
  building ??= (async () => {
    const final = path.join(templateRoot(), `pglite-${templateKey()}`);
    if (existsSync(path.join(final, 'PG_VERSION'))) return final;
    mkdirSync(templateRoot(), { recursive: true });
    const work = `${final}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      const database = await openDatabase({ dataDir: work });
      await database.close();
      try {
        renameSync(path.join(work, 'db'), final);
      } catch (error) {
        // Another worker finished first: its template is the same.
        if (!existsSync(path.join(final, 'PG_VERSION'))) throw error;
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    return final;
  })();
  building.catch(() => (building = undefined));
  return building;
}

/**
 * Gives `dataDir` a migrated PGlite database copied from the template, unless it has one already
 * (a data directory kept for a restart).
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'db');
  if (!templatesOn() || existsSync(target)) return;
  cpSync(await pgliteTemplate(), target, { recursive: true });
}

/** Session-level advisory lock key under which one process at a time builds a PostgreSQL template. */
const TEMPLATE_LOCK = 7_263_002;

/**
 * The name of a migrated template database on the server `admin` is connected to, built once per
 * template key under an advisory lock. `serverUrl` is the server's URL, to migrate through.
 */
export async function postgresTemplate(admin: Client, serverUrl: string): Promise<string> {
  const name = `blocksmith_template_${templateKey()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const work = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${work}`);
    await admin.query(`CREATE DATABASE ${work}`);
    const url = new URL(serverUrl);
    url.pathname = `/${work}`;
    const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString(), poolSize: 2 });
    await database.close();
    await admin.query(`ALTER DATABASE ${work} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
  }
}
