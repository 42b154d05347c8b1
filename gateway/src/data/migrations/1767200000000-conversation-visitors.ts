import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chat in embeds: a conversation of a visitor who is not signed in (on the embed owner's account,
 * `user_id`) is known by a digest of the visitor's own token (`visitor_id`); a person's own
 * conversations have none.
 */
export class ConversationVisitors1767200000000 implements MigrationInterface {
  name = 'ConversationVisitors1767200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "conversations" ADD "visitor_id" text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM "conversations" WHERE "visitor_id" IS NOT NULL');
    await db.query('ALTER TABLE "conversations" DROP COLUMN "visitor_id"');
  }
}
