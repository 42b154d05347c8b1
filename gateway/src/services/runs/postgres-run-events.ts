import { storableValue, type RunEvent } from '@blocksmith/schema';
import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { RunEventHub } from './run-event-hub';
import type { RunEvents } from './run-events';
import { runState } from './run-records';

const CHANNEL = 'run_events';
/** A watcher on some process asks the executor of a run to store its events (payload: run id). */
const WANTED_CHANNEL = 'run_events_wanted';
/** Some process asks the executor of a run to stop it (payload: run id). */
const STOP_CHANNEL = 'run_stop';

/**
 * Appends the next events of a run (a JSON array, numbered on from the last one stored) and
 * notifies every listening process once, with the run id, the last number and `:end` when the run
 * finished; watchers read the events themselves from the table. $1 run id (uuid), $2 events,
 * $3 run id (text, for the payload), $4 '' or ':end'.
 */
const APPEND_SQL = `
WITH last AS (
  SELECT COALESCE(MAX(seq), 0) AS seq FROM run_events WHERE run_id = $1
), appended AS (
  INSERT INTO run_events (run_id, seq, event)
  SELECT $1, last.seq + e.n, e.event
    FROM last, jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(event, n)
  RETURNING seq
)
SELECT pg_notify('${CHANNEL}', $3 || ':' || (SELECT MAX(seq) FROM appended) || $4)`;

/** How long a watcher waits for a notification before reading anyway (a lost connection, say). */
const FALLBACK_POLL_MS = 1_000;

/** How long a finished run's events stay in memory (and may still be asked for). */
const RETAIN_MS = 60_000;

/**
 * How long a run's events gather before they are stored together (its end is stored at once). A
 * short run is then one write; watchers on other processes see progress at most this much later.
 */
const APPEND_WINDOW_MS = 25;

interface Outbox {
  events: RunEvent[];
  writing: Promise<void>;
  /** Ends the gathering pause early: the run's end was published. */
  flush?: () => void;
}

/**
 * Run progress across gateway processes sharing one PostgreSQL server. The executing process
 * appends each event to `run_events` and sends NOTIFY; every process LISTENs on one connection of
 * its own and wakes its watchers of that run, which read what they have not seen yet, in order. A
 * watcher also reads once a second without a notification, so a dropped connection loses nothing.
 *
 * A run started and executed by the same process is usually watched only there (its starter's
 * page is served by that process), so its events are kept in memory and stored only once a
 * watcher on another process asks for them (NOTIFY on `run_events_wanted`): then everything so
 * far is stored at once, and the rest as it happens. A watcher whose run ended with nothing stored
 * (its process stopped, or forgot it) gets the ending from the run record. A stop asked of a run
 * (`askStop`) is a NOTIFY on `run_stop` that every process hears; the one executing it stops it.
 */
