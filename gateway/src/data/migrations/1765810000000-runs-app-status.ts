import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An app's run history filtered by status (its failed runs) reads an index of its own instead of
 * walking every run of the app newest first until it finds a page of them.
 */
export class RunsAppStatus1765810000000 implements MigrationInterface {
  name = 'RunsAppStatus1765810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX "runs_app_status" ON "runs" ("app_id", "status", "created_at", "id") ');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "runs_app_status"');
  }
}
