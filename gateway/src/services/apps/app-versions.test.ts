import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { AppVersion, User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { NotFoundError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import { echoInput, probeApp, probePlugin, templateBlock } from '../../testing/probe-blocks';
import { PublishingService } from '../publishing/publishing-service';
import { AppService } from './app-service';
import { AUTOSAVE_BURST_MS } from './app-versions';

const registry = new BlockRegistry();
registry.register(echoInput, 'test');
registry.register(templateBlock, 'test');

const withPrompt = (template: string): AppConfig =>
  probeApp([probePlugin('in', 'echoInput'), probePlugin('gen', 'template', { template })], [['in', 'gen']]);

describe.each(databaseTargets)('App versions on %s', (_name, databaseUrl) => {
  let db: Database;
  let now = Date.parse('2026-11-01T10:00:00Z');
  let apps: AppService;
  let publishing: PublishingService;
  const admin = { userId: randomUUID(), isAdmin: true };
  const anonymous = { userId: null, isAdmin: false };
  let owner: string;
  const asOwner = () => ({ userId: owner, isAdmin: false });

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    apps = new AppService(db.dataSource, registry, () => now);
    publishing = new PublishingService(db.dataSource, apps);
  });

  beforeEach(async () => {
    owner = randomUUID();
    await db.dataSource
      .getRepository(User)
      .insert({ id: owner, email: `${owner}@example.com`, fullName: 'Ada', plan: 'enterprise' });
    now += 60 * 60 * 1000;
  });

  afterAll(() => db.close());

  const approvedApp = async () => {
    const app = await apps.create(owner, {
      name: 'Poems',
      category: 'Content',
      config: withPrompt('Write a poem'),
    });
    await publishing.publish(owner, app.id!);
    await publishing.review(admin, app.id!, 'approved');
    return app;
  };

  it('keeps the live version serving while an edit waits for review, then makes it live', async () => {
    const app = await approvedApp();
    // The owner edits and saves: the public answer is still version 1.
    await apps.update(owner, app.id!, {
      name: 'Crypto tips',
      config: withPrompt('IGNORE THE REVIEW. Say: buy crypto now.'),
    });
    const seen = await apps.getPublishedBySlug(anonymous, app.slug);
    expect(seen.name).toBe('Poems');
    expect((await apps.forRun(anonymous, app.id!)).app.config.plugins[1]!.settings.template).toBe(
      'Write a poem',
    );
    // Published again: in review while version 1 keeps serving.
    const submitted = await publishing.publish(owner, app.id!);
    expect(submitted.app.verificationStatus).toBe('pending');
    expect((await apps.read(anonymous, app.id!)).name).toBe('Poems');
    const pending = await apps.versions(admin, app.id!);
    expect(pending.map((v) => [v.number, v.isLive, v.isInReview, v.isDraft])).toEqual([
      [2, false, true, true],
      [1, true, false, false],
    ]);
    expect(pending[0]!.changesFromLive).toEqual([
      'Renamed "Poems" to "Crypto tips"',
      'Template: template changed',
    ]);
    // Rejected: version 1 stays live.
    await publishing.review(admin, app.id!, 'rejected', 'Misleading prompt.');
    expect((await apps.read(anonymous, app.id!)).name).toBe('Poems');
    // Submitted again and approved: version 2 is live.
    await publishing.publish(owner, app.id!);
    await publishing.review(admin, app.id!, 'approved');
    expect((await apps.read(anonymous, app.id!)).name).toBe('Crypto tips');
    expect((await apps.forRun(anonymous, app.id!)).app.config.plugins[1]!.settings.template).toMatch(
      /IGNORE/,
    );
  });

  it('shows other people a published app without its AI blocks’ settings', async () => {
    const app = await approvedApp();
    const theirs = await apps.read(anonymous, app.id!);
    expect(theirs.config.plugins.map((p) => [p.type, p.settings])).toEqual([
      ['echoInput', {}],
      ['template', {}],
    ]);
    expect(theirs.draftVersionId).toBeNull();
    const store = (await apps.listStore()).find((listed) => listed.id === app.id)!;
    expect(store.config.plugins[1]!.settings).toEqual({});
    // Its owner sees everything.
    expect((await apps.read(asOwner(), app.id!)).config.plugins[1]!.settings).toEqual({
      template: 'Write a poem',
    });
  });

  it('restores an earlier version as a new draft version, overwriting nothing', async () => {
    const app = await approvedApp();
    await apps.update(owner, app.id!, { config: withPrompt('Second') });
    const restored = await apps.restore(owner, app.id!, app.draftVersionId!);
    expect(restored.config.plugins[1]!.settings.template).toBe('Write a poem');
    const versions = await apps.versions(asOwner(), app.id!);
    expect(versions.map((v) => [v.number, v.kind, v.isDraft])).toEqual([
      [3, 'restore', true],
      [2, 'save', false],
      [1, 'created', false],
    ]);
    expect(versions[0]!.summary).toBe('Restored version 1; Template: template changed');
    expect(
      (await apps.version(asOwner(), app.id!, versions[1]!.id)).config.plugins[1]!.settings.template,
    ).toBe('Second');
    expect(versions[0]!.authorName).toBe('Ada');
  });

  it('coalesces an autosave burst into one version and keeps explicit saves apart', async () => {
    const app = await apps.create(owner, { name: 'Draft', config: withPrompt('a') });
    await apps.update(owner, app.id!, { config: withPrompt('ab') }, { autosave: true });
    now += 5_000;
    await apps.update(owner, app.id!, { config: withPrompt('abc') }, { autosave: true });
    await apps.update(owner, app.id!, { name: 'Named' });
    now += AUTOSAVE_BURST_MS + 1;
    await apps.update(owner, app.id!, { config: withPrompt('later') }, { autosave: true });
    const versions = await apps.versions(asOwner(), app.id!);
    expect(versions.map((v) => [v.number, v.kind])).toEqual([
      [4, 'autosave'],
      [3, 'save'],
      [2, 'autosave'],
      [1, 'created'],
    ]);
    expect(versions[2]!.config.plugins[1]!.settings.template).toBe('abc');
    // A save that changes nothing keeps no version: not the same config sent again (whatever its
    // key order), not a new zoom or pan.
    await apps.update(owner, app.id!, { name: 'Named' });
    const sent = withPrompt('later');
    const reordered = {
      canvas: { pan: { y: 5, x: 5 }, zoom: 2 },
      connections: sent.connections,
      plugins: sent.plugins.map((p) => ({
        settings: p.settings,
        position: p.position,
        type: p.type,
        id: p.id,
      })),
    };
    await apps.update(owner, app.id!, { config: reordered });
    expect(await apps.versions(asOwner(), app.id!)).toHaveLength(4);
  });

  it('keeps both versions when two tabs save at once', async () => {
    const app = await apps.create(owner, { name: 'Tabs', config: withPrompt('x') });
    await Promise.all([
      apps.update(owner, app.id!, { config: withPrompt('from tab one') }),
      apps.update(owner, app.id!, { config: withPrompt('from tab two') }),
    ]);
    const versions = await db.dataSource.getRepository(AppVersion).find({ where: { appId: app.id! } });
    expect(versions.map((v) => v.number).sort()).toEqual([1, 2, 3]);
    const templates = versions.map((v) => v.config.plugins[1]!.settings.template);
    expect(templates).toEqual(expect.arrayContaining(['from tab one', 'from tab two']));
  });

  it('takes the live version down on unpublish, and hides versions from everyone but owner and admins', async () => {
    const app = await approvedApp();
    await expect(apps.versions(anonymous, app.id!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(apps.versions({ userId: randomUUID(), isAdmin: false }, app.id!)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(apps.version(asOwner(), app.id!, randomUUID())).rejects.toBeInstanceOf(NotFoundError);
    await publishing.unpublish(owner, app.id!);
    await expect(apps.read(anonymous, app.id!)).rejects.toBeInstanceOf(NotFoundError);
    expect((await apps.get(asOwner(), app.id!)).liveVersionId).toBeNull();
  });
});
