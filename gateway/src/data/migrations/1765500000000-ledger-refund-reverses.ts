import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each refund names the debit it reverses (`reverses`), and gives back all of it or, for the charge
 * of a block that overran its time on a failed run, none of it (a refund of 0 that marks the debit
 * kept). At most one refund per debit. Earlier refunds, which always reversed every debit of their
 * run, are paired with those debits (same run, block type and amount).
 */
export class LedgerRefundReverses1765500000000 implements MigrationInterface {
  name = 'LedgerRefundReverses1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "credit_ledger" ADD "reverses" uuid');
    await db.query(`
      WITH debits AS (
        SELECT id, run_id, block_type, -delta AS credits,
               row_number() OVER (PARTITION BY run_id, block_type, -delta ORDER BY created_at, id) AS n
          FROM credit_ledger WHERE kind = 'debit' AND run_id IS NOT NULL),
      refunds AS (
        SELECT id, run_id, block_type, delta AS credits,
               row_number() OVER (PARTITION BY run_id, block_type, delta ORDER BY created_at, id) AS n
          FROM credit_ledger WHERE kind = 'refund' AND run_id IS NOT NULL)
      UPDATE credit_ledger SET reverses = debits.id
        FROM refunds JOIN debits ON debits.run_id = refunds.run_id
         AND debits.block_type IS NOT DISTINCT FROM refunds.block_type
         AND debits.credits = refunds.credits AND debits.n = refunds.n
       WHERE credit_ledger.id = refunds.id`);
    await db.query(
      'CREATE UNIQUE INDEX "credit_ledger_one_refund" ON "credit_ledger" ("reverses") WHERE reverses IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."credit_ledger_one_refund"');
    await db.query('ALTER TABLE "credit_ledger" DROP COLUMN "reverses"');
  }
}
