import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The embed cap a run counts against: the month (`YYYY-MM`, the key of `embed_usage`) of a run a
 * visitor started on the owner's credits. Every charge of such a run, at its start or as its blocks
 * start, counts against that month's cap of its app, and a refund gives back what it counted.
 * Null for every other run.
 */
export class RunEmbedPeriod1765300000000 implements MigrationInterface {
  name = 'RunEmbedPeriod1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" ADD "embed_period" text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" DROP COLUMN "embed_period"');
  }
}
