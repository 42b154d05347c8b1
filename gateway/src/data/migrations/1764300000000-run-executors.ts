import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which process executes a run, and the processes' heartbeats: a run whose process stopped beating
 * is ended and refunded by another one (or by the next start of a single process).
 */
export class RunExecutors1764300000000 implements MigrationInterface {
  name = 'RunExecutors1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" ADD "executor" uuid');
    await db.query(
      `CREATE INDEX "runs_executing" ON "runs" ("executor") WHERE status = 'running' AND executor IS NOT NULL`,
    );
    await db.query(
      'CREATE TABLE "gateway_processes" ("id" uuid NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_gateway_processes" PRIMARY KEY ("id"))',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "gateway_processes"');
    await db.query('DROP INDEX "runs_executing"');
    await db.query('ALTER TABLE "runs" DROP COLUMN "executor"');
  }
}
