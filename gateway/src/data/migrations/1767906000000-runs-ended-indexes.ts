import type { MigrationInterface, QueryRunner } from 'typeorm';

const LIVE = `status IN ('queued', 'running', 'waiting')`;
const ENDED = `status NOT IN ('queued', 'running', 'waiting')`;

/**
 * The run history's indexes by status (`runs_app_status`, `runs_app_status_source`) hold ended runs
 * only, and the runs not ended have a small index of their own (`runs_app_live`). A run's row is
 * written as running and written again when it ends; both indexes took an entry for each version,
 * and the entries as running, dead once it ended, left their pages about half empty (120-200 bytes
 * a run in each where about 70 is the entry). Now each ended run takes one entry there, in the
 * order runs end, and the live index's entries come and go with the runs going on.
 */
export class RunsEndedIndexes1767906000000 implements MigrationInterface {
  name = 'RunsEndedIndexes1767906000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."runs_app_status"');
    await db.query('DROP INDEX "public"."runs_app_status_source"');
    await db.query(
      `CREATE INDEX "runs_app_status" ON "runs" ("app_id", "status", "created_at", "id") WHERE ${ENDED}`,
    );
    await db.query(
      `CREATE INDEX "runs_app_status_source" ON "runs" ("app_id", "status", "source", "created_at", "id") WHERE ${ENDED}`,
    );
    await db.query(
      `CREATE INDEX "runs_app_live" ON "runs" ("app_id", "status", "created_at", "id") WHERE ${LIVE}`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."runs_app_live"');
    await db.query('DROP INDEX "public"."runs_app_status_source"');
    await db.query('DROP INDEX "public"."runs_app_status"');
    await db.query('CREATE INDEX "runs_app_status" ON "runs" ("app_id", "status", "created_at", "id")');
    await db.query(
      'CREATE INDEX "runs_app_status_source" ON "runs" ("app_id", "status", "source", "created_at", "id")',
    );
  }
}
