import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { AppRecord, User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { NotFoundError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import { echoInput, probeApp, probePlugin } from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { UpvoteService } from './upvote-service';

const registry = new BlockRegistry();
registry.register(echoInput, 'test');

describe.each(databaseTargets)('UpvoteService on %s', (_name, databaseUrl) => {
  let db: Database;
  let apps: AppService;
  let upvotes: UpvoteService;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    apps = new AppService(db.dataSource, registry);
    upvotes = new UpvoteService(db.dataSource, apps);
  });

  afterAll(() => db.close());

  async function user(): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com` });
    return id;
  }

  async function storeApp(owner: string): Promise<string> {
    const app = await apps.create(owner, {
      name: 'Liked',
      config: probeApp([probePlugin('in', 'echoInput')], []),
    });
    await db.dataSource.query(
      `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
         live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
       WHERE id = $1`,
      [app.id],
    );
    return app.id!;
  }

  it('counts one upvote per person, even when sent many times at once', async () => {
    const appId = await storeApp(await user());
    const fan = await user();
    const results = await Promise.all(Array.from({ length: 5 }, () => upvotes.upvote(fan, appId)));
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(await upvotes.hasUpvoted(fan, appId)).toBe(true);
    expect((await upvotes.upvote(await user(), appId)).upvotes).toBe(2);
    expect((await db.dataSource.getRepository(AppRecord).findOneByOrFail({ id: appId })).upvotes).toBe(2);
  });

  it('answers which of a page of apps a person has upvoted, in one question', async () => {
    const owner = await user();
    const [liked, other] = [await storeApp(owner), await storeApp(owner)];
    const fan = await user();
    await upvotes.upvote(fan, liked);
    expect(await upvotes.upvotedAmong(fan, [liked, other, 'not-an-id'])).toEqual([liked]);
    expect(await upvotes.upvotedAmong(await user(), [liked, other])).toEqual([]);
    expect(await upvotes.upvotedAmong(fan, [])).toEqual([]);
    await expect(
      upvotes.upvotedAmong(
        fan,
        Array.from({ length: 501 }, () => liked),
      ),
    ).rejects.toThrow('Ask about 500 apps at most at once.');
  });

  it('counts views of visible apps only', async () => {
    const owner = await user();
    const appId = await storeApp(owner);
    expect(await upvotes.view({ userId: null, isAdmin: false }, appId)).toBe(1);
    const hidden = await apps.create(owner, { name: 'Draft' });
    await expect(upvotes.view({ userId: null, isAdmin: false }, hidden.id!)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(upvotes.upvote(await user(), hidden.id!)).rejects.toBeInstanceOf(NotFoundError);
  });
});
