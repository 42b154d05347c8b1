import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The version of its app each run ran (`app_versions.id`): the draft for its owner's runs, the live
 * version for everyone else's. Runs kept before this have none. No foreign key: a run outlives
 * nothing it points at (versions go only with their app, and the app's runs with it), and the
 * check would cost every run's insert.
 */
export class RunVersions1765100000000 implements MigrationInterface {
  name = 'RunVersions1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" ADD "version_id" uuid');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" DROP COLUMN "version_id"');
  }
}
