import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Versions: every save of an app is kept in `app_versions`; the app row holds the draft and points
 * at its live (approved) version, whose content it also keeps for public reads, and at the version
 * waiting for review. Every existing app becomes version 1 of itself, live when it was approved and
 * published, in review when it was pending.
 */
export class AppVersions1764400000000 implements MigrationInterface {
  name = 'AppVersions1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "app_versions" ("id" uuid NOT NULL, "app_id" uuid NOT NULL, "number" integer NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT '', "category" text NOT NULL DEFAULT '', "config" jsonb NOT NULL, "author_id" uuid, "kind" text NOT NULL, "summary" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "app_versions_number" UNIQUE ("app_id", "number"), CONSTRAINT "app_versions_kind" CHECK (kind IN ('created', 'save', 'autosave', 'restore')), CONSTRAINT "PK_8d36b0dcf0c026c7aad923c80fd" PRIMARY KEY ("id"))`,
    );
    await db.query('ALTER TABLE "apps" ADD "draft_version_id" uuid');
    await db.query('ALTER TABLE "apps" ADD "live_version_id" uuid');
    await db.query('ALTER TABLE "apps" ADD "live" jsonb');
    await db.query('ALTER TABLE "apps" ADD "submitted_version_id" uuid');
    await db.query(
      'ALTER TABLE "app_versions" ADD CONSTRAINT "FK_fec86aa67ecb5fbec57be2c81b1" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "app_versions" ADD CONSTRAINT "FK_62c58ada17c860eae8e6c11ad60" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await db.query(
      `INSERT INTO app_versions (id, app_id, number, name, description, category, config, author_id, kind, summary, created_at, updated_at)
       SELECT gen_random_uuid(), id, 1, name, description, category, config, owner_id, 'created',
              'First version: ' || jsonb_array_length(COALESCE(config->'plugins', '[]'::jsonb))
                || CASE WHEN jsonb_array_length(COALESCE(config->'plugins', '[]'::jsonb)) = 1 THEN ' block' ELSE ' blocks' END,
              updated_at, updated_at
         FROM apps`,
    );
    await db.query(`UPDATE apps SET draft_version_id = v.id FROM app_versions v WHERE v.app_id = apps.id`);
    await db.query(
      `UPDATE apps SET live_version_id = draft_version_id,
              live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
        WHERE is_published AND verification_status = 'approved'`,
    );
    await db.query(
      `UPDATE apps SET submitted_version_id = draft_version_id WHERE is_published AND verification_status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "app_versions" DROP CONSTRAINT "FK_62c58ada17c860eae8e6c11ad60"');
    await db.query('ALTER TABLE "app_versions" DROP CONSTRAINT "FK_fec86aa67ecb5fbec57be2c81b1"');
    await db.query('ALTER TABLE "apps" DROP COLUMN "submitted_version_id"');
    await db.query('ALTER TABLE "apps" DROP COLUMN "live"');
    await db.query('ALTER TABLE "apps" DROP COLUMN "live_version_id"');
    await db.query('ALTER TABLE "apps" DROP COLUMN "draft_version_id"');
    await db.query('DROP TABLE "app_versions"');
  }
}
