import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admins manage accounts: suspension and the last sign-in on `users`, every admin action in
 * `admin_actions`, and credit adjustments as their own kind of ledger entry.
 */
export class AdminAccounts1764900000000 implements MigrationInterface {
  name = 'AdminAccounts1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "admin_actions" ("id" uuid NOT NULL, "admin_id" uuid, "admin_email" text NOT NULL, "user_id" uuid, "user_email" text NOT NULL, "action" text NOT NULL, "before" jsonb NOT NULL, "after" jsonb NOT NULL, "reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "admin_actions_action" CHECK (action IN ('plan', 'credits', 'suspend', 'unsuspend')), CONSTRAINT "PK_08d0b319675c4968ff9e0dca4c3" PRIMARY KEY ("id"))`,
    );
    await db.query('CREATE INDEX "admin_actions_user" ON "admin_actions"  ("user_id", "created_at") ');
    await db.query('CREATE INDEX "admin_actions_created" ON "admin_actions"  ("created_at", "id") ');
    await db.query('ALTER TABLE "users" ADD "suspended_at" TIMESTAMP WITH TIME ZONE');
    await db.query('ALTER TABLE "users" ADD "last_sign_in_at" TIMESTAMP WITH TIME ZONE');
    await db.query('CREATE INDEX "users_created" ON "users"  ("created_at", "id") ');
    await db.query(
      'ALTER TABLE "admin_actions" ADD CONSTRAINT "FK_8ad18c5e0eba9afc41934142289" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "admin_actions" ADD CONSTRAINT "FK_e636f25ea95af8145b6deb92c88" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await db.query('ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_kind"');
    await db.query(
      `ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind" CHECK (kind IN ('grant', 'debit', 'refund', 'adjustment'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM "credit_ledger" WHERE kind = 'adjustment'`);
    await db.query('ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_kind"');
    await db.query(
      `ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind" CHECK (kind IN ('grant', 'debit', 'refund'))`,
    );
    await db.query('ALTER TABLE "admin_actions" DROP CONSTRAINT "FK_e636f25ea95af8145b6deb92c88"');
    await db.query('ALTER TABLE "admin_actions" DROP CONSTRAINT "FK_8ad18c5e0eba9afc41934142289"');
    await db.query('DROP INDEX "public"."users_created"');
    await db.query('ALTER TABLE "users" DROP COLUMN "last_sign_in_at"');
    await db.query('ALTER TABLE "users" DROP COLUMN "suspended_at"');
    await db.query('DROP INDEX "public"."admin_actions_created"');
    await db.query('DROP INDEX "public"."admin_actions_user"');
    await db.query('DROP TABLE "admin_actions"');
  }
}
