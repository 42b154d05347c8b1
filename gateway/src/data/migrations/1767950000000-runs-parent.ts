import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The runs a run started (its agent's tool runs) are found by their parent, few among many. */
export class RunsParent1767950000000 implements MigrationInterface {
  name = 'RunsParent1767950000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX "runs_parent" ON "runs" ("parent_run_id") WHERE parent_run_id IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "runs_parent"');
  }
}
