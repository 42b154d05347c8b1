import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Apps' triggers: schedules (cron, fixed inputs, next due time) and webhooks (sealed secrets, mappings). */
export class AppTriggers1766300000000 implements MigrationInterface {
  name = 'AppTriggers1766300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "app_hooks" ("id" uuid NOT NULL, "app_id" uuid NOT NULL, "name" text NOT NULL, "secret_sealed" text NOT NULL, "secret_prefix" text NOT NULL, "mapping" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rotated_at" TIMESTAMP WITH TIME ZONE, "last_called_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_01f2ef8b382ab61efda185e69dc" PRIMARY KEY ("id"))`,
    );
    await db.query('CREATE INDEX "app_hooks_app" ON "app_hooks"  ("app_id") ');
    await db.query(
      `CREATE TABLE "app_schedules" ("id" uuid NOT NULL, "app_id" uuid NOT NULL, "name" text NOT NULL, "cron" text NOT NULL, "time_zone" text NOT NULL DEFAULT 'UTC', "inputs" jsonb NOT NULL DEFAULT '{}', "status" text NOT NULL DEFAULT 'active', "paused_reason" text, "next_run_at" TIMESTAMP WITH TIME ZONE, "last_run_at" TIMESTAMP WITH TIME ZONE, "last_run_id" uuid, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "app_schedules_status" CHECK (status IN ('active', 'paused')), CONSTRAINT "PK_99158216cfd58979be463e2047d" PRIMARY KEY ("id"))`,
    );
    await db.query('CREATE INDEX "app_schedules_app" ON "app_schedules"  ("app_id") ');
    await db.query('CREATE INDEX "app_schedules_due" ON "app_schedules"  ("next_run_at") ');
    await db.query(
      'ALTER TABLE "app_hooks" ADD CONSTRAINT "FK_f3d1c221518dca3a3e59d858a2d" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "app_schedules" ADD CONSTRAINT "FK_bb0214b3bffd1d646530ba3168d" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "app_schedules" DROP CONSTRAINT "FK_bb0214b3bffd1d646530ba3168d"');
    await db.query('ALTER TABLE "app_hooks" DROP CONSTRAINT "FK_f3d1c221518dca3a3e59d858a2d"');
    await db.query('DROP INDEX "public"."app_schedules_due"');
    await db.query('DROP INDEX "public"."app_schedules_app"');
    await db.query('DROP TABLE "app_schedules"');
    await db.query('DROP INDEX "public"."app_hooks_app"');
    await db.query('DROP TABLE "app_hooks"');
  }
}
