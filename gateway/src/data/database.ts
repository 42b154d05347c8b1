import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { pgliteDriver } from './pglite-pool';

export interface Database {
  dataSource: DataSource;
  kind: 'pglite' | 'postgres';
  /** For the start-up log: where data lives. */
  location: string;
  close(): Promise<void>;
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
    const db = await PGlite.create(dir);
    dataSource = new DataSource({ type: 'postgres', driver: pgliteDriver(db), entities, migrations });
  }
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return { dataSource, kind, location, close: () => dataSource.destroy() };
}
