import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The index by app of analytics events holds only page views (`app_viewed`), the one event read by
 * app (an owner's views per day): every other event (a run's `app_executed` above all) took an
 * entry there that nothing read.
 */
export class EventsAppViewed1767905000000 implements MigrationInterface {
  name = 'EventsAppViewed1767905000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."events_app"');
    await db.query(
      `CREATE INDEX "events_app_viewed" ON "events" ("app_id", "created_at") WHERE name = 'app_viewed'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."events_app_viewed"');
    await db.query('CREATE INDEX "events_app" ON "events" ("app_id", "name", "created_at")');
  }
}
