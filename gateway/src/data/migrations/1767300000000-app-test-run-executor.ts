import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which process executes a test run (its heartbeat's id), so one left running by a stopped process
 * is ended by another, and a cancel asked of any process, heard by the executing one.
 */
export class AppTestRunExecutor1767300000000 implements MigrationInterface {
  name = 'AppTestRunExecutor1767300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "app_test_runs" ADD "executor" uuid');
    await db.query('ALTER TABLE "app_test_runs" ADD "cancel_requested" boolean NOT NULL DEFAULT false');
    await db.query(
      `CREATE INDEX "app_test_runs_running" ON "app_test_runs" ("executor") WHERE status = 'running'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "app_test_runs_running"');
    await db.query('ALTER TABLE "app_test_runs" DROP COLUMN "cancel_requested"');
    await db.query('ALTER TABLE "app_test_runs" DROP COLUMN "executor"');
  }
}
