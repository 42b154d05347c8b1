import { randomUUID } from 'node:crypto';
import type { Database } from '../database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { AppVersions1764400000000 } from './1764400000000-app-versions';

describe.each(databaseTargets)('The versions migration on %s', (_name, databaseUrl) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
  });
  afterAll(() => db.close());

  it('makes every existing app version 1 of itself: live when approved, in review when pending', async () => {
    const runner = db.dataSource.createQueryRunner();
    const migration = new AppVersions1764400000000();
    try {
      await migration.down(runner);
      const owner = randomUUID();
      await runner.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [owner, `${owner}@example.com`]);
      const app = (name: string, published: boolean, status: string) =>
        runner.query(
          `INSERT INTO apps (id, owner_id, name, slug, category, is_published, verification_status, config)
           VALUES ($1, $2, $3, $4, 'Content', $5, $6, $7) RETURNING id`,
          [
            randomUUID(),
            owner,
            name,
            `${name}-${randomUUID()}`,
            published,
            status,
            JSON.stringify({
              plugins: [{ id: 'a', type: 'textInput', position: { x: 0, y: 0 }, settings: {} }],
              connections: [],
              canvas: { zoom: 1, pan: { x: 0, y: 0 } },
            }),
          ],
        ) as Promise<[{ id: string }]>;
      const [[live], [pending], [draft]] = await Promise.all([
        app('live', true, 'approved'),
        app('pending', true, 'pending'),
        app('draft', false, 'pending'),
      ]);
      await migration.up(runner);
      const rows = (await runner.query(
        `SELECT a.id, a.name, a.live->>'name' AS live_name, a.live_version_id = v.id AS live_is_v1,
                a.submitted_version_id = v.id AS submitted_is_v1, a.draft_version_id = v.id AS draft_is_v1,
                v.number, v.kind, v.summary
           FROM apps a JOIN app_versions v ON v.app_id = a.id WHERE a.owner_id = $1 ORDER BY a.name`,
        [owner],
      )) as Record<string, unknown>[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(live!.id)).toMatchObject({
        live_name: 'live',
        live_is_v1: true,
        submitted_is_v1: null,
        draft_is_v1: true,
        number: 1,
        kind: 'created',
        summary: 'First version: 1 block',
      });
      expect(byId.get(pending!.id)).toMatchObject({
        live_name: null,
        live_is_v1: null,
        submitted_is_v1: true,
        draft_is_v1: true,
      });
      expect(byId.get(draft!.id)).toMatchObject({
        live_name: null,
        live_is_v1: null,
        submitted_is_v1: null,
        draft_is_v1: true,
      });
    } finally {
      await runner.release();
    }
  });
});
