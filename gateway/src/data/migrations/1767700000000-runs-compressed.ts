import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A run's inputs, result and steps are compressed together once its row is over PostgreSQL's 2 KB
 * threshold, and kept in the row. Before, TOAST compressed only the largest value until the row was
 * under 2 KB (a run's steps stayed whole beside its compressed result) and moved values over about
 * 2 KB once compressed to the TOAST table (a row and an index entry there per run); now, with
 * `toast_tuple_target = 128`, every value of such a row is compressed, and storage MAIN keeps them
 * in the row unless it is still over about 8 KB. Rows under 2 KB are stored as before: the
 * threshold that starts TOAST is fixed in PostgreSQL (and PGlite) whatever the target. Rows stored
 * before are read as they are and compressed when next written over the threshold.
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
