import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Chat apps: a person's conversations with an app, each turn a run of it (source `chat`). */
export class Conversations1766400000000 implements MigrationInterface {
  name = 'Conversations1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "conversations" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "app_id" uuid NOT NULL, "title" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_conversations" PRIMARY KEY ("id"), CONSTRAINT "FK_3a9ae579e61e81cc0e989afeb4a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_9535e9d36d6f497c6a62e6a6e17" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE)',
    );
    await db.query(
      'CREATE INDEX "conversations_user_app" ON "conversations" ("user_id", "app_id", "updated_at")',
    );
    await db.query(
      `CREATE TABLE "conversation_turns" ("id" uuid NOT NULL, "conversation_id" uuid NOT NULL, "position" integer NOT NULL, "run_id" uuid, "message" text NOT NULL, "answer" text, "status" text NOT NULL, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_conversation_turns" PRIMARY KEY ("id"), CONSTRAINT "conversation_turns_position" UNIQUE ("conversation_id", "position"), CONSTRAINT "conversation_turns_status" CHECK (status IN ('running', 'succeeded', 'failed')), CONSTRAINT "FK_3f3e491db4a4cda0b2d9ae34eff" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE, CONSTRAINT "FK_b62e011093a2717d6d6e2ca9618" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE SET NULL)`,
    );
    await db.query('CREATE INDEX "conversation_turns_run" ON "conversation_turns" ("run_id")');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "conversation_turns"');
    await db.query('DROP TABLE "conversations"');
  }
}
