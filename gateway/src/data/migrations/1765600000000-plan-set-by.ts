import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who set an account's plan (`users.plan_set_by`): `default` (DEFAULT_PLAN gave it, so it follows
 * DEFAULT_PLAN), `admin` (an admin chose it: the default never changes it), or null (the plan the
 * account signed up with, or paid for). Accounts whose plan an admin has already changed are
 * marked `admin`, so raising everyone to DEFAULT_PLAN never undoes an admin's downgrade.
 */
export class PlanSetBy1765600000000 implements MigrationInterface {
  name = 'PlanSetBy1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "users" ADD "plan_set_by" text');
    await db.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_plan_set_by" CHECK (plan_set_by IN ('default', 'admin'))`,
    );
    await db.query(
      `UPDATE "users" SET plan_set_by = 'admin'
        WHERE id IN (SELECT user_id FROM admin_actions WHERE action = 'plan' AND user_id IS NOT NULL)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "users" DROP CONSTRAINT "users_plan_set_by"');
    await db.query('ALTER TABLE "users" DROP COLUMN "plan_set_by"');
  }
}
