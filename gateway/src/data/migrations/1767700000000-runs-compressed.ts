import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A run's inputs, result and steps are compressed in its row. PostgreSQL compresses a row's values
 * only once the row is over about 2 KB, and a stored run of a small app is just under it (its
 * result's text is in its block's output and in its artifact): compressed from 128 bytes on, they
 * take about half as much. Kept in the row (storage MAIN) rather than moved to the TOAST table,
 * which would add a row and an index entry there per run; values still over about 8 KB once
 * compressed are moved there as before. Rows stored before are read as they are and compressed
 * when next written.
 */
export class RunsCompressed1767700000000 implements MigrationInterface {
  name = 'RunsCompressed1767700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" SET (toast_tuple_target = 128)');
    for (const column of ['inputs', 'result', 'nodes'])
      await db.query(`ALTER TABLE "runs" ALTER COLUMN "${column}" SET STORAGE MAIN`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const column of ['inputs', 'result', 'nodes'])
      await db.query(`ALTER TABLE "runs" ALTER COLUMN "${column}" SET STORAGE EXTENDED`);
    await db.query('ALTER TABLE "runs" RESET (toast_tuple_target)');
  }
}
