import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { AppRecord, User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { ForbiddenError, NotFoundError, PublishingLimitError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import { echoInput, probeApp, probePlugin } from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { PublishingService, REVIEW_NOTES_REQUIRED } from './publishing-service';

const registry = new BlockRegistry();
registry.register(echoInput, 'test');
const config = probeApp([probePlugin('in', 'echoInput')], []);

describe.each(databaseTargets)('PublishingService on %s', (_name, databaseUrl) => {
  let db: Database;
  let apps: AppService;
  let publishing: PublishingService;
  const admin = { userId: randomUUID(), isAdmin: true };

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    apps = new AppService(db.dataSource, registry);
    publishing = new PublishingService(db.dataSource, apps);
  });

  afterAll(() => db.close());

  async function user(plan: 'free' | 'starter' | 'enterprise' = 'free'): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan });
    return id;
  }

  const draft = (owner: string, name = 'An app') => apps.create(owner, { name, category: 'Content', config });

  it('publishes within the free plan’s two apps, then refuses with the limit message', async () => {
    const owner = await user();
    expect(await publishing.info(owner)).toEqual({
      plan: 'free',
      limit: 2,
      currentCount: 0,
      remaining: 2,
      canPublish: true,
    });
    const first = await publishing.publish(owner, (await draft(owner)).id!);
    expect(first.app).toMatchObject({ isPublished: true, verificationStatus: 'pending' });
    expect(first.publishingInfo).toMatchObject({ currentCount: 1, remaining: 1, canPublish: true });
    const second = await publishing.publish(owner, (await draft(owner)).id!);
    expect(second.publishingInfo).toMatchObject({ currentCount: 2, remaining: 0, canPublish: false });
    const third = await draft(owner);
    await expect(publishing.publish(owner, third.id!)).rejects.toThrow(
      'Publishing limit reached: the Free plan allows 2 published apps. Upgrade your plan to publish more apps.',
    );
    // Publishing an app that is already published does not count twice.
    expect((await publishing.publish(owner, second.app.id!)).publishingInfo.currentCount).toBe(2);
  });

  it('never lets concurrent publishes pass the limit together', async () => {
    const owner = await user();
    const drafts = await Promise.all([1, 2, 3, 4, 5].map((n) => draft(owner, `App ${n}`)));
    const results = await Promise.allSettled(drafts.map((app) => publishing.publish(owner, app.id!)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof PublishingLimitError),
    ).toBe(true);
    expect((await publishing.info(owner)).currentCount).toBe(2);
  });

  it('lets starter publish ten and enterprise without limit', async () => {
    expect(await publishing.info(await user('starter'))).toMatchObject({ limit: 10, remaining: 10 });
    const big = await user('enterprise');
    for (let i = 0; i < 3; i++) await publishing.publish(big, (await draft(big)).id!);
    expect(await publishing.info(big)).toEqual({
      plan: 'enterprise',
      limit: -1,
      currentCount: 3,
      remaining: -1,
      canPublish: true,
    });
  });

  it('requires a name and a category, with the phrase the workbench looks for', async () => {
    const owner = await user();
    const app = await apps.create(owner, { name: 'No category', config });
    await expect(publishing.publish(owner, app.id!)).rejects.toThrow('Name and category are required');
    await expect(publishing.publishWithData(owner, { name: ' ', category: 'Content' })).rejects.toThrow(
      'Name and category are required',
    );
    const saved = await publishing.publishWithData(owner, {
      name: 'All in one',
      category: 'Business',
      config,
    });
    expect(saved.app).toMatchObject({ name: 'All in one', isPublished: true, verificationStatus: 'pending' });
  });

  it('lets only the owner publish or unpublish', async () => {
    const owner = await user();
    const other = await user();
    const app = await draft(owner);
    await expect(publishing.publish(other, app.id!)).rejects.toBeInstanceOf(NotFoundError);
    await publishing.publish(owner, app.id!);
    await expect(publishing.unpublish(other, app.id!)).rejects.toBeInstanceOf(NotFoundError);
    expect((await publishing.unpublish(owner, app.id!)).isPublished).toBe(false);
  });

  it('has admins approve or reject with notes; the store shows only approved apps', async () => {
    const owner = await user();
    const good = (await publishing.publish(owner, (await draft(owner, 'Good')).id!)).app;
    const bad = (await publishing.publish(owner, (await draft(owner, 'Bad')).id!)).app;
    expect((await publishing.pending(admin)).map((a) => a.id)).toEqual(
      expect.arrayContaining([good.id, bad.id]),
    );
    await expect(publishing.pending({ userId: owner, isAdmin: false })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(
      publishing.review({ userId: owner, isAdmin: false }, good.id!, 'approved'),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(publishing.review(admin, bad.id!, 'rejected', '  ')).rejects.toThrow(REVIEW_NOTES_REQUIRED);
    await publishing.review(admin, good.id!, 'approved');
    const rejected = await publishing.review(
      admin,
      bad.id!,
      'rejected',
      'The prompt asks for personal data.',
    );
    expect(rejected).toMatchObject({
      verificationStatus: 'rejected',
      reviewNotes: 'The prompt asks for personal data.',
    });
    const store = (await apps.listStore()).filter((a) => a.owner_id === owner).map((a) => a.name);
    expect(store).toEqual(['Good']);
    const counts = await publishing.counts(admin);
    expect(counts.approved).toBeGreaterThanOrEqual(1);
    expect(counts.rejected).toBeGreaterThanOrEqual(1);
    // The owner still sees the rejected app and its notes.
    expect((await apps.get({ userId: owner, isAdmin: false }, bad.id!)).reviewNotes).toBe(
      'The prompt asks for personal data.',
    );
    expect(await db.dataSource.getRepository(AppRecord).countBy({ ownerId: owner })).toBe(2);
  });
});
