import { setTimeout as delay } from 'node:timers/promises';
import type * as TimersPromises from 'node:timers/promises';
import { openTestDatabase } from '../testing/database';
import { BossDatabase, startBoss, stopBoss } from './boss-database';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Waits `ms` (with the global timer: node:timers/promises is watched below). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    delay(ms).then(() => false),
  ]);
}

/** Runs with a PostgreSQL server only (TEST_DATABASE_URL): pg-boss needs one. */
(serverUrl ? describe : describe.skip)('BossDatabase on PostgreSQL', () => {
  it('settles a statement still waiting for a connection when it closes, then sends none', async () => {
    const database = await openTestDatabase(serverUrl);
    const boss = new BossDatabase({
      connectionString: database.url ?? serverUrl!,
      applicationName: 'boss-database-test',
      max: 1,
      onError: () => undefined,
    });
    await boss.open();
    try {
      const busy = boss.executeSql('SELECT pg_sleep(0.5)');
      // The pool's one connection is busy: this one waits in its queue (node-postgres never settles
      // such a statement once the pool has ended).
      const queued = boss.executeSql('SELECT 1 AS one');
      await boss.close();
      expect(await settlesWithin(busy, 1)).toBe(true);
      expect(await settlesWithin(queued, 1)).toBe(true);
      expect((await queued).rows).toEqual([{ one: 1 }]);
      // Closed: answered with nothing, as pg-boss's own pool answers once closed.
      expect(await boss.executeSql('SELECT 1')).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('stops pg-boss while its polls wait for a connection, leaving no timer of pg-boss behind', async () => {
    const database = await openTestDatabase(serverUrl);
    const url = database.url ?? serverUrl!;
    const boss = await startBoss({
      connectionString: url,
      applicationName: 'boss-database-test',
      max: 1,
      maintenanceIntervalSeconds: 60,
      onError: () => undefined,
    });
    const { Client } = await import('pg');
    const locker = new Client({ connectionString: url });
    try {
      await boss.createQueue('busy', { name: 'busy' });
      for (let i = 0; i < 4; i++)
        await boss.work('busy', { pollingIntervalSeconds: 0.5 }, async () => undefined);
      // Every poll waits: one on the lock, the others for the pool's one connection. pg-boss's own
      // pool, ended now, would never settle those, and its sweep of stopped workers would run on.
      await locker.connect();
      await locker.query('BEGIN; LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
      await pause(1_200);
      const stopping = stopBoss(boss, 1_000);
      await pause(300);
      await locker.query('COMMIT');
      await stopping;
      // pg-boss's delays each load node:timers/promises' setTimeout as they start.
      const timers = jest.requireActual<typeof TimersPromises>('node:timers/promises');
      const started = jest.spyOn(timers, 'setTimeout');
      await pause(2_500);
      expect(started).not.toHaveBeenCalled();
      started.mockRestore();
    } finally {
      await locker.end().catch(() => undefined);
      await database.close();
    }
  }, 60_000);
});
