import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creators earn: a creator price per run on apps, the earnings ledger (`earnings_entries`) beside a
 * running balance that a CHECK keeps at zero or more, Stripe Connect accounts and payouts.
 */
export class CreatorEarnings1765000000000 implements MigrationInterface {
  name = 'CreatorEarnings1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "earnings_balances" ("user_id" uuid NOT NULL, "balance" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "earnings_balances_not_negative" CHECK (balance >= 0), CONSTRAINT "PK_771584b44d9fae807f26e1a3ee7" PRIMARY KEY ("user_id"))',
    );
    await db.query(
      `CREATE TABLE "payouts" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "credits" integer NOT NULL, "amount_cents" integer NOT NULL, "currency" text NOT NULL DEFAULT 'usd', "status" text NOT NULL, "stripe_account_id" text NOT NULL, "stripe_transfer_id" text, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "payouts_amounts" CHECK (credits > 0 AND amount_cents > 0), CONSTRAINT "payouts_status" CHECK (status IN ('pending', 'paid', 'failed')), CONSTRAINT "PK_76855dc4f0a6c18c72eea302e87" PRIMARY KEY ("id"))`,
    );
    await db.query(
      `CREATE UNIQUE INDEX "payouts_one_pending" ON "payouts"  ("user_id") WHERE status = 'pending'`,
    );
    await db.query('CREATE INDEX "payouts_user" ON "payouts"  ("user_id", "created_at") ');
    await db.query(
      `CREATE TABLE "earnings_entries" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "kind" text NOT NULL, "credits" integer NOT NULL, "app_id" uuid, "run_id" uuid, "payout_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "earnings_entries_kind" CHECK (kind IN ('earning', 'payout', 'payout_reversal')), CONSTRAINT "PK_93ab6e2f4752ae348f7bdf7c5fa" PRIMARY KEY ("id"))`,
    );
    await db.query(
      `CREATE UNIQUE INDEX "earnings_entries_one_per_run" ON "earnings_entries"  ("run_id") WHERE kind = 'earning'`,
    );
    await db.query('CREATE INDEX "earnings_entries_app" ON "earnings_entries"  ("app_id", "created_at") ');
    await db.query('CREATE INDEX "earnings_entries_user" ON "earnings_entries"  ("user_id", "created_at") ');
    await db.query(
      'CREATE TABLE "payout_accounts" ("user_id" uuid NOT NULL, "stripe_account_id" text NOT NULL, "details_submitted" boolean NOT NULL DEFAULT false, "payouts_enabled" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_6f02a93147f72b1c3ec4b32e92d" UNIQUE ("stripe_account_id"), CONSTRAINT "PK_ecdfbea1a85f334f9fd8c3a5af1" PRIMARY KEY ("user_id"))',
    );
    await db.query(`ALTER TABLE "apps" ADD "creator_price" integer NOT NULL DEFAULT '0'`);
    await db.query(
      'ALTER TABLE "apps" ADD CONSTRAINT "apps_creator_price" CHECK (creator_price BETWEEN 0 AND 100)',
    );
    await db.query(
      'ALTER TABLE "earnings_balances" ADD CONSTRAINT "FK_771584b44d9fae807f26e1a3ee7" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "payouts" ADD CONSTRAINT "FK_5d4cccb2284ac44a2781a832786" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "earnings_entries" ADD CONSTRAINT "FK_a4b220b0b7372aff1966c5c90a2" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "earnings_entries" ADD CONSTRAINT "FK_27d5a9d9080e054cefba5e74704" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "earnings_entries" ADD CONSTRAINT "FK_780c5c06362cdea9818bbcdb948" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "payout_accounts" ADD CONSTRAINT "FK_ecdfbea1a85f334f9fd8c3a5af1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "payout_accounts" DROP CONSTRAINT "FK_ecdfbea1a85f334f9fd8c3a5af1"');
    await db.query('ALTER TABLE "earnings_entries" DROP CONSTRAINT "FK_780c5c06362cdea9818bbcdb948"');
    await db.query('ALTER TABLE "earnings_entries" DROP CONSTRAINT "FK_27d5a9d9080e054cefba5e74704"');
    await db.query('ALTER TABLE "earnings_entries" DROP CONSTRAINT "FK_a4b220b0b7372aff1966c5c90a2"');
    await db.query('ALTER TABLE "payouts" DROP CONSTRAINT "FK_5d4cccb2284ac44a2781a832786"');
    await db.query('ALTER TABLE "earnings_balances" DROP CONSTRAINT "FK_771584b44d9fae807f26e1a3ee7"');
    await db.query('ALTER TABLE "apps" DROP CONSTRAINT "apps_creator_price"');
    await db.query('ALTER TABLE "apps" DROP COLUMN "creator_price"');
    await db.query('DROP TABLE "payout_accounts"');
    await db.query('DROP INDEX "public"."earnings_entries_user"');
    await db.query('DROP INDEX "public"."earnings_entries_app"');
    await db.query('DROP INDEX "public"."earnings_entries_one_per_run"');
    await db.query('DROP TABLE "earnings_entries"');
    await db.query('DROP INDEX "public"."payouts_user"');
    await db.query('DROP INDEX "public"."payouts_one_pending"');
    await db.query('DROP TABLE "payouts"');
    await db.query('DROP TABLE "earnings_balances"');
  }
}
