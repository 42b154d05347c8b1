import type { RunEvent } from '@blocksmith/schema';
import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { RunEvents } from './run-events';

const CHANNEL = 'run_events';

/**
 * Appends the next event of a run and notifies every listening process with the run id and the
 * event's number only; watchers read the event itself from the table. $1 run id (uuid), $2 event,
 * $3 run id (text, for the payload).
 */
const APPEND_SQL = `
WITH appended AS (
  INSERT INTO run_events (run_id, seq, event)
  SELECT $1, COALESCE(MAX(seq), 0) + 1, $2::jsonb FROM run_events WHERE run_id = $1
  RETURNING seq
)
SELECT pg_notify('${CHANNEL}', $3 || ':' || seq) FROM appended`;

/** How long a watcher waits for a notification before reading anyway (a lost connection, say). */
const FALLBACK_POLL_MS = 1_000;

/**
 * Run progress across gateway processes sharing one PostgreSQL server. The executing process
 * appends each event to `run_events` and sends NOTIFY; every process LISTENs on one connection of
 * its own and wakes its watchers of that run, which read what they have not seen yet, in order. A
 * watcher also reads once a second without a notification, so a dropped connection loses nothing.
 */
export class PostgresRunEvents implements RunEvents {
  private listener: Client | null = null;
  private stopped = false;
  /** Per run, the chain of appends still being written: events of one run are stored in order. */
  private readonly appends = new Map<string, Promise<void>>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly databaseUrl: string,
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  /** Connects the LISTEN connection; reconnects by itself if it drops. */
  async start(): Promise<void> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      const runId = message.payload?.split(':')[0];
      if (runId) this.wake(runId);
    });
    client.on('error', (error) => {
      this.log(`Run progress: the LISTEN connection failed (${error.message}); reconnecting.`);
      void client.end().catch(() => undefined);
      if (this.listener === client) this.listener = null;
      if (!this.stopped) setTimeout(() => void this.start().catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    for (const runId of this.wakers.keys()) this.wake(runId); // catch up on anything missed
  }

  open(runId: string, ownerId: string): void {
    this.owners.set(runId, ownerId);
  }

  publish(event: RunEvent): void {
    const runId = event.runId;
    const previous = this.appends.get(runId) ?? Promise.resolve();
    const append = previous
      .then(() => this.dataSource.query(APPEND_SQL, [runId, JSON.stringify(event), runId]))
      .then(
        () => undefined,
        (error: unknown) =>
          this.log(
            `Run ${runId}: a progress event was not stored: ${error instanceof Error ? error.message : error}`,
          ),
      );
    this.appends.set(runId, append);
    if (event.type === 'run_finished') {
      void append.then(() => {
        if (this.appends.get(runId) === append) this.appends.delete(runId);
        this.owners.delete(runId);
      });
    }
  }

  async canWatch(runId: string, userId: string): Promise<boolean> {
    const owner = this.owners.get(runId);
    if (owner !== undefined) return owner === userId;
    if (!/^[0-9a-f-]{36}$/i.test(runId)) return false;
    const rows = (await this.dataSource.query('SELECT 1 FROM runs WHERE id = $1 AND user_id = $2', [
      runId,
      userId,
    ])) as unknown[];
    return rows.length > 0;
  }

  async *watch(runId: string, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    let seen = 0;
    // Set by a notification that arrives while the table is being read, so it is not missed.
    const notified = { since: false };
    let wake: (() => void) | undefined;
    const waker = () => {
      notified.since = true;
      wake?.();
    };
    const wakers = this.wakers.get(runId) ?? new Set();
    wakers.add(waker);
    this.wakers.set(runId, wakers);
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      while (!signal?.aborted) {
        notified.since = false;
        const rows = (await this.dataSource.query(
          'SELECT seq, event FROM run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq',
          [runId, seen],
        )) as { seq: number; event: RunEvent }[];
        for (const row of rows) {
          seen = row.seq;
          yield row.event;
          if (row.event.type === 'run_finished') return;
        }
        if (rows.length > 0 || notified.since) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, FALLBACK_POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    } finally {
      wakers.delete(waker);
      if (wakers.size === 0) this.wakers.delete(runId);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async finished(runId: string): Promise<void> {
    for await (const event of this.watch(runId)) void event;
  }

  async close(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.appends.values()]);
    for (const runId of [...this.wakers.keys()]) this.wake(runId);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  private wake(runId: string): void {
    for (const waker of this.wakers.get(runId) ?? []) waker();
  }
}
