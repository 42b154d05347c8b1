import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { AppRecord, User } from '../../data/entities';
import { ConflictError, InputError, NotFoundError } from '../../errors';
import { GraphValidationError } from '@blocksmith/engine';
import { BlockRegistry } from '../../kernel';
import { echoInput, probeApp, probePlugin, templateBlock } from '../../testing/probe-blocks';
import { AppService } from './app-service';
import { defineBlock, field, output } from '@blocksmith/block-sdk';

const registry = new BlockRegistry();
registry.register(echoInput, 'test');
registry.register(templateBlock, 'test');
/** A block whose second version renamed its one setting. */
const renamed = defineBlock({
  kind: 'renamed',
  name: 'Renamed',
  description: 'Its setting was `text` in version 1.',
  category: 'ai',
  cost: 1,
  version: 2,
  migrations: { 2: (saved) => ({ template: saved.text }) },
  settings: { template: field.prompt({ label: 'Template', default: '' }) },
  outputs: { renamed_text: output.text() },
  run: (ctx) => ({ renamed_text: ctx.settings.template }),
});
registry.register(renamed, 'test');

const config: AppConfig = probeApp(
  [probePlugin('in', 'echoInput'), probePlugin('gen', 'template')],
  [['in', 'gen']],
);

describe.each(databaseTargets)('AppService on %s', (_name, databaseUrl) => {
  let db: Database;
  let apps: AppService;
  let alice: string;
  let bob: string;
  const asAlice = () => ({ userId: alice, isAdmin: false });
  const asBob = () => ({ userId: bob, isAdmin: false });
  const anonymous = { userId: null, isAdmin: false };

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    apps = new AppService(db.dataSource, registry, () => 1_700_000_000_000);
  });

  beforeEach(async () => {
    [alice, bob] = [randomUUID(), randomUUID()];
    for (const id of [alice, bob])
      await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com` });
  });

  afterAll(async () => {
    await db.close();
  });

  const liveOf = (name: string) => ({ name, description: '', category: 'Content', config });
  /** Published and approved, written behind the service's back: its draft version goes live. */
  const approvedBehindTheBack = async (id: string, extra: Partial<AppRecord> = {}) => {
    const repo = db.dataSource.getRepository(AppRecord);
    const record = await repo.findOneByOrFail({ id });
    Object.assign(record, {
      isPublished: true,
      verificationStatus: 'approved',
      liveVersionId: record.draftVersionId,
      live: liveOf(record.name),
      ...extra,
    });
    await repo.save(record);
  };

  it('creates an app for its owner, never taking an id or owner from the input', async () => {
    const forged = {
      name: '  Trip Planner ',
      category: 'Productivity',
      config,
      id: randomUUID(),
      owner_id: bob,
    };
    const app = await apps.create(alice, forged as never);
    expect(app).toMatchObject({
      name: 'Trip Planner',
      owner_id: alice,
      category: 'Productivity',
      isPublished: false,
    });
    expect(app.id).not.toBe(forged.id);
    expect(app.slug).toMatch(/^trip-planner-1700000000000/);
    expect((await apps.create(alice, { slug: `x-${alice.slice(0, 8)}` })).name).toBe('My App');
  });

  it('opens a block saved by an older version of its package in today’s settings', async () => {
    const saved = probeApp([{ ...probePlugin('old', 'renamed'), settings: { text: 'Hello' } }], []);
    const app = await apps.create(alice, { name: 'Old blocks', config: saved });
    const [old] = (await apps.get(asAlice(), app.id!)).config.plugins;
    expect(old).toMatchObject({ version: 2, settings: { template: 'Hello' } });
  });

  it('hides another user’s unpublished or private app behind not found, for every operation', async () => {
    const app = await apps.create(alice, { name: 'Private thing', config });
    const id = app.id!;
    await expect(apps.get(asBob(), id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(apps.get(anonymous, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(apps.update(bob, id, { name: 'Mine now' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(apps.setPrivate(bob, id, true)).rejects.toBeInstanceOf(NotFoundError);
    await expect(apps.remove(bob, id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await apps.listOwn(bob)).toEqual([]);
    expect(await apps.listByUser(alice)).toEqual([]);
    expect((await apps.get(asAlice(), id)).name).toBe('Private thing');
    expect((await apps.get({ userId: bob, isAdmin: true }, id)).name).toBe('Private thing');
  });

  it('shows approved, public, published apps to everyone, and lists the store by upvotes', async () => {
    const a = await apps.create(alice, { name: 'Popular', config });
    const b = await apps.create(alice, { name: 'Less popular', config });
    const c = await apps.create(alice, { name: 'Still pending', config });
    const repo = db.dataSource.getRepository(AppRecord);
    await approvedBehindTheBack(a.id!, { upvotes: 5 });
    await approvedBehindTheBack(b.id!, { upvotes: 2 });
    await repo.update({ id: c.id! }, { isPublished: true });
    apps.storeChanged(); // written behind the service's back
    expect((await apps.get(anonymous, a.id!)).name).toBe('Popular');
    expect((await apps.getPublishedBySlug(anonymous, b.slug)).name).toBe('Less popular');
    await expect(apps.getPublishedBySlug(anonymous, c.slug)).rejects.toThrow(
      'The requested app could not be found or is not published.',
    );
    const store = (await apps.listStore()).filter((app) => app.owner_id === alice);
    expect(store.map((app) => app.name)).toEqual(['Popular', 'Less popular']);
    await apps.setPrivate(alice, a.id!, true);
    expect((await apps.listByUser(alice)).map((app) => app.name)).toEqual(['Less popular']);
  });

  it('serves one read of the store to concurrent callers, and reads it afresh after a change', async () => {
    const app = await apps.create(alice, { name: 'Listed', category: 'Content', config });
    await approvedBehindTheBack(app.id!);
    apps.storeChanged();
    const reads = jest.spyOn(db.dataSource, 'getRepository');
    const [first, second] = await Promise.all([apps.listStore(), apps.listStore()]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(first.some((listed) => listed.id === app.id)).toBe(true);

    // A change through the service shows at once: a private app leaves the store.
    await apps.setPrivate(alice, app.id!, true);
    expect((await apps.listStore()).some((listed) => listed.id === app.id)).toBe(false);
    reads.mockRestore();
  });

  it('serves public readers a shared read of an app, its owner always the current one', async () => {
    const app = await apps.create(alice, { name: 'Shown', category: 'Content', config });
    await approvedBehindTheBack(app.id!);
    apps.storeChanged();
    // The shared reads' clock stands still here: a loaded machine can take more than their second.
    const clock = jest.spyOn(performance, 'now').mockReturnValue(performance.now());
    expect((await apps.read(asBob(), app.id!)).name).toBe('Shown');
    expect((await apps.getPublishedBySlug(anonymous, app.slug)).name).toBe('Shown');

    // Behind the service's back: public readers may see the shared read for up to a second...
    const quiet = await db.dataSource.getRepository(AppRecord).findOneByOrFail({ id: app.id! });
    Object.assign(quiet, { name: 'Renamed quietly', live: liveOf('Renamed quietly') });
    await db.dataSource.getRepository(AppRecord).save(quiet);
    expect((await apps.read(asBob(), app.id!)).name).toBe('Shown');
    clock.mockRestore();
    // ...but the owner never does.
    expect((await apps.read(asAlice(), app.id!)).name).toBe('Renamed quietly');
    expect((await apps.getPublishedBySlug(asAlice(), app.slug)).name).toBe('Renamed quietly');

    // A change through the service reaches everyone at once: a private app is gone for others.
    await apps.setPrivate(alice, app.id!, true);
    await expect(apps.read(asBob(), app.id!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(apps.getPublishedBySlug(anonymous, app.slug)).rejects.toBeInstanceOf(NotFoundError);
    expect((await apps.read(asAlice(), app.id!)).isPrivate).toBe(true);
    await expect(apps.read(asBob(), 'not-an-id')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads its owner’s app for a run once when no shared read is kept, and afresh when one is', async () => {
    const app = await apps.create(alice, { name: 'Run by its owner', category: 'Content', config });
    await approvedBehindTheBack(app.id!);
    apps.storeChanged();
    const reads = jest.spyOn(db.dataSource.manager, 'query');
    try {
      expect((await apps.forRun(asAlice(), app.id!)).app.name).toBe('Run by its owner');
      expect(reads).toHaveBeenCalledTimes(1);
      // Within the shared read's second the owner's run reads the app again: a change shows.
      await db.dataSource.query(`UPDATE apps SET name = 'Renamed quietly' WHERE id = $1`, [app.id]);
      reads.mockClear();
      expect((await apps.forRun(asAlice(), app.id!)).app.name).toBe('Renamed quietly');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('reads the apps asked for together in one statement, each afresh', async () => {
    const [one, two] = [
      await apps.create(alice, { name: 'First', config }),
      await apps.create(alice, { name: 'Second', config }),
    ];
    await db.dataSource.query(`UPDATE apps SET name = 'First, renamed' WHERE id = $1`, [one.id]);
    const reads = jest.spyOn(db.dataSource.manager, 'query');
    try {
      const asked = [one.id!, two.id!.toUpperCase(), one.id!.toUpperCase(), randomUUID()].map((id) =>
        apps.forRun(asAlice(), id).then(
          ({ app }) => app.name,
          (error: unknown) => error,
        ),
      );
      expect(await Promise.all(asked)).toEqual([
        'First, renamed',
        'Second',
        'First, renamed',
        expect.any(NotFoundError),
      ]);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses a config the engine could not run, naming the block, and stores nothing', async () => {
    const broken = probeApp([probePlugin('x', 'noSuchBlock')], []);
    await expect(apps.create(alice, { name: 'Broken', config: broken })).rejects.toThrow(
      'noSuchBlock (x): unknown block kind "noSuchBlock".',
    );
    await expect(apps.create(alice, { config: { plugins: 'nope' } as never })).rejects.toBeInstanceOf(
      GraphValidationError,
    );
    const app = await apps.create(alice, { name: 'Fine', config });
    await expect(apps.update(alice, app.id!, { name: 'Renamed', config: broken })).rejects.toBeInstanceOf(
      GraphValidationError,
    );
    expect((await apps.get(asAlice(), app.id!)).name).toBe('Fine');
    expect(await apps.listOwn(alice)).toHaveLength(1);
  });

  it('explains bad fields and taken addresses', async () => {
    await expect(apps.create(alice, { category: 'Gardening' })).rejects.toThrow(
      /category must be one of: Content/,
    );
    await expect(apps.create(alice, { slug: 'Not A Slug' })).rejects.toBeInstanceOf(InputError);
    await expect(apps.create(alice, { name: 42 as never })).rejects.toThrow('name must be text.');
    const slug = `taken-${alice.slice(0, 8)}`;
    await apps.create(alice, { slug });
    await expect(apps.create(bob, { slug })).rejects.toBeInstanceOf(ConflictError);
    await expect(apps.get(asAlice(), 'not-a-uuid')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes only its owner’s app', async () => {
    const app = await apps.create(alice, { name: 'Doomed', config });
    await apps.remove(alice, app.id!);
    await expect(apps.get(asAlice(), app.id!)).rejects.toBeInstanceOf(NotFoundError);
  });
});
