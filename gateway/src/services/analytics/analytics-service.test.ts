import { randomUUID } from 'node:crypto';
import type { PlanId } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { AnalyticsEvent, AppRecord, RunRecord, User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { ForbiddenError, InputError, NotFoundError } from '../../errors';
import { AnalyticsService } from './analytics-service';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(databaseTargets)('AnalyticsService on %s', (_name, databaseUrl) => {
  let db: Database;
  let analytics: AnalyticsService;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    analytics = new AnalyticsService(db.dataSource, () => NOW);
  });

  afterAll(() => db.close());

  it('keeps known events with short scalar fields, and never the raw e-mail of a reset request', async () => {
    analytics.record('password_reset_requested', { email: 'Ada@Example.com' }, null);
    analytics.record(
      'app_executed',
      {
        app_name: 'x'.repeat(600),
        plugin_types: ['textInput', 'textGeneration'],
        success: true,
        nested: { a: 1 },
      },
      null,
    );
    await analytics.settled();
    const events = await db.dataSource.getRepository(AnalyticsEvent).find({ order: { name: 'ASC' } });
    expect(JSON.stringify(events)).not.toContain('Ada@Example.com');
    expect(JSON.stringify(events)).not.toContain('ada@example.com');
    const reset = events.find((e) => e.name === 'password_reset_requested')!;
    expect(reset.props).toEqual({ email_hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const executed = events.find((e) => e.name === 'app_executed')!;
    expect(executed.props).toEqual({
      app_name: 'x'.repeat(500),
      plugin_types: 'textInput,textGeneration',
      success: true,
    });
    await expect(analytics.track({ name: 'made_up', userId: null })).rejects.toBeInstanceOf(InputError);
  });

  it('takes page events from browsers, but not the events the server records itself', async () => {
    await analytics.track({ name: 'template_loaded', props: { template_name: 'Poems' }, userId: null });
    await expect(analytics.track({ name: 'app_executed', userId: null })).rejects.toThrow(
      '"app_executed" is recorded by the server when it happens; do not send it.',
    );
  });

  /** An owner on `plan` with one published app, runs on three days of the last week and one older. */
  async function ownerWithRuns(plan: PlanId) {
    const owner = randomUUID();
    await db.dataSource.getRepository(User).insert({ id: owner, email: `${owner}@example.com`, plan });
    const appIds = [randomUUID(), randomUUID()];
    for (const [i, appId] of appIds.entries()) {
      await db.dataSource.getRepository(AppRecord).insert({
        id: appId,
        ownerId: owner,
        name: i === 0 ? 'Counted' : 'Other',
        slug: `counted-${appId}`,
        config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
        views: i === 0 ? 7 : 0,
        uses: i === 0 ? 3 : 1,
        upvotes: i === 0 ? 2 : 0,
        isPublished: i === 0,
      });
    }
    const runs: [number, string][] = [
      [0, '2026-11-21T09:00:00Z'],
      [0, '2026-11-21T10:00:00Z'],
      [0, '2026-11-19T10:00:00Z'],
      [0, '2026-10-01T10:00:00Z'],
      [1, '2026-11-20T10:00:00Z'],
    ];
    for (const [app, at] of runs) {
      await db.dataSource.getRepository(RunRecord).insert({
        id: randomUUID(),
        appId: appIds[app]!,
        userId: owner,
        actionType: 'published',
        status: 'succeeded',
        cost: 1,
        inputs: {},
        createdAt: new Date(at),
      });
    }
    for (const at of ['2026-11-21T08:00:00Z', '2026-11-21T08:30:00Z', '2026-11-18T08:00:00Z']) {
      await db.dataSource.getRepository(AnalyticsEvent).insert({
        id: randomUUID(),
        name: 'app_viewed',
        userId: null,
        appId: appIds[0]!,
        props: { app_id: appIds[0]! },
        createdAt: new Date(at),
      });
    }
    return { owner, appId: appIds[0]!, otherAppId: appIds[1]! };
  }

  it('gives a Free owner their apps with the store’s counters, but no analytics over time', async () => {
    const { owner, appId } = await ownerWithRuns('free');
    const week = await analytics.myApps(owner, '7d');
    expect(week.level).toBe('none');
    expect(week.apps).toEqual([
      expect.objectContaining({ name: 'Counted', views: 7, runs: 3, upvotes: 2, isPublished: true }),
      expect.objectContaining({ name: 'Other', runs: 1, isPublished: false }),
    ]);
    expect(week.totals).toEqual({ views: 7, runs: 4, upvotes: 2 });
    expect(week.history).toEqual([]);
    await expect(analytics.myApps(owner, '7d', appId)).rejects.toThrow(
      new ForbiddenError(
        'Views per day and per-app analytics come with the Enterprise plan and up; your plan is Free. Upgrade to use them.',
      ),
    );
  });

  it('gives a Starter owner runs per day across their apps, every day present (basic analytics)', async () => {
    const { owner, appId } = await ownerWithRuns('starter');
    const week = await analytics.myApps(owner, '7d');
    expect(week.level).toBe('basic');
    expect(week.history).toHaveLength(7);
    expect(week.history.at(-1)).toEqual({ date: '2026-11-21', runs: 2, views: null });
    expect(week.history.find((d) => d.date === '2026-11-20')).toEqual({
      date: '2026-11-20',
      runs: 1,
      views: null,
    });
    expect(week.history.find((d) => d.date === '2026-11-19')).toEqual({
      date: '2026-11-19',
      runs: 1,
      views: null,
    });
    expect(week.history.reduce((sum, d) => sum + d.runs, 0)).toBe(4);
    expect((await analytics.myApps(owner, '30d')).history).toHaveLength(30);
    await expect(analytics.myApps(owner, '90d')).rejects.toThrow('period must be 7d or 30d.');
    await expect(analytics.myApps(owner, '7d', appId)).rejects.toThrow(
      'Views per day and per-app analytics come with the Enterprise plan and up; your plan is Starter. Upgrade to use them.',
    );
  });

  it('gives an Enterprise owner views per day too, and one app at a time (advanced analytics)', async () => {
    const { owner, appId, otherAppId } = await ownerWithRuns('enterprise');
    const all = await analytics.myApps(owner, '7d');
    expect(all.level).toBe('advanced');
    expect(all.appId).toBeNull();
    expect(all.history.at(-1)).toEqual({ date: '2026-11-21', runs: 2, views: 2 });
    expect(all.history.find((d) => d.date === '2026-11-20')).toEqual({
      date: '2026-11-20',
      runs: 1,
      views: 0,
    });
    expect(all.history.find((d) => d.date === '2026-11-18')).toEqual({
      date: '2026-11-18',
      runs: 0,
      views: 1,
    });
    const other = await analytics.myApps(owner, '7d', otherAppId);
    expect(other.appId).toBe(otherAppId);
    expect(other.history.reduce((sum, d) => sum + d.runs, 0)).toBe(1);
    expect(other.history.reduce((sum, d) => sum + (d.views ?? 0), 0)).toBe(0);
    expect((await analytics.myApps(owner, '7d', appId)).history.reduce((sum, d) => sum + d.runs, 0)).toBe(3);
    // Somebody else's app, or no app at all, is not found.
    const stranger = await ownerWithRuns('enterprise');
    await expect(analytics.myApps(stranger.owner, '7d', appId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(analytics.myApps(owner, '7d', 'not-an-id')).rejects.toBeInstanceOf(NotFoundError);
  });

  it("keeps an event's app id once, in its column, and shows it among the event's fields to admins", async () => {
    const appId = randomUUID();
    const at = new Date(NOW.getTime() + 1000);
    const later = new AnalyticsService(db.dataSource, () => at);
    later.record('app_executed', { app_id: appId, app_name: 'Once', success: true }, null);
    await later.track({ name: 'template_loaded', props: { app_id: 'not an id' }, userId: null });
    await later.settled();
    const [row] = (await db.dataSource.query(
      `SELECT app_id, props FROM events WHERE name = 'app_executed' AND app_id = $1`,
      [appId],
    )) as { app_id: string; props: Record<string, unknown> }[];
    expect(row).toEqual({ app_id: appId, props: { app_name: 'Once', success: true } });
    // The entity reads the fields as recorded.
    const [entity] = await db.dataSource
      .getRepository(AnalyticsEvent)
      .findBy({ appId, name: 'app_executed' });
    expect(entity!.props).toEqual({ app_id: appId, app_name: 'Once', success: true });
    const [loaded] = (await db.dataSource.query(
      `SELECT app_id, props FROM events WHERE name = 'template_loaded' AND created_at = $1`,
      [at],
    )) as { app_id: string | null; props: Record<string, unknown> }[];
    expect(loaded).toEqual({ app_id: null, props: { app_id: 'not an id' } });
    const { recent } = await later.summary({ isAdmin: true }, '1d');
    expect(recent.find((event) => event.name === 'app_executed')!.props).toEqual({
      app_id: appId,
      app_name: 'Once',
      success: true,
    });
    await db.dataSource.query(`DELETE FROM events WHERE created_at = $1`, [at]);
  });

  it("reads an app's page views through the index of page views, which no other event enters", async () => {
    const [index] = (await db.dataSource.query(
      `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index
        WHERE indexrelid = 'events_app_viewed'::regclass`,
    )) as { definition: string }[];
    expect(index!.definition).toMatch(/\(app_id, created_at\) WHERE \(name = 'app_viewed'::text\)$/);
    const runner = db.dataSource.createQueryRunner();
    try {
      // Made to prefer an index wherever one fits, as it will once there are many events.
      await runner.startTransaction();
      await runner.query('SET LOCAL enable_seqscan = off');
      const plan = (await runner.query(
        `EXPLAIN SELECT count(*) FROM events e
          WHERE e.name = 'app_viewed' AND e.app_id = $1 AND e.created_at >= $2`,
        [randomUUID(), NOW],
      )) as { 'QUERY PLAN': string }[];
      expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('events_app_viewed');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('summarises events for admins only', async () => {
    await expect(analytics.summary({ isAdmin: false })).rejects.toBeInstanceOf(ForbiddenError);
    const summary = await analytics.summary({ isAdmin: true }, 'all');
    expect(summary.raw).toMatchObject({ app_executed: 1, password_reset_requested: 1 });
    expect(summary.recent[0]).toMatchObject({ name: expect.any(String), at: expect.any(String) });
    await expect(analytics.summary({ isAdmin: true }, '2d')).rejects.toThrow(
      'range must be 1d, 7d, 30d or all.',
    );
  });
});
