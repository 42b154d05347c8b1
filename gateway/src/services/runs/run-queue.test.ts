import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { stopBoss } from '../../data/boss-database';
import { openTestDatabase } from '../../testing/database';
import { HANDED_BACK, PgBossRunQueue, type RunJob } from './run-queue';

const serverUrl = process.env.TEST_DATABASE_URL;

const job = (): RunJob => ({
  runId: randomUUID(),
  appId: randomUUID(),
  appName: 'Never ends',
  userId: randomUUID(),
  config: { nodes: [], edges: [] } as unknown as RunJob['config'],
  inputs: {},
});

/** Runs with a PostgreSQL server only (TEST_DATABASE_URL): pg-boss needs one. */
(serverUrl ? describe : describe.skip)('PgBossRunQueue on PostgreSQL', () => {
  it('hands a run still going at stop back to the queue, so nothing of pg-boss outlives the stop', async () => {
    const database = await openTestDatabase(serverUrl);
    const boss = new PgBoss({ connectionString: database.url ?? serverUrl!, max: 2 });
    const errors: Error[] = [];
    boss.on('error', (error: Error) => errors.push(error));
    await boss.start();
    try {
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      let finish!: () => void;
      const never = new Promise<void>((resolve) => (finish = resolve));
      const queue = new PgBossRunQueue(boss, { concurrency: 1, timeoutSeconds: 60 });
      await queue.start(async () => {
        begun();
        await never;
      });
      const sent = job();
      await queue.enqueue(sent);
      await started;

      // Its handler ends once stop's grace has passed (1 ms here), before pg-boss itself stops.
      await queue.stop(1);
      await stopBoss(boss);
      finish();

      const rows = await database.dataSource.query(
        `SELECT state, retry_count, output FROM pgboss.job WHERE name = 'run' AND data->>'runId' = $1`,
        [sent.runId],
      );
      // Failed into its retry with why (not pg-boss's "shut down while active" at its own timeout).
      expect(rows).toEqual([
        expect.objectContaining({
          state: 'retry',
          output: expect.objectContaining({ message: HANDED_BACK }),
        }),
      ]);
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false }).catch(() => undefined);
      await database.close();
    }
  });

  it('stops pg-boss only once a handler still running has returned, past the 5 s pg-boss waits by itself', async () => {
    const database = await openTestDatabase(serverUrl);
    const boss = new PgBoss({ connectionString: database.url ?? serverUrl!, max: 2 });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await boss.createQueue('slow-handler', { name: 'slow-handler' });
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      let returned = false;
      await boss.work('slow-handler', { pollingIntervalSeconds: 0.5 }, async () => {
        begun();
        await new Promise((resolve) => setTimeout(resolve, 7_000));
        returned = true;
      });
      await boss.send('slow-handler', {});
      await started;
      // Before, stop gave up on the handler after 5 s and pg-boss's worker loop ran on past the
      // test file's end.
      await stopBoss(boss);
      expect(returned).toBe(true);
    } finally {
      await boss.stop({ graceful: false }).catch(() => undefined);
      await database.close();
    }
  }, 60_000);
});
