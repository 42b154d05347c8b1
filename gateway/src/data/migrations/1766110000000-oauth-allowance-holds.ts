import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Credits set aside for connected clients' paid calls while they run (their daily limits). */
export class OAuthAllowanceHolds1766110000000 implements MigrationInterface {
  name = 'OAuthAllowanceHolds1766110000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "oauth_allowance_holds" ("id" uuid NOT NULL, "connection_id" uuid NOT NULL, "credits" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_801c04ae7741132e102fb6f848c" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE INDEX "oauth_allowance_holds_connection" ON "oauth_allowance_holds"  ("connection_id", "expires_at") ',
    );
    await db.query(
      'ALTER TABLE "oauth_allowance_holds" ADD CONSTRAINT "FK_773ec9139ccbd291b8f793386b7" FOREIGN KEY ("connection_id") REFERENCES "oauth_connections"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "oauth_allowance_holds"');
  }
}
