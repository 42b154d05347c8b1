import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Run progress events, so a watcher on one gateway process sees a run another one executes. */
export class RunEvents1764200000000 implements MigrationInterface {
  name = 'RunEvents1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "run_events" ("run_id" uuid NOT NULL, "seq" integer NOT NULL, "event" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_run_events" PRIMARY KEY ("run_id", "seq"))',
    );
    await db.query(
      'ALTER TABLE "run_events" ADD CONSTRAINT "FK_5d8974d438d9e9eb7dd9f6856d1" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "run_events"');
  }
}
