import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys (kept as hashes) and the shared request counters that limit them. */
export class ApiKeys1764500000000 implements MigrationInterface {
  name = 'ApiKeys1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "api_keys" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "key_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_57384430aa1959f4578046c9b81" UNIQUE ("key_hash"), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))',
    );
    await db.query('CREATE INDEX "api_keys_user" ON "api_keys"  ("user_id")');
    await db.query(
      'CREATE TABLE "rate_limits" ("key" text NOT NULL, "points" integer NOT NULL, "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_8cb6aa4831e3e775ccf370521db" PRIMARY KEY ("key"))',
    );
    await db.query(
      'ALTER TABLE "api_keys" ADD CONSTRAINT "FK_a3baee01d8408cd3c0f89a9a973" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "api_keys" DROP CONSTRAINT "FK_a3baee01d8408cd3c0f89a9a973"');
    await db.query('DROP TABLE "rate_limits"');
    await db.query('DROP INDEX "public"."api_keys_user"');
    await db.query('DROP TABLE "api_keys"');
  }
}
