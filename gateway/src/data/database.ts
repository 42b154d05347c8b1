import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { keepPgliteVacuumed } from './pglite-maintenance';
import { pgliteDriver } from './pglite-pool';

export interface Database {
  dataSource: DataSource;
  kind: 'pglite' | 'postgres';
  /** For the start-up log: where data lives. */
  location: string;
  close(): Promise<void>;
  /** PGlite: one maintenance round now (`pglite-maintenance.ts`), as its timer would; absent on PostgreSQL. */
  maintain?(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; unset uses the embedded PGlite database under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for a PostgreSQL server (default 10). */
  poolSize?: number;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/**
 * Opens the database and brings its schema up to date. The same migrations run on the embedded
 * PGlite database and on a PostgreSQL server, each in its own transaction.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let dataSource: DataSource;
  let kind: Database['kind'];
  let location: string;
  let driver: ReturnType<typeof pgliteDriver> | null = null;
  if (options.databaseUrl) {
    kind = 'postgres';
    location = redact(options.databaseUrl);
    // Counts come back as int8; node-postgres would hand them over as strings.
    const pg = await import('pg');
    pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
    dataSource = new DataSource({
      type: 'postgres',
      url: options.databaseUrl,
      entities,
      migrations,
      poolSize: options.poolSize ?? 10,
    });
  } else {
    kind = 'pglite';
    const dir = path.join(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    location = dir;
    const db = await openPglite(dir);
    driver = pgliteDriver(db);
    dataSource = new DataSource({ type: 'postgres', driver, entities, migrations });
  }
  await dataSource.initialize();
  if (options.databaseUrl) await migrateAlone(dataSource, options.databaseUrl);
  else await dataSource.runMigrations({ transaction: 'each' });
  // PGlite has no autovacuum: the gateway vacuums it after writes (data/pglite-maintenance.ts).
  const maintenance = driver
    ? keepPgliteVacuumed({
        query: (sql, values) => dataSource.query(sql, values),
        writes: driver.writes,
        written: driver.written,
        walPosition: () => walPosition(dataSource),
      })
    : null;
  return {
    dataSource,
    kind,
    location,
    ...(maintenance && { maintain: () => maintenance.tick() }),
    close: async () => {
      await maintenance?.stop();
      await dataSource.destroy();
    },
  };
}

/** The embedded database in `dir` (made there if there is none), as the gateway runs it. */
export function openPglite(dir: string): Promise<PGlite> {
  // pgvector ships with PGlite: knowledge bases keep their passages' vectors in it.
  return PGlite.create(dir, {
    extensions: { vector },
    startParams: [
      ...PGlite.defaultStartParams,
      ...[...PGLITE_WAL_SETTINGS, ...PGLITE_MEMORY_SETTINGS].flatMap((setting) => ['-c', setting]),
    ],
  });
}

/**
 * The write-ahead log PGlite keeps: at a checkpoint (made by its maintenance, every 16 MB of log)
 * the segments before it are recycled, up to 64 MB of them, and the rest deleted. So the log stays
 * within about 96 MB (64 MB recycled, up to 32 MB written since the last checkpoint).
 */
export const PGLITE_WAL_SETTINGS = ['min_wal_size=32MB', 'max_wal_size=64MB'];

/**
 * The memory PGlite's PostgreSQL may fill: its buffer cache, in a WebAssembly memory that never
 * shrinks, filled as the stored runs grew (PostgreSQL's default of 128 MB: the gateway held 17%
 * more with 100,000 stored runs than fresh after the same load); pages beyond it are read from the
 * operating system's file cache. A VACUUM's work memory likewise.
 */
export const PGLITE_MEMORY_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB'];

/** Bytes of write-ahead log written since the database began (its current position). */
export async function walPosition(dataSource: DataSource): Promise<bigint> {
  const [row] = (await dataSource.query(`SELECT pg_current_wal_lsn()::text AS lsn`)) as { lsn: string }[];
  const [high, low] = row!.lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The advisory lock key that lets one process at a time migrate a shared PostgreSQL database. */
const MIGRATION_LOCK = 7_263_001;

/**
 * Runs the migrations while holding a session-level advisory lock on a connection of its own, so
 * gateway processes starting together against one server migrate one after another (the later
 * ones then find nothing to do).
 */
async function migrateAlone(dataSource: DataSource, databaseUrl: string): Promise<void> {
  const { Client } = await import('pg');
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
