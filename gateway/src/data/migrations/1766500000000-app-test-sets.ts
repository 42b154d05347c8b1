import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Apps' test sets and their test runs (the quality the store shows). */
export class AppTestSets1766500000000 implements MigrationInterface {
  name = 'AppTestSets1766500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "app_test_sets" ("app_id" uuid NOT NULL, "cases" jsonb NOT NULL DEFAULT '[]', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_app_test_sets" PRIMARY KEY ("app_id"))`,
    );
    await db.query(
      `CREATE TABLE "app_test_runs" ("id" uuid NOT NULL, "app_id" uuid NOT NULL, "owner_id" uuid NOT NULL, "version_id" uuid, "version_number" integer, "purpose" text NOT NULL DEFAULT 'manual', "status" text NOT NULL DEFAULT 'running', "total" integer NOT NULL DEFAULT 0, "passed" integer NOT NULL DEFAULT 0, "failed" integer NOT NULL DEFAULT 0, "results" jsonb NOT NULL DEFAULT '[]', "p50_ms" integer, "p95_ms" integer, "credits" integer NOT NULL DEFAULT 0, "estimated_credits" integer NOT NULL DEFAULT 0, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "app_test_runs_status" CHECK (status IN ('running', 'finished', 'cancelled', 'failed')), CONSTRAINT "PK_app_test_runs" PRIMARY KEY ("id"))`,
    );
    await db.query('CREATE INDEX "app_test_runs_app" ON "app_test_runs" ("app_id", "created_at") ');
    await db.query(
      'ALTER TABLE "app_test_sets" ADD CONSTRAINT "FK_app_test_sets_app" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "app_test_runs" ADD CONSTRAINT "FK_app_test_runs_app" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "app_test_runs"');
    await db.query('DROP TABLE "app_test_sets"');
  }
}
