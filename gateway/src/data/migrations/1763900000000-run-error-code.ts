import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Runs keep why they failed as a stable code next to the message. */
export class RunErrorCode1763900000000 implements MigrationInterface {
  name = 'RunErrorCode1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" ADD "error_code" text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" DROP COLUMN "error_code"');
  }
}
