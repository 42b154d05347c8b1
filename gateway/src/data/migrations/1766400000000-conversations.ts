import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Chat apps: a person's conversations with an app, each turn a run of it (source `chat`). */
export class Conversations1766400000000 implements MigrationInterface {
  name = 'Conversations1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "conversations" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "app_id" uuid NOT NULL, "title" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_conversations" PRIMARY KEY ("id"), CONSTRAINT "FK_conversations_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE, CONSTRAINT "FK_conversations_app" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE)',
    );
    await db.query(
      'CREATE INDEX "conversations_user_app" ON "conversations" ("user_id", "app_id", "updated_at")',
    );
    await db.query(
      `CREATE TABLE "conversation_turns" ("id" uuid NOT NULL, "conversation_id" uuid NOT NULL, "position" integer NOT NULL, "run_id" uuid, "message" text NOT NULL, "answer" text, "status" text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')), "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_conversation_turns" PRIMARY KEY ("id"), CONSTRAINT "conversation_turns_position" UNIQUE ("conversation_id", "position"), CONSTRAINT "FK_conversation_turns_conversation" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE, CONSTRAINT "FK_conversation_turns_run" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE SET NULL)`,
    );
    await db.query('CREATE INDEX "conversation_turns_run" ON "conversation_turns" ("run_id")');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "conversation_turns"');
    await db.query('DROP TABLE "conversations"');
  }
}
