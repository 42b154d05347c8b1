import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MailMessage } from '../data/entities';
import { CREDITS_PAUSE_NOTICE, TriggerScheduler } from '../services/triggers';
import { OwnerRuns } from '../services/triggers/owner-runs';
import { databaseTargets, openTestDatabase } from '../testing/database';
import { manualClock, type ManualClock } from '../testing/manual-clock';
import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const MINUTE = 60_000;
/** Far from the wall clock, so the gateway's own timer never finds these schedules due. */
const START = new Date('2031-01-06T08:00:30Z').getTime();

async function newApp(t: ApiTestGateway, token: string): Promise<string> {
  const created = await t.api('POST', '/apps', {
    token,
    body: { name: 'Morning poem', category: 'Content', config: probeTextApp() },
  });
  return created.body.id as string;
}

/** Every run the app has, by source. */
async function runsOf(t: ApiTestGateway, token: string, appId: string, source = 'schedule') {
  const answer = await t.api('GET', `/apps/${appId}/runs?limit=100&source=${source}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.runs as { id: string; status: string; source: string }[];
}

/** Waits for the runs a tick started to end (their `done`), through the run history. */
async function settled(t: ApiTestGateway, token: string, appId: string) {
  for (let i = 0; i < 600; i++) {
    const runs = await runsOf(t, token, appId);
    if (runs.every((run) => run.status !== 'running' && run.status !== 'queued')) return runs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('runs did not end');
}

describe('app triggers over /api', () => {
  let t: ApiTestGateway;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };
  let clock: ManualClock;

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    bob = await t.signUpViaApi('bob@example.com', { credits: true });
    clock = manualClock(START);
    t.gateway.services.triggers.clock.now = clock;
    // Only the test looks: the process's own timer would race it for the due times it makes.
    await t.gateway.services.triggers.scheduler.stop();
  });

  afterAll(() => t.close());

  it('lets the owner add, list, change and delete schedules and webhooks; others get 404', async () => {
    const appId = await newApp(t, ann.token);
    const schedule = await t.api('POST', `/apps/${appId}/triggers/schedules`, {
      token: ann.token,
      body: { repeat: 'daily', time: '09:30', timeZone: 'Europe/Paris', inputs: { input_text: 'dawn' } },
    });
    expect(schedule.status).toBe(201);
    expect(schedule.body).toMatchObject({
      repeat: 'daily',
      time: '09:30',
      cron: '30 9 * * *',
      description: 'Daily at 09:30 (Europe/Paris)',
      name: 'Daily at 09:30 (Europe/Paris)',
      status: 'active',
      inputs: { input_text: 'dawn' },
      // 09:30 in Paris is 08:30 UTC in January.
      nextRunAt: '2031-01-06T08:30:00.000Z',
      lastRunAt: null,
    });
    const hook = await t.api('POST', `/apps/${appId}/triggers/hooks`, {
      token: ann.token,
      body: { name: 'CRM', mapping: { input_text: 'contact.name' } },
    });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toMatch(/^bswh_/);
    expect(hook.body.url).toMatch(new RegExp(`/api/hooks/${hook.body.id}$`));

    const listed = await t.api('GET', `/apps/${appId}/triggers`, { token: ann.token });
    expect(listed.body.schedules.map((s: { id: string }) => s.id)).toEqual([schedule.body.id]);
    expect(listed.body.hooks).toEqual([
      expect.objectContaining({ id: hook.body.id, mapping: { input_text: 'contact.name' }, name: 'CRM' }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(hook.body.secret);

    // Bob sees none of it and changes none of it.
    for (const [method, route] of [
      ['GET', `/apps/${appId}/triggers`],
      ['GET', `/apps/${appId}/triggers/schedules`],
      ['POST', `/apps/${appId}/triggers/hooks`],
      ['PATCH', `/apps/${appId}/triggers/schedules/${schedule.body.id}`],
      ['DELETE', `/apps/${appId}/triggers/schedules/${schedule.body.id}`],
      ['POST', `/apps/${appId}/triggers/hooks/${hook.body.id}/rotate`],
      ['DELETE', `/apps/${appId}/triggers/hooks/${hook.body.id}`],
    ] as const) {
      const answer = await t.api(method, route, {
        token: bob.token,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect([method, route, answer.status]).toEqual([method, route, 404]);
    }

    const retimed = await t.api('PATCH', `/apps/${appId}/triggers/schedules/${schedule.body.id}`, {
      token: ann.token,
      body: { repeat: 'weekly', weekday: 'friday', time: '18:00' },
    });
    expect(retimed.body).toMatchObject({
      repeat: 'weekly',
      weekday: 'friday',
      nextRunAt: '2031-01-10T18:00:00.000Z',
    });
    const paused = await t.api('PATCH', `/apps/${appId}/triggers/schedules/${schedule.body.id}`, {
      token: ann.token,
      body: { paused: true },
    });
    expect(paused.body).toMatchObject({ status: 'paused', nextRunAt: null });
    const remapped = await t.api('PATCH', `/apps/${appId}/triggers/hooks/${hook.body.id}`, {
      token: ann.token,
      body: { mapping: { input_text: 'subject' } },
    });
    expect(remapped.body.mapping).toEqual({ input_text: 'subject' });

    expect(
      (await t.api('DELETE', `/apps/${appId}/triggers/schedules/${schedule.body.id}`, { token: ann.token }))
        .body,
    ).toEqual({ success: true });
    expect(
      (await t.api('DELETE', `/apps/${appId}/triggers/hooks/${hook.body.id}`, { token: ann.token })).status,
    ).toBe(200);
    expect((await t.api('POST', `/hooks/${hook.body.id}`, { body: {} })).status).toBe(404);
    expect(await t.api('GET', `/apps/${appId}/triggers`, { token: ann.token })).toMatchObject({
      body: { schedules: [], hooks: [] },
    });
  });

  it('refuses a bad timing with what to send', async () => {
    const appId = await newApp(t, ann.token);
    const bad = await t.api('POST', `/apps/${appId}/triggers/schedules`, {
      token: ann.token,
      body: { repeat: 'cron', cron: '0 9 * *' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not a cron expression of five fields .* such as 0 9 \* \* 1-5/);
    const zone = await t.api('POST', `/apps/${appId}/triggers/schedules`, {
      token: ann.token,
      body: { repeat: 'hourly', timeZone: 'Nowhere/Land' },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe(
      'Nowhere/Land is not a time zone; use a name such as UTC or Europe/Paris.',
    );
    const every = await t.api('POST', `/apps/${appId}/triggers/schedules`, {
      token: ann.token,
      body: { repeat: 'minutes', everyMinutes: 7 },
    });
    expect(every.status).toBe(400);
  });

  it('fires a schedule every minute three times in three minutes, on the owner’s credits, and stops when paused', async () => {
    const appId = await newApp(t, ann.token);
    const created = await t.api('POST', `/apps/${appId}/triggers/schedules`, {
      token: ann.token,
      body: { repeat: 'minutes', everyMinutes: 1, inputs: { input_text: 'the tide' } },
    });
    const id = created.body.id as string;
    expect(created.body.nextRunAt).toBe('2031-01-06T08:01:00.000Z');
    const scheduler = t.gateway.services.triggers.scheduler;
    expect(await scheduler.tickOnce()).toEqual({ fired: 0, paused: 0 });
    const before = (await t.api('GET', '/credits/balance', { token: ann.token })).body.credits as number;
    for (let minute = 1; minute <= 3; minute++) {
      clock.advance(MINUTE);
      expect(await scheduler.tickOnce()).toEqual({ fired: 1, paused: 0 });
      // A second look at the same moment finds nothing more to do.
      expect(await scheduler.tickOnce()).toEqual({ fired: 0, paused: 0 });
    }
    const runs = await settled(t, ann.token, appId);
    expect(runs).toHaveLength(3);
    expect(runs.every((run) => run.status === 'succeeded' && run.source === 'schedule')).toBe(true);
    const spent =
      before - ((await t.api('GET', '/credits/balance', { token: ann.token })).body.credits as number);
    const costs = await Promise.all(
      runs.map(
        async (run) => (await t.api('GET', `/runs/${run.id}`, { token: ann.token })).body.cost as number,
      ),
    );
    expect(spent).toBe(costs.reduce((a, b) => a + b, 0));
    const [shown] = (await t.api('GET', `/apps/${appId}/triggers/schedules`, { token: ann.token })).body;
    expect(shown).toMatchObject({
      lastRunAt: '2031-01-06T08:03:00.000Z',
      nextRunAt: '2031-01-06T08:04:00.000Z',
      lastRunId: runs[0]!.id,
      lastRunStatus: 'succeeded',
    });
    const run = await t.api('GET', `/runs/${runs[0]!.id}`, { token: ann.token });
    expect(run.body.inputs).toEqual({ input_text: 'the tide' });

    await t.api('PATCH', `/apps/${appId}/triggers/schedules/${id}`, {
      token: ann.token,
      body: { paused: true },
    });
    clock.advance(5 * MINUTE);
    expect(await scheduler.tickOnce()).toEqual({ fired: 0, paused: 0 });
    expect(await runsOf(t, ann.token, appId)).toHaveLength(3);
    // Resumed: from now, the times missed while paused do not run.
    const resumed = await t.api('PATCH', `/apps/${appId}/triggers/schedules/${id}`, {
      token: ann.token,
      body: { paused: false },
    });
    expect(resumed.body).toMatchObject({ status: 'active', nextRunAt: '2031-01-06T08:09:00.000Z' });
    await t.api('DELETE', `/apps/${appId}/triggers/schedules/${id}`, { token: ann.token });
  });

  it('fires a due time once when two schedulers look at the same moment', async () => {
    const appId = await newApp(t, ann.token);
    const created = await t.api('POST', `/apps/${appId}/triggers/schedules`, {
      token: ann.token,
      body: { repeat: 'hourly', minute: 0, inputs: { input_text: 'twice?' } },
    });
    const { dataSource } = t.gateway.database;
    const other = new TriggerScheduler({
      dataSource,
      runs: new OwnerRuns(dataSource, t.gateway.services.runs),
      clock: { now: clock },
      publicUrl: 'http://localhost',
    });
    clock.advance(60 * MINUTE);
    const [mine, theirs] = await Promise.all([
      t.gateway.services.triggers.scheduler.tickOnce(),
      other.tickOnce(),
    ]);
    expect(mine.fired + theirs.fired).toBe(1);
    expect(await settled(t, ann.token, appId)).toHaveLength(1);
    await t.api('DELETE', `/apps/${appId}/triggers/schedules/${created.body.id}`, { token: ann.token });
  });

  it('pauses a schedule with a notice and a mail when the owner’s credits run out', async () => {
    const carl = await t.signUpViaApi('carl@example.com', { credits: true });
    const appId = await newApp(t, carl.token);
    const created = await t.api('POST', `/apps/${appId}/triggers/schedules`, {
      token: carl.token,
      body: { repeat: 'minutes', everyMinutes: 5, inputs: { input_text: 'rain' } },
    });
    const { dataSource } = t.gateway.database;
    await dataSource.query('UPDATE credit_balances SET balance = 0 WHERE user_id = $1', [carl.id]);
    clock.advance(10 * MINUTE);
    expect(await t.gateway.services.triggers.scheduler.tickOnce()).toEqual({ fired: 0, paused: 1 });
    const [shown] = (await t.api('GET', `/apps/${appId}/triggers/schedules`, { token: carl.token })).body;
    expect(shown).toMatchObject({ status: 'paused', pausedReason: CREDITS_PAUSE_NOTICE, nextRunAt: null });
    expect(shown.lastError).toMatch(/credits/i);
    expect(await runsOf(t, carl.token, appId)).toHaveLength(0);
    await t.gateway.services.accounts.settled();
    const mails = await dataSource.getRepository(MailMessage).findBy({ toAddress: 'carl@example.com' });
    const notice = mails.find((mail) => mail.subject.includes('was paused'));
    expect(notice?.body).toContain(CREDITS_PAUSE_NOTICE);
    expect(notice?.body).toContain(`/my-apps/${appId}/triggers`);
    // Resumed by hand, the notice goes.
    const resumed = await t.api('PATCH', `/apps/${appId}/triggers/schedules/${created.body.id}`, {
      token: carl.token,
      body: { paused: false },
    });
    expect(resumed.body).toMatchObject({ status: 'active', pausedReason: null });
  });
});

describe.each(databaseTargets)('schedules across restarts and processes (%s)', (_name, serverUrl) => {
  it('keeps a due time through a restart and fires it once across two gateways', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'triggers-'));
    // On PostgreSQL, a database of its own, migrated, that both gateways share (dropped at the end).
    const db = serverUrl ? await openTestDatabase(serverUrl) : null;
    const env: Record<string, string> = db?.url ? { DATABASE_URL: db.url } : {};
    try {
      const clock = manualClock(START);
      let first = await startApiTestGateway(env, { dataDir });
      first.gateway.services.triggers.clock.now = clock;
      await first.gateway.services.triggers.scheduler.stop();
      const ann = await first.signUpViaApi('ann@example.com', { credits: true });
      const appId = await newApp(first, ann.token);
      await first.api('POST', `/apps/${appId}/triggers/schedules`, {
        token: ann.token,
        body: { repeat: 'daily', time: '09:00', inputs: { input_text: 'restart' } },
      });
      if (!env.DATABASE_URL) {
        // PGlite is one process: restart it on the same data.
        await first.close();
        first = await startApiTestGateway(env, { dataDir });
        first.gateway.services.triggers.clock.now = clock;
        await first.gateway.services.triggers.scheduler.stop();
      }
      const second = env.DATABASE_URL
        ? await startApiTestGateway(env, { dataDir: mkdtempSync(path.join(tmpdir(), 'triggers-b-')) })
        : null;
      if (second) {
        second.gateway.services.triggers.clock.now = clock;
        await second.gateway.services.triggers.scheduler.stop();
      }
      try {
        clock.advance(60 * MINUTE);
        const looks = await Promise.all(
          [first, second]
            .filter((g) => g !== null)
            .map((g) => g!.gateway.services.triggers.scheduler.tickOnce()),
        );
        expect(looks.reduce((sum, look) => sum + look.fired, 0)).toBe(1);
        const runs = await settled(first, ann.token, appId);
        expect(runs).toHaveLength(1);
      } finally {
        await second?.close();
        await first.close();
      }
    } finally {
      await db?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
