import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The price of a run each person confirmed for an app before running it from its embed while
 * signed in (once per app, again when the price rises above it).
 */
export class EmbedConsents1765200000000 implements MigrationInterface {
  name = 'EmbedConsents1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "embed_consents" ("user_id" uuid NOT NULL, "app_id" uuid NOT NULL, "max_credits" integer NOT NULL, "confirmed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_9467bc48126122d104d39e65d3d" PRIMARY KEY ("user_id", "app_id"))',
    );
    await db.query(
      'ALTER TABLE "embed_consents" ADD CONSTRAINT "FK_f968fc6bc68f9ec524369c9d524" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "embed_consents" ADD CONSTRAINT "FK_161ef6adc49d0306551d2a26b78" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "embed_consents"');
  }
}
