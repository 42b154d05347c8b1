import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A run's result and steps are kept as JSON text (`json`) instead of `jsonb`: they are written once
 * and always read whole, and jsonb's binary form (an offset per key and value, numbers as numeric)
 * took a third more room than the text: a three-block text app's result and steps were 1,815 bytes
 * as jsonb, 1,434 as text, and a row of about 2 KB fits four to a page where one of about 1.6 KB
 * fits five. The few statements that look inside them cast to jsonb. Values are compressed as
 * before once a row is over 2 KB (storage MAIN, RunsCompressed1767700000000). The change rewrites
 * the table once.
 */
export class RunsJsonDocuments1767900000000 implements MigrationInterface {
  name = 'RunsJsonDocuments1767900000000';

  async up(db: QueryRunner): Promise<void> {
    for (const column of ['result', 'nodes']) {
      await db.query(`ALTER TABLE "runs" ALTER COLUMN "${column}" TYPE json USING "${column}"::json`);
      await db.query(`ALTER TABLE "runs" ALTER COLUMN "${column}" SET STORAGE MAIN`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const column of ['result', 'nodes']) {
      await db.query(`ALTER TABLE "runs" ALTER COLUMN "${column}" TYPE jsonb USING "${column}"::jsonb`);
      await db.query(`ALTER TABLE "runs" ALTER COLUMN "${column}" SET STORAGE MAIN`);
    }
  }
}
