import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OAuth authorization server's records (clients, grants, codes, tokens, interactions), the
 * clients people connected with their daily credit limits, and the runs each client started.
 */
export class OAuth1766100000000 implements MigrationInterface {
  name = 'OAuth1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "oauth_models" ("kind" text NOT NULL, "id" text NOT NULL, "payload" text NOT NULL, "grant_id" text, "uid" text, "user_code" text, "expires_at" TIMESTAMP WITH TIME ZONE, "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b2d60f99057ee7fafdfb618e44c" PRIMARY KEY ("kind", "id"))',
    );
    await db.query('CREATE INDEX "oauth_models_uid" ON "oauth_models"  ("uid") WHERE uid IS NOT NULL');
    await db.query(
      'CREATE INDEX "oauth_models_grant" ON "oauth_models"  ("grant_id") WHERE grant_id IS NOT NULL',
    );
    await db.query(
      'CREATE INDEX "oauth_models_expiry" ON "oauth_models"  ("expires_at") WHERE expires_at IS NOT NULL',
    );
    await db.query(
      'CREATE TABLE "oauth_connections" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "client_id" text NOT NULL, "client_name" text NOT NULL, "redirect_host" text NOT NULL, "grant_id" text NOT NULL, "daily_credit_limit" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "oauth_connections_limit" CHECK (daily_credit_limit >= 0), CONSTRAINT "PK_dd75e97352734560c9e585c057d" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE UNIQUE INDEX "oauth_connections_person_client" ON "oauth_connections"  ("user_id", "client_id") ',
    );
    await db.query(
      'CREATE TABLE "oauth_client_runs" ("run_id" uuid NOT NULL, "connection_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_beb3d262c2bfa148304b7d51842" PRIMARY KEY ("run_id"))',
    );
    await db.query(
      'CREATE INDEX "oauth_client_runs_connection" ON "oauth_client_runs"  ("connection_id", "created_at") ',
    );
    await db.query(
      'ALTER TABLE "oauth_connections" ADD CONSTRAINT "FK_3f913611cd8bd88464c5f5ce632" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "oauth_client_runs" ADD CONSTRAINT "FK_beb3d262c2bfa148304b7d51842" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "oauth_client_runs" ADD CONSTRAINT "FK_48604248ef175ad6363d72f462d" FOREIGN KEY ("connection_id") REFERENCES "oauth_connections"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "oauth_client_runs"');
    await db.query('DROP TABLE "oauth_connections"');
    await db.query('DROP TABLE "oauth_models"');
  }
}
