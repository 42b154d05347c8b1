import type { MigrationInterface, QueryRunner } from 'typeorm';

/** MCP sessions (`Mcp-Session-Id`), shared by every gateway process on the database. */
export class McpSessions1766000000000 implements MigrationInterface {
  name = 'McpSessions1766000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "mcp_sessions" (
      "id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "client_name" text,
      "protocol_version" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_mcp_sessions" PRIMARY KEY ("id"),
      CONSTRAINT "FK_082b3a3c743e00398870c8a036f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
    )`);
    await db.query('CREATE INDEX "mcp_sessions_user" ON "mcp_sessions" ("user_id")');
    await db.query('CREATE INDEX "mcp_sessions_last_used" ON "mcp_sessions" ("last_used_at")');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "mcp_sessions"');
  }
}
