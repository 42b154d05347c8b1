import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts remember when their e-mail address was proven; admin rights need it. */
export class EmailConfirmed1764000000000 implements MigrationInterface {
  name = 'EmailConfirmed1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "users" ADD "email_confirmed_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "users" DROP COLUMN "email_confirmed_at"');
  }
}
