import { setTimeout as delay } from 'node:timers/promises';
import type { Pool, QueryResult } from 'pg';
import type PgBoss from 'pg-boss';
import { pgBoss } from '../libraries';

/**
 * pg-boss forgets its stopped workers in a loop of its own (`offWork`) that looks once a second
 * and is not awaited by `stop`: once every worker has stopped, its next look (within a second)
 * ends it.
 */
const BOSS_WORKER_SWEEP_MS = 1_100;

/**
 * The connection pool pg-boss sends its statements through (its `db` option). pg-boss's own pool
 * is ended by `stop` while a worker's poll may still wait for a connection in it, and node-postgres
 * never settles a query queued in a pool that ended: that worker's loop never ended, and pg-boss's
 * sweep of stopped workers kept a timer going behind a closed gateway (after a test file ended, it
 * failed the next file in its Jest worker with "Cannot destructure property 'setTimeout'").
 * Here `close` sends no more statements, waits for the ones under way (so every worker's loop
 * ends), and only then ends the pool. After it, a statement is answered with nothing, as
 * pg-boss's own pool answers once closed.
 */
export class BossDatabase implements PgBoss.Db {
  private pool: Pool | null = null;
  private closed = false;
  private readonly running = new Set<Promise<QueryResult>>();

  constructor(
    private readonly options: {
      connectionString: string;
      applicationName: string;
      /** Connections at most. */
      max: number;
      onError: (error: Error) => void;
    },
  ) {}

  async open(): Promise<void> {
    const { Pool } = await import('pg');
    const { connectionString, applicationName, max, onError } = this.options;
    this.pool = new Pool({ connectionString, application_name: applicationName, max });
    this.pool.on('error', onError);
  }

  async executeSql(text: string, values: unknown[] = []): Promise<QueryResult> {
    // pg-boss reads an answer of nothing as its own closed pool's (no rows, nothing changed).
    if (this.closed || !this.pool) return undefined as unknown as QueryResult;
    const query = this.pool.query(text, values);
    this.running.add(query);
    try {
      return await query;
    } finally {
      this.running.delete(query);
    }
  }

  /** Sends no more statements, waits for those under way, then ends the pool. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running]);
    await this.pool?.end();
    this.pool = null;
  }
}

const databases = new WeakMap<PgBoss, BossDatabase>();

/** A started pg-boss on its own pool (`BossDatabase`); stop it with `stopBoss`. */
export async function startBoss(options: {
  connectionString: string;
  applicationName: string;
  max: number;
  maintenanceIntervalSeconds: number;
  onError: (error: Error) => void;
}): Promise<PgBoss> {
  const database = new BossDatabase(options);
  await database.open();
  const boss = new (pgBoss())({
    db: database,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
  boss.on('error', options.onError);
  databases.set(boss, database);
  try {
    await boss.start();
  } catch (error) {
    await database.close();
    throw error;
  }
  return boss;
}

/**
 * Stops pg-boss fully: its workers once their handlers have returned (within `graceMs`: the run
 * queue hands its runs back, ingestion is aborted), its pool once every statement it sent has
 * settled, then the sweep of its stopped workers. No pg-boss timer outlives it.
 */
export async function stopBoss(boss: PgBoss, graceMs = 30_000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: graceMs });
  await databases.get(boss)?.close();
  await delay(BOSS_WORKER_SWEEP_MS);
}
