import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { AppsWithOwner } from './app-with-owner';

describe.each(databaseTargets)('AppsWithOwner on %s', (_name, databaseUrl) => {
  let db: Database;
  let ownerId: string;
  let appId: string;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    ownerId = randomUUID();
    appId = randomUUID();
    await db.dataSource.query(`INSERT INTO users (id, email, plan) VALUES ($1, $2, 'starter')`, [
      ownerId,
      `${ownerId}@example.com`,
    ]);
    await db.dataSource.query(
      `INSERT INTO apps (id, owner_id, name, slug, config, block_kinds_held, published_at)
       VALUES ($1, $2, 'App', $3, $4::jsonb, '{textGeneration}', '2026-11-01T10:00:00Z')`,
      [
        appId,
        ownerId,
        `app-${appId}`,
        JSON.stringify({ plugins: [{ id: 'n1', type: 'textInput' }], connections: [] }),
      ],
    );
  });

  afterAll(async () => {
    await db.close();
  });

  it('reads an app asked for twice in one turn once, and gives each caller a record of its own', async () => {
    const apps = new AppsWithOwner(db.dataSource);
    const sent = jest.spyOn(db.dataSource.manager, 'query');
    try {
      // The id in capitals is the same app.
      const [first, second, none] = await Promise.all([
        apps.byId(appId),
        apps.byId(appId.toUpperCase()),
        apps.byId(randomUUID()),
      ]);
      expect(sent).toHaveBeenCalledTimes(1);
      expect(none).toBeNull();
      expect(first).toMatchObject({
        id: appId,
        ownerId,
        config: { plugins: [{ id: 'n1', type: 'textInput' }], connections: [] },
        blockKindsHeld: ['textGeneration'],
        publishedAt: new Date('2026-11-01T10:00:00Z'),
        owner: { plan: 'starter', suspendedAt: null },
      });
      expect(second).toEqual(first);
      // Changing one caller's record leaves the other's as read.
      first!.config.plugins.push({ id: 'n2', type: 'textOutput' } as never);
      first!.blockKindsHeld.push('imageGeneration');
      first!.publishedAt!.setUTCFullYear(2000);
      expect(second!.config.plugins).toHaveLength(1);
      expect(second!.blockKindsHeld).toEqual(['textGeneration']);
      expect(second!.publishedAt).toEqual(new Date('2026-11-01T10:00:00Z'));
    } finally {
      sent.mockRestore();
    }
  });
});
