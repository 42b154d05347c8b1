import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Runs started by MCP clients, agent blocks (an app called as a tool, linked to the run that
 * called it), webhooks, schedules, chat turns and test runs.
 */
export class RunSources1765800000000 implements MigrationInterface {
  name = 'RunSources1765800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" DROP CONSTRAINT "runs_source"');
    await db.query(
      `ALTER TABLE "runs" ADD CONSTRAINT "runs_source" CHECK (source IN ('builder', 'store', 'embed', 'api', 'mcp', 'agent', 'webhook', 'schedule', 'chat', 'test'))`,
    );
    await db.query('ALTER TABLE "runs" ADD "parent_run_id" uuid');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" DROP COLUMN "parent_run_id"');
    await db.query('ALTER TABLE "runs" DROP CONSTRAINT "runs_source"');
    await db.query(
      `ALTER TABLE "runs" ADD CONSTRAINT "runs_source" CHECK (source IN ('builder', 'store', 'embed', 'api'))`,
    );
  }
}
