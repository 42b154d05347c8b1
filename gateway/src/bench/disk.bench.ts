import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../config';
import { walPosition } from '../data/database';
import { startGateway, type Gateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { load } from './load';
import { fixed } from './measure';
import { probeTextApp } from './probe-apps';

/** Bytes of the files under `dir`. */
export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    total += entry.isDirectory() ? directoryBytes(at) : entry.isFile() ? statSync(at).size : 0;
  }
  return total;
}

/** A gateway on PGlite in a fresh data directory, 16 people on Enterprise, the text app published. */
export async function benchGateway(prefix: string): Promise<{
  gateway: Gateway;
  dataDir: string;
  people: string[];
  appId: string;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const gateway = await startGateway({
    config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' }),
    // The benchmark prunes and vacuums at chosen moments.
    scheduledWork: false,
  });
  const people: string[] = [];
  let ownerId = '';
  for (let i = 0; i < 16; i++) {
    const { user, session } = await gateway.services.accounts.signUp({
      email: `${prefix}${i}@example.com`,
      password: 'benchmark password',
    });
    await gateway.database.dataSource.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [user.id]);
    people.push(session!.access_token);
    ownerId ||= user.id;
  }
  const app = await gateway.services.apps.create(ownerId, {
    name: 'Text app',
    category: 'Content',
    config: probeTextApp(),
  });
  await gateway.database.dataSource.query(
    `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
       live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
     WHERE owner_id = $1`,
    [ownerId],
  );
  return {
    gateway,
    dataDir,
    people,
    appId: app.id!,
    async close() {
      await gateway.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `total` runs of the app through the REST route, 16 people at once; throws when one fails. */
export async function restRuns(bench: { gateway: Gateway; people: string[]; appId: string }, total: number) {
  const result = await load({
    url: `${bench.gateway.url}/api/apps/${bench.appId}/execute`,
    body: { inputData: { input_text: 'one two three' }, actionType: 'published' },
    connectionHeaders: bench.people.map((t) => ({ authorization: `Bearer ${t}` })),
    connections: 16,
    total,
  });
  if (result.failures > 0) throw new Error(`${result.failures} runs failed: ${result.firstFailure}`);
  return result;
}

/** The tables every run of the text app writes a row to. */
const RUN_TABLES = ['runs', 'credit_ledger', 'events'];

/** What the database holds on disk once vacuumed and checkpointed (as its maintenance leaves it). */
async function diskNow(dataSource: DataSource, dataDir: string) {
  await dataSource.query('VACUUM');
  await dataSource.query('CHECKPOINT');
  const db = path.join(dataDir, 'db');
  const wal = directoryBytes(path.join(db, 'pg_wal'));
  const tables = (await dataSource.query(
    `SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
      ORDER BY 2 DESC LIMIT 6`,
  )) as { name: string; bytes: string | number }[];
  // Each part of the tables a run writes to: the heap, its TOAST table (with its index) and each index.
  const parts = (await dataSource.query(
    `SELECT t.relname || ' heap' AS name, pg_relation_size(t.oid)::bigint AS bytes
       FROM pg_class t WHERE t.relname = ANY($1) AND t.relkind = 'r'
     UNION ALL
     SELECT t.relname || ' toast', (pg_total_relation_size(t.reltoastrelid))::bigint
       FROM pg_class t WHERE t.relname = ANY($1) AND t.relkind = 'r' AND t.reltoastrelid <> 0
     UNION ALL
     SELECT t.relname || ' index ' || i.relname, pg_relation_size(i.oid)::bigint
       FROM pg_class t JOIN pg_index x ON x.indrelid = t.oid JOIN pg_class i ON i.oid = x.indexrelid
      WHERE t.relname = ANY($1) AND t.relkind = 'r'`,
    [RUN_TABLES],
  )) as { name: string; bytes: string | number }[];
  const [counted] = (await dataSource.query(`SELECT count(*)::int AS runs FROM runs`)) as { runs: number }[];
  const runs = counted!.runs;
  return {
    runs,
    dataBytes: directoryBytes(db) - wal,
    walBytes: wal,
    tables: Object.fromEntries(tables.map((t) => [t.name, Number(t.bytes)])),
    parts: Object.fromEntries(parts.map((p) => [p.name, Number(p.bytes)])),
  };
}

const mb = (bytes: number) => fixed(bytes / 2 ** 20, 1);

/**
 * `npm run bench -- disk`: bytes on disk per stored run of the text app on PGlite (REST runs, the
 * database vacuumed and checkpointed as its maintenance does), the write-ahead log's largest size
 * while they ran, and what RUN_RETENTION_DAYS pruning gives back: the runs made old, pruned and
 * vacuumed, the same number of runs again, and how much the database grew for them.
 */
export async function runDiskBenchmarks(options: { runs?: number } = {}) {
  const runs = options.runs ?? 5000;
  const loadBefore = loadavg()[0]!;
  const bench = await benchGateway('bench-disk-');
  const { dataSource } = bench.gateway.database;
  const walDir = path.join(bench.dataDir, 'db', 'pg_wal');
  try {
    await restRuns(bench, 200);
    const before = await diskNow(dataSource, bench.dataDir);
    const walStart = await walPosition(dataSource);
    let largestWal = 0;
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      await restRuns(bench, Math.ceil(runs / rounds));
      largestWal = Math.max(largestWal, directoryBytes(walDir));
    }
    const walWritten = Number((await walPosition(dataSource)) - walStart);
    // What one stored run's row and its JSON values take (after compression, as stored).
    const [runRow] = (await dataSource.query(
      `SELECT avg(pg_column_size(r.*))::int AS row, avg(pg_column_size(inputs))::int AS inputs,
              avg(pg_column_size(result))::int AS result, avg(pg_column_size(nodes))::int AS nodes
         FROM runs r`,
    )) as Record<string, number>[];
    const after = await diskNow(dataSource, bench.dataDir);
    const stored = after.runs - before.runs;
    const perRun = (a: number, b: number) => Math.round((a - b) / stored);
    // Retention: the older half of the runs ended 40 days ago and are pruned at 30 days, then as
    // many runs again: they take the space the pruned ones left instead of growing the files.
    await dataSource.query(
      `UPDATE runs SET created_at = created_at - interval '40 days', finished_at = finished_at - interval '40 days'
        WHERE id IN (SELECT id FROM runs ORDER BY created_at LIMIT (SELECT count(*) / 2 FROM runs))`,
    );
    const pruneStarted = performance.now();
    const deleted = await bench.gateway.services.runHistory.prune(30);
    const pruneMs = performance.now() - pruneStarted;
    const pruned = await diskNow(dataSource, bench.dataDir);
    await restRuns(bench, deleted);
    const again = await diskNow(dataSource, bench.dataDir);
    return {
      database: 'pglite',
      runsStored: stored,
      bytesPerRun: perRun(after.dataBytes, before.dataBytes),
      bytesPerRunByTable: Object.fromEntries(
        Object.entries(after.tables).map(([name, bytes]) => [name, perRun(bytes, before.tables[name] ?? 0)]),
      ),
      bytesPerRunByPart: Object.fromEntries(
        Object.entries(after.parts).map(([name, bytes]) => [name, perRun(bytes, before.parts[name] ?? 0)]),
      ),
      runRowBytes: runRow,
      walWrittenPerRun: Math.round(walWritten / stored),
      walLargestMb: mb(largestWal),
      walAfterMb: mb(after.walBytes),
      dataMb: { before: mb(before.dataBytes), after: mb(after.dataBytes) },
      retention: {
        runsDeleted: deleted,
        pruneMs: Math.round(pruneMs),
        runsTableMb: {
          beforePrune: mb(after.tables.runs ?? 0),
          afterPrune: mb(pruned.tables.runs ?? 0),
          afterAsManyRunsAgain: mb(again.tables.runs ?? 0),
        },
        dataMb: { afterPrune: mb(pruned.dataBytes), afterAsManyRunsAgain: mb(again.dataBytes) },
        grewPerRunByTable: Object.fromEntries(
          Object.entries(again.tables).map(([name, bytes]) => [
            name,
            Math.round((bytes - (pruned.tables[name] ?? 0)) / Math.max(1, deleted)),
          ]),
        ),
      },
      targets: 'under 3,000 bytes per stored run; the log bounded; pruning gives its space to later runs',
      loadAverage: { before: fixed(loadBefore), after: fixed(loadavg()[0]!) },
    };
  } finally {
    await bench.close();
  }
}
