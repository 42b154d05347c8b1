import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, openPglite } from '../data/database';
import { migrations } from '../data/migrations';
import { claimTemplate, keysInUse, processAlive } from './database-template-leases';

/**
 * Migrated databases that test databases are copied from, so a test file starts from a copy
 * (a directory copy for PGlite, `CREATE DATABASE ... TEMPLATE` on PostgreSQL) instead of running
 * every migration again: migrating took 20 s of a test gateway's 27 s start at load 15.
 *
 * A template is named by what it was made from (each migration's name and code, the PGlite
 * version), so a changed or added migration makes a new one; test runs on one machine share it.
 * Making a new one removes the templates of other keys that no live process of this machine uses
 * (`database-template-leases.ts`), so they do not pile up as migrations change.
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

/** The template being found or made, by its directory: once per process. */
const building = new Map<string, Promise<string>>();

/**
 * The directory of a migrated PGlite database (what `openDatabase` keeps under `<dataDir>/db`),
 * made once: built beside its final place and renamed into it, so test files that build it at the
 * same time in other workers each end with a complete one.
 */
export function pgliteTemplate(): Promise<string> {
  const root = templateRoot();
  const key = templateKey();
  const final = path.join(root, `pglite-${key}`);
  let made = building.get(final);
  if (!made) {
    const making = makePgliteTemplate(root, key, final);
    building.set(final, making);
    making.catch(() => {
      if (building.get(final) === making) building.delete(final);
    });
    made = making;
  }
  return made;
}

async function makePgliteTemplate(root: string, key: string, final: string): Promise<string> {
  mkdirSync(root, { recursive: true });
  claimTemplate(root, key);
  if (existsSync(path.join(final, 'PG_VERSION'))) return final;
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
  removeStalePgliteTemplates(root, key);
  return final;
}

/**
 * Removes from `root` the templates of other keys that no live process holds a lease on, and what
 * ended processes left: a template they were building, one they were removing. Each is first
 * renamed (atomically) to a name of this process, so two workers never remove the same one and a
 * worker that looks for a template finds it or not, never half gone.
 */
function removeStalePgliteTemplates(root: string, key: string): void {
  const inUse = keysInUse(root);
  for (const entry of readdirSync(root)) {
    const template = /^pglite-([0-9a-f]+)$/.exec(entry);
    const owner = /^(?:pglite-[0-9a-f]+\.building|\.removing)-(\d+)-[0-9a-f]+$/.exec(entry);
    const stale = template?.[1]
      ? template[1] !== key && !inUse.has(template[1])
      : owner !== null && !processAlive(Number(owner[1]));
    if (!stale) continue;
    const doomed = path.join(root, `.removing-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      renameSync(path.join(root, entry), doomed);
    } catch {
      continue; // Another worker took it first.
    }
    rmSync(doomed, { recursive: true, force: true });
  }
}

/**
 * Gives `dataDir` a migrated PGlite database copied from the template, unless it has one already
 * (a data directory kept for a restart).
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'db');
  if (!templatesOn() || existsSync(target)) return;
  for (let attempt = 1; ; attempt++) {
    const template = await pgliteTemplate();
    try {
      cpSync(template, target, { recursive: true });
      return;
    } catch (error) {
      rmSync(target, { recursive: true, force: true });
      if (attempt > 1 || existsSync(path.join(template, 'PG_VERSION'))) throw error;
      // Removed as stale by a run of other migrations that missed this process's lease (it looked
      // just before the lease was written): made again.
      building.delete(template);
    }
  }
}

/**
 * An embedded database of a test's own, for tests of a bare PostgreSQL session (the pool, the
 * maintenance): a copy of the migrated template, opened as the gateway opens it, rather than a new
 * database, whose initdb alone costs about 7 s. The test's own tables sit beside the gateway's.
 * `remove` deletes its directory once the database is closed.
 */
export async function openPgliteCopy(): Promise<{ db: PGlite; remove(): void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-copy-'));
  await seedPgliteDataDir(dataDir);
  const db = await openPglite(path.join(dataDir, 'db'));
  return { db, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Session-level advisory lock key under which one process at a time builds a PostgreSQL template. */
const TEMPLATE_LOCK = 7_263_002;

/** Names other than the real ones, for tests of templates that must leave the real ones alone. */
export interface PostgresTemplateNames {
  /** The migrations' key (default `templateKey()`). */
  key?: string;
  /** What every template's name starts with (default `blocksmith_template_`). */
  prefix?: string;
}

/**
 * The name of a migrated template database on the server `admin` is connected to, built once per
 * template key under an advisory lock. `serverUrl` is the server's URL, to migrate through. Making
 * one drops the stale templates (other keys) that no live process of this machine uses.
 */
export async function postgresTemplate(
  admin: Client,
  serverUrl: string,
  { key = templateKey(), prefix = 'blocksmith_template_' }: PostgresTemplateNames = {},
): Promise<string> {
  const name = `${prefix}${key}`;
  claimTemplate(templateRoot(), key);
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await databaseExists(admin, name)) return name;
    const work = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${work}`);
    await admin.query(`CREATE DATABASE ${work}`);
    const url = new URL(serverUrl);
    url.pathname = `/${work}`;
    const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString(), poolSize: 2 });
    await database.close();
    await admin.query(`ALTER DATABASE ${work} RENAME TO ${name}`);
    await dropStalePostgresTemplates(admin, prefix, key);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
  }
}

/**
 * Creates the database `name` as a copy of the migrated template (or empty with
 * TEST_DATABASE_TEMPLATE=0). Copies hold the advisory lock shared: they run side by side, but never
 * while a template is built or a stale one dropped.
 */
export async function createPostgresTestDatabase(
  admin: Client,
  serverUrl: string,
  name: string,
  names: PostgresTemplateNames = {},
): Promise<void> {
  if (!templatesOn()) {
    await admin.query(`CREATE DATABASE ${name}`);
    return;
  }
  for (let attempt = 1; ; attempt++) {
    const template = await postgresTemplate(admin, serverUrl, names);
    await admin.query('SELECT pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // Dropped as stale between the two locks by a run of other migrations: made again.
      if (attempt > 1 || (await databaseExists(admin, template))) throw error;
    } finally {
      await admin.query('SELECT pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    }
  }
}

async function databaseExists(admin: Client, name: string): Promise<boolean> {
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return Boolean(found.rowCount);
}

/**
 * Drops the templates named `<prefix><other key>` that no live process holds a lease on, and any
 * `_building` one: under the exclusive lock nobody builds, so a process ended while building it.
 * One that a session is connected to is kept (DROP refuses).
 */
async function dropStalePostgresTemplates(admin: Client, prefix: string, key: string): Promise<void> {
  const inUse = keysInUse(templateRoot());
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
    [prefix],
  );
  for (const { datname } of rows) {
    const rest = datname.slice(prefix.length);
    if (!rest.endsWith('_building') && (rest === key || inUse.has(rest))) continue;
    await admin.query(`DROP DATABASE IF EXISTS "${datname.replace(/"/g, '""')}"`).catch(() => undefined);
  }
}