export class PostgresRunEvents implements RunEvents {
  private listener: Client | null = null;
  private stopped = false;
  /**
   * Per run, the events waiting to be stored and the append under way. Events of one run are
   * stored in order; those published while an append is under way go together in the next one.
   */
  private readonly outboxes = new Map<string, Outbox>();
  /** Runs whose `run_finished` this process has heard of. */
  private readonly ended = new Set<string>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly owners = new Map<string, string>();
  /** Runs executed here whose first events are stored. */
  private readonly begun = new Set<string>();
  /** Runs started and executed here whose events nobody elsewhere has asked for: not stored. */
  private readonly unasked = new Set<string>();
  /** The runs this process executes, for its own watchers: no round trip through the database. */
  private readonly local = new RunEventHub(RETAIN_MS);
  private readonly stopListeners: ((runId: string) => void)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly databaseUrl: string,
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  /** Connects the LISTEN connection; reconnects by itself if it drops. */
  async start(): Promise<void> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: this.databaseUrl, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === WANTED_CHANNEL) {
        if (message.payload) this.store(message.payload);
        return;
      }
      if (message.channel === STOP_CHANNEL) {
        for (const listener of this.stopListeners) if (message.payload) listener(message.payload);
        return;
      }
      const [runId, , end] = (message.payload ?? '').split(':');
      if (!runId) return;
      if (end === 'end' && this.wakers.has(runId)) this.ended.add(runId);
      this.wake(runId);
    });
    client.on('error', (error) => {
      void client.end().catch(() => undefined);
      if (this.listener !== client) return;
      this.log(`Run progress: the LISTEN connection failed (${error.message}); reconnecting.`);
      this.deaf();
      this.reconnect(1_000);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${WANTED_CHANNEL}; LISTEN ${STOP_CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
    for (const runId of this.wakers.keys()) this.wake(runId); // catch up on anything missed
  }

  /**
   * Without its LISTEN connection this process cannot hear watchers elsewhere ask for a run, so
   * it stores the events of every run it holds, and of every run it starts until it hears again.
   */
  private deaf(): void {
    this.listener = null;
    for (const runId of [...this.unasked]) this.store(runId);
  }

  /** Tries to LISTEN again after `delayMs`, then ever less often (up to every 30 s) until it can. */
  private reconnect(delayMs: number): void {
    if (this.stopped) return;
    setTimeout(() => {
      if (this.stopped) return;
      this.start().catch((error: unknown) => {
        this.log(
          `Run progress: could not LISTEN again (${error instanceof Error ? error.message : String(error)}); retrying.`,
        );
        this.reconnect(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs).unref();
  }

  open(runId: string, ownerId: string): void {
    this.owners.set(runId, ownerId);
  }

  executing(runId: string, ownerId: string, options?: { startedHere?: boolean }): void {
    if (this.local.has(runId)) return;
    this.owners.set(runId, ownerId);
    this.local.open(runId, ownerId);
    // Kept in memory only while a watcher elsewhere could ask for it.
    if (options?.startedHere && this.listener) this.unasked.add(runId);
  }

  onEnded(listener: (ownerId: string) => void): void {
    this.local.onEnded(listener);
  }

  /** Every listening process hears it, this one too (NOTIFY on `run_stop`). */
  async askStop(runId: string): Promise<void> {
    await this.dataSource.query(`SELECT pg_notify('${STOP_CHANNEL}', $1)`, [runId]);
  }

  onStopAsked(listener: (runId: string) => void): void {
    this.stopListeners.push(listener);
  }

  publish(event: RunEvent): void {
    const runId = event.runId;
    this.local.publish(event);
    if (!this.unasked.has(runId)) {
      this.append(event);
      return;
    }
    if (event.type === 'run_finished') {
      // Watchers here are served from memory; the run record says whose it is from now on.
      this.owners.delete(runId);
      setTimeout(() => this.unasked.delete(runId), RETAIN_MS).unref();
    }
  }

  /**
   * A watcher elsewhere asked for a run executed here: its events so far are stored now, and
   * every later one as it is published. Runs this process does not hold are left alone.
   */
  private store(runId: string): void {
    if (!this.unasked.delete(runId)) return;
    for (const event of this.local.history(runId)) this.append(event);
  }

  /** Queues an event to be stored in `run_events`, after the run's earlier ones. */
  private append(event: RunEvent): void {
    const runId = event.runId;
    const outbox = this.outboxes.get(runId);
    if (outbox) {
      outbox.events.push(event);
      if (event.type === 'run_finished') outbox.flush?.();
      return;
    }
    const fresh: Outbox = { events: [event], writing: Promise.resolve() };
    this.outboxes.set(runId, fresh);
    fresh.writing = this.drain(runId, fresh);
  }

  /** Stores a run's waiting events, a gathered batch at a time, until none are left. */
  private async drain(runId: string, outbox: Outbox): Promise<void> {
    let ended = false;
    while (outbox.events.length > 0) {
      // A run's first events are written at once: a stored event says the run has begun (a
      // retried job that had begun is not run again).
      const first = !this.begun.has(runId);
      if (!first && !this.stopped && !outbox.events.some((e) => e.type === 'run_finished')) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, APPEND_WINDOW_MS);
          outbox.flush = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        outbox.flush = undefined;
      }
      const batch = outbox.events.splice(0);
      const end = batch.some((e) => e.type === 'run_finished') ? ':end' : '';
      if (end) ended = true;
      this.begun.add(runId);
      try {
        // Progress a block wrote may hold what the database refuses (a NUL, half an emoji).
        await this.dataSource.query(APPEND_SQL, [runId, JSON.stringify(storableValue(batch)), runId, end]);
      } catch (error) {
        this.log(
          `Run ${runId}: ${batch.length} progress event(s) were not stored: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    this.outboxes.delete(runId);
    // Until its end is stored the run may still be watched here; after it, the table says whose it is.
    if (ended) {
      this.owners.delete(runId);
      this.begun.delete(runId);
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
    if (this.local.has(runId)) {
      yield* this.local.watch(runId, signal);
      return;
    }
    let seen = 0;
    // When a wait brings nothing new, the run record is looked at (at most once a fallback
    // period): a run whose executor holds it in memory is asked for (while nothing is stored);
    // a run over for a whole period with nothing more stored ends with its stored ending (its
    // executor stopped, or forgot it); a run whose record is gone (its app was deleted) ends.
    let checkedAt = Number.NEGATIVE_INFINITY;
    let overBefore = false;
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
        if (performance.now() - checkedAt >= FALLBACK_POLL_MS) {
          checkedAt = performance.now();
          const run = await runState(this.dataSource, runId);
          if (!run) return;
          if (run.ending && overBefore) {
            yield run.ending;
            return;
          }
          overBefore = run.ending !== null;
          if (seen === 0 && run.executor !== null) {
            await this.dataSource.query(`SELECT pg_notify('${WANTED_CHANNEL}', $1)`, [runId]);
            continue;
          }
        }
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
      if (wakers.size === 0) {
        this.wakers.delete(runId);
        this.ended.delete(runId);
      }
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Waits for the run's end: the notification that its `run_finished` is stored, or, should that
   * be missed, the run record no longer running (checked now and then once a second).
   */
  async finished(runId: string): Promise<void> {
    if (this.local.has(runId)) return this.local.finished(runId);
    let wake: (() => void) | undefined;
    const waker = () => wake?.();
    const wakers = this.wakers.get(runId) ?? new Set();
    wakers.add(waker);
    this.wakers.set(runId, wakers);
    try {
      for (let check = true; !this.ended.has(runId);) {
        if (check && (await this.isOver(runId))) return;
        check = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), FALLBACK_POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
      }
    } finally {
      wakers.delete(waker);
      if (wakers.size === 0) this.wakers.delete(runId);
      this.ended.delete(runId);
      if (!this.outboxes.has(runId)) this.owners.delete(runId);
    }
  }

  async resumed(runId: string): Promise<void> {
    await this.local.resumed(runId);
    this.ended.delete(runId);
    this.begun.delete(runId);
    this.unasked.delete(runId);
    await this.dataSource.query('DELETE FROM run_events WHERE run_id = $1', [runId]);
  }

  private async isOver(runId: string): Promise<boolean> {
    const [row] = (await this.dataSource.query('SELECT status FROM runs WHERE id = $1', [runId])) as {
      status: string;
    }[];
    return !row || row.status !== 'running';
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const outbox of this.outboxes.values()) outbox.flush?.();
    await Promise.all([...this.outboxes.values()].map((outbox) => outbox.writing));
    for (const runId of [...this.wakers.keys()]) this.wake(runId);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  private wake(runId: string): void {
    for (const waker of this.wakers.get(runId) ?? []) waker();
  }
}
