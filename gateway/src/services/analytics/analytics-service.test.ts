import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { AnalyticsEvent, AppRecord, RunRecord, User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../data/test-database';
import { ForbiddenError, InputError } from '../../errors';
import { AnalyticsService } from './analytics-service';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(databaseTargets)('AnalyticsService on %s', (_name, databaseUrl) => {
  let db: Database;
  let analytics: AnalyticsService;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    analytics = new AnalyticsService(db.dataSource, () => NOW);
  }, 60_000);

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

  it('gives the owner their apps’ figures and runs per day, every day present', async () => {
    const owner = randomUUID();
    await db.dataSource.getRepository(User).insert({ id: owner, email: `${owner}@example.com` });
    const appId = randomUUID();
    await db.dataSource.getRepository(AppRecord).insert({
      id: appId,
      ownerId: owner,
      name: 'Counted',
      slug: `counted-${appId}`,
      config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
      views: 7,
      uses: 3,
      upvotes: 2,
      isPublished: true,
    });
    for (const at of [
      '2026-11-21T09:00:00Z',
      '2026-11-21T10:00:00Z',
      '2026-11-19T10:00:00Z',
      '2026-10-01T10:00:00Z',
    ]) {
      await db.dataSource.getRepository(RunRecord).insert({
        id: randomUUID(),
        appId,
        userId: owner,
        actionType: 'published',
        status: 'succeeded',
        cost: 1,
        inputs: {},
        createdAt: new Date(at),
      });
    }
    const week = await analytics.myApps(owner, '7d');
    expect(week.apps).toEqual([
      expect.objectContaining({ name: 'Counted', views: 7, runs: 3, upvotes: 2, isPublished: true }),
    ]);
    expect(week.totals).toEqual({ views: 7, runs: 3, upvotes: 2 });
    expect(week.history).toHaveLength(7);
    expect(week.history.at(-1)).toEqual({ date: '2026-11-21', runs: 2 });
    expect(week.history.find((d) => d.date === '2026-11-19')).toEqual({ date: '2026-11-19', runs: 1 });
    expect((await analytics.myApps(owner, '30d')).history).toHaveLength(30);
    await expect(analytics.myApps(owner, '90d')).rejects.toThrow('period must be 7d or 30d.');
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
