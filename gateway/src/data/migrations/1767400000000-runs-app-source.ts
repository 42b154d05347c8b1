import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An app's run history filtered by source (its API or scheduled runs), or by status and source
 * together, reads an index of its own, newest first, instead of walking the app's runs (or its
 * runs of that status) until it finds a page of them: a rare source among a million runs took
 * 10-250 ms.
 */
export class RunsAppSource1767400000000 implements MigrationInterface {
  name = 'RunsAppSource1767400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX "runs_app_source" ON "runs" ("app_id", "source", "created_at", "id") ');
    await db.query(
      'CREATE INDEX "runs_app_status_source" ON "runs" ("app_id", "status", "source", "created_at", "id") ',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "runs_app_status_source"');
    await db.query('DROP INDEX "runs_app_source"');
  }
}
