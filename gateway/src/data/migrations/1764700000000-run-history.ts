import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Run history: where each run was started from (`source`, existing runs from their action type),
 * whether its owner may see someone else's inputs and outputs (`details_shared`, captured from the
 * app's `share_run_details` as the run starts), runs by visitors who were not signed in
 * (`visitor`), and the indexes that list an app's or a person's runs newest first a page at a
 * time (created_at, id) and find the runs that ended before the retention period. (An index on
 * created_at alone would tempt the planner to list an app's runs by walking everyone's newest.)
 */
export class RunHistory1764700000000 implements MigrationInterface {
  name = 'RunHistory1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "apps" ADD "share_run_details" boolean NOT NULL DEFAULT false');
    await db.query(`ALTER TABLE "runs" ADD "source" text NOT NULL DEFAULT 'store'`);
    await db.query(`UPDATE "runs" SET "source" = 'builder' WHERE action_type = 'test_execution'`);
    await db.query(
      `ALTER TABLE "runs" ADD CONSTRAINT "runs_source" CHECK (source IN ('builder', 'store', 'embed', 'api'))`,
    );
    await db.query('ALTER TABLE "runs" ADD "details_shared" boolean NOT NULL DEFAULT false');
    await db.query('ALTER TABLE "runs" ADD "visitor" boolean NOT NULL DEFAULT false');
    await db.query('DROP INDEX "public"."runs_user"');
    await db.query('DROP INDEX "public"."runs_app"');
    await db.query('CREATE INDEX "runs_user" ON "runs"  ("user_id", "created_at", "id")');
    await db.query('CREATE INDEX "runs_app" ON "runs"  ("app_id", "created_at", "id")');
    await db.query('CREATE INDEX "runs_finished" ON "runs"  ("finished_at") WHERE finished_at IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."runs_finished"');
    await db.query('DROP INDEX "public"."runs_app"');
    await db.query('DROP INDEX "public"."runs_user"');
    await db.query('CREATE INDEX "runs_app" ON "runs"  ("app_id", "created_at")');
    await db.query('CREATE INDEX "runs_user" ON "runs"  ("user_id", "created_at")');
    await db.query('ALTER TABLE "runs" DROP COLUMN "visitor"');
    await db.query('ALTER TABLE "runs" DROP COLUMN "details_shared"');
    await db.query('ALTER TABLE "runs" DROP CONSTRAINT "runs_source"');
    await db.query('ALTER TABLE "runs" DROP COLUMN "source"');
    await db.query('ALTER TABLE "apps" DROP COLUMN "share_run_details"');
  }
}
