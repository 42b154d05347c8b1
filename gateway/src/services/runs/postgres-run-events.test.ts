import { randomUUID } from 'node:crypto';
import type { RunEvent } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { openTestDatabase } from '../../testing/database';
import { PostgresRunEvents } from './postgres-run-events';

/** Two gateway processes' run progress on one PostgreSQL server: only with TEST_DATABASE_URL (CI). */
const serverUrl = process.env.TEST_DATABASE_URL;

(serverUrl ? describe : describe.skip)('PostgresRunEvents between two processes', () => {
  let db: Database & { url?: string };
  let a: PostgresRunEvents;
  let b: PostgresRunEvents;
  let ownerId: string;
  let appId: string;

  beforeAll(async () => {
    db = await openTestDatabase(serverUrl);
    ownerId = randomUUID();
    appId = randomUUID();
    await db.dataSource.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [
      ownerId,
      `${ownerId}@example.com`,
    ]);
    await db.dataSource.query(
      `INSERT INTO apps (id, owner_id, name, slug, config) VALUES ($1, $2, 'App', $3, '{}'::jsonb)`,
      [appId, ownerId, `app-${appId}`],
    );
  });

  beforeEach(async () => {
    a = new PostgresRunEvents(db.dataSource, db.url!);
    b = new PostgresRunEvents(db.dataSource, db.url!);
    await Promise.all([a.start(), b.start()]);
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  afterAll(async () => {
    await db.close();
  });

  /** A run record; `executor` names the process executing it (null: waiting in the queue). */
  async function newRun(executor: string | null = randomUUID()): Promise<string> {
    const runId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs, executor) VALUES ($1, $2, $3, 'test_execution', 'running', 0, '{}', $4)`,
      [runId, appId, ownerId, executor],
    );
    return runId;
  }

  async function end(runId: string, status: 'succeeded' | 'failed', error?: string): Promise<void> {
    await db.dataSource.query(`UPDATE runs SET status = $2, error = $3, finished_at = now() WHERE id = $1`, [
      runId,
      status,
      error ?? null,
    ]);
  }

  const started = (runId: string): RunEvent => ({
    type: 'run_started',
    runId,
    at: Date.now(),
    nodeIds: ['n1'],
  });
  const partial = (runId: string, text: string): RunEvent => ({
    type: 'node_partial',
    runId,
    nodeId: 'n1',
    text,
    at: Date.now(),
  });
  const finished = (runId: string): RunEvent => ({
    type: 'run_finished',
    runId,
    at: Date.now(),
    status: 'succeeded',
  });

  async function all(events: AsyncGenerator<RunEvent>): Promise<RunEvent[]> {
    const seen: RunEvent[] = [];
    for await (const event of events) seen.push(event);
    return seen;
  }

  const stored = async (runId: string) =>
    (
      (await db.dataSource.query('SELECT event FROM run_events WHERE run_id = $1 ORDER BY seq', [runId])) as {
        event: RunEvent;
      }[]
    ).map((row) => row.event);

  it('keeps a run started and watched on one process in memory, and stores it when another asks', async () => {
    const runId = await newRun();
    a.executing(runId, ownerId, { startedHere: true });
    const events = [started(runId), partial(runId, 'Hel'), partial(runId, 'lo'), finished(runId)];
    const watchedOnA = all(a.watch(runId));
    for (const event of events) a.publish(event);
    await end(runId, 'succeeded');
    expect(await watchedOnA).toEqual(events);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored(runId)).toEqual([]);

    // Over, and watched from B: B asks, A stores what it still holds.
    expect(await all(b.watch(runId))).toEqual(events);
    expect(await stored(runId)).toEqual(events);
  });

  it('gives a watcher on another process every event of a run under way, in order', async () => {
    const runId = await newRun();
    a.executing(runId, ownerId, { startedHere: true });
    a.publish(started(runId));
    a.publish(partial(runId, 'one'));
    const onB: RunEvent[] = [];
    const watching = (async () => {
      for await (const event of b.watch(runId)) onB.push(event);
    })();
    // Published after B asked, while the first ones are being stored.
    while (onB.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    a.publish(partial(runId, 'two'));
    a.publish(finished(runId));
    await end(runId, 'succeeded');
    await watching;
    expect(onB.map((e) => (e.type === 'node_partial' ? e.text : e.type))).toEqual([
      'run_started',
      'one',
      'two',
      'run_finished',
    ]);
  });

  it("ends a watcher with the stored ending when the run's process no longer holds its events", async () => {
    const runId = await newRun();
    // A process that stopped: the run ended with nothing stored.
    await end(runId, 'failed', 'The server stopped.');
    const begun = performance.now();
    const events = await all(b.watch(runId));
    expect(events).toEqual([
      { type: 'run_finished', runId, at: expect.any(Number), status: 'failed', error: 'The server stopped.' },
    ]);
    // Found within a poll or two (1 s each), not after the 60 s the events are kept; generous for load.
    expect(performance.now() - begun).toBeLessThan(20_000);
  });

  it('ends a watcher of a run whose record is gone (its app was deleted)', async () => {
    const events = await all(b.watch(randomUUID()));
    expect(events).toEqual([]);
  });

  it('stores every event of a run it starts while it cannot hear other processes ask', async () => {
    const deaf = new PostgresRunEvents(db.dataSource, db.url!); // never started: not listening
    const runId = await newRun();
    deaf.executing(runId, ownerId, { startedHere: true });
    deaf.publish(started(runId));
    deaf.publish(finished(runId));
    await end(runId, 'succeeded');
    await deaf.close();
    expect((await stored(runId)).map((e) => e.type)).toEqual(['run_started', 'run_finished']);
  });

  it('stores progress holding a NUL or half an emoji, cleaned, with the rest of the run', async () => {
    const deaf = new PostgresRunEvents(db.dataSource, db.url!); // never started: stores every event
    const runId = await newRun();
    deaf.executing(runId, ownerId, { startedHere: true });
    deaf.publish(started(runId));
    deaf.publish(partial(runId, 'a\u0000b'));
    deaf.publish(partial(runId, 'cut 😀'.slice(0, 5)));
    deaf.publish(finished(runId));
    await end(runId, 'succeeded');
    await deaf.close();
    expect((await stored(runId)).map((e) => (e.type === 'node_partial' ? e.text : e.type))).toEqual([
      'run_started',
      'a\ufffdb',
      'cut \ufffd',
      'run_finished',
    ]);
  });

  it('stores the events of a run it did not start (a queued one) as they come', async () => {
    const runId = await newRun(null);
    a.executing(runId, ownerId);
    a.publish(started(runId));
    for (let i = 0; i < 50 && (await stored(runId)).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await stored(runId)).toEqual([started(runId)].map((e) => ({ ...e, at: expect.any(Number) })));
    a.publish(finished(runId));
    await end(runId, 'succeeded');
    const events = await all(b.watch(runId));
    expect(events.map((e) => e.type)).toEqual(['run_started', 'run_finished']);
  });
});
