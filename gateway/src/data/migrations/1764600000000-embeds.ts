import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Embed settings per app, and what owners paid each month for embed runs by people not signed in. */
export class Embeds1764600000000 implements MigrationInterface {
  name = 'Embeds1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "app_embeds" ("app_id" uuid NOT NULL, "pays_owner" boolean NOT NULL DEFAULT false, "monthly_credits" integer NOT NULL DEFAULT \'0\', CONSTRAINT "app_embeds_credits" CHECK (monthly_credits >= 0), CONSTRAINT "PK_87db417db4ec69fb47a80cd1f5b" PRIMARY KEY ("app_id"))',
    );
    await db.query(
      'CREATE TABLE "embed_usage" ("app_id" uuid NOT NULL, "period" text NOT NULL, "credits" integer NOT NULL, CONSTRAINT "PK_7a12e26592926b5bbd98ddaa06a" PRIMARY KEY ("app_id", "period"))',
    );
    await db.query(
      'ALTER TABLE "app_embeds" ADD CONSTRAINT "FK_87db417db4ec69fb47a80cd1f5b" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "embed_usage" ADD CONSTRAINT "FK_7e4cd2edf15af5207db4d6c61a9" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "embed_usage" DROP CONSTRAINT "FK_7e4cd2edf15af5207db4d6c61a9"');
    await db.query('ALTER TABLE "app_embeds" DROP CONSTRAINT "FK_87db417db4ec69fb47a80cd1f5b"');
    await db.query('DROP TABLE "embed_usage"');
    await db.query('DROP TABLE "app_embeds"');
  }
}
