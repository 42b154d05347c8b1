import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Refunds look a run's ledger entries up by run id. */
export class LedgerRunIndex1763800000000 implements MigrationInterface {
  name = 'LedgerRunIndex1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX "credit_ledger_run" ON "credit_ledger" ("run_id")');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."credit_ledger_run"');
  }
}
