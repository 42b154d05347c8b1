import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The block kinds an app holds legitimately (`apps.block_kinds_held`): a full-tier kind may be
 * saved, and run, on a plan without full blocks only when it is listed here. It grows when the app
 * is saved under a plan that allows full blocks. Today's apps keep what they have: every kind any
 * of their versions or their draft holds is listed (the migration cannot know which kinds are
 * full: blocks declare that; core kinds in the list change nothing).
 */
export class AppBlockKindsHeld1765400000000 implements MigrationInterface {
  name = 'AppBlockKindsHeld1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "apps" ADD "block_kinds_held" text[] NOT NULL DEFAULT '{}'`);
    await db.query(`
      UPDATE "apps" a SET "block_kinds_held" = ARRAY(
        SELECT DISTINCT kind FROM (
          SELECT p->>'type' AS kind
            FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.config->'plugins') = 'array'
                                           THEN a.config->'plugins' ELSE '[]'::jsonb END) p
          UNION
          SELECT p->>'type'
            FROM "app_versions" v,
                 jsonb_array_elements(CASE WHEN jsonb_typeof(v.config->'plugins') = 'array'
                                           THEN v.config->'plugins' ELSE '[]'::jsonb END) p
           WHERE v.app_id = a.id
        ) kinds WHERE kind IS NOT NULL ORDER BY kind)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "apps" DROP COLUMN "block_kinds_held"');
  }
}
