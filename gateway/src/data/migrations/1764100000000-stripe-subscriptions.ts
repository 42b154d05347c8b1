import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users remember their Stripe customer and subscription, so later payment events find them. */
export class StripeSubscriptions1764100000000 implements MigrationInterface {
  name = 'StripeSubscriptions1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "users" ADD "stripe_customer_id" text');
    await db.query('ALTER TABLE "users" ADD "stripe_subscription_id" text');
    await db.query(
      'CREATE UNIQUE INDEX "users_stripe_subscription" ON "users" ("stripe_subscription_id") WHERE stripe_subscription_id IS NOT NULL',
    );
    await db.query(
      'CREATE INDEX "users_plan_ends_at" ON "users" ("plan_ends_at") WHERE plan_ends_at IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "users_plan_ends_at"');
    await db.query('DROP INDEX "users_stripe_subscription"');
    await db.query('ALTER TABLE "users" DROP COLUMN "stripe_subscription_id"');
    await db.query('ALTER TABLE "users" DROP COLUMN "stripe_customer_id"');
  }
}
