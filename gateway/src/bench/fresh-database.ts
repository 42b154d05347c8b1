import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A database of its own on the PostgreSQL server for one benchmark, dropped by `drop()`. */
export async function freshBenchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `blocksmith_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}
