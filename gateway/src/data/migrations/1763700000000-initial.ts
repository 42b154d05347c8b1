import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first schema, generated from the entities (TypeORM's schema builder) and kept as plain
 * PostgreSQL, so the same statements run on PGlite and on a server. Later changes are new
 * migrations; a test fails when the entities and the migrated schema disagree.
 */
export class Initial1763700000000 implements MigrationInterface {
  name = 'Initial1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "events" ("id" uuid NOT NULL, "name" text NOT NULL, "user_id" uuid, "app_id" uuid, "props" jsonb NOT NULL DEFAULT \'{}\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))',
    );
    await db.query('CREATE INDEX "events_time" ON "events"  ("created_at")');
    await db.query('CREATE INDEX "events_app" ON "events"  ("app_id", "name", "created_at")');
    await db.query(
      'CREATE TABLE "users" ("id" uuid NOT NULL, "email" text NOT NULL, "password_hash" text, "full_name" text NOT NULL DEFAULT \'\', "auth_provider" text NOT NULL DEFAULT \'local\', "external_id" text, "plan" text NOT NULL DEFAULT \'free\', "plan_ends_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "UQ_11fc776e0ca3573dc195670f636" UNIQUE ("external_id"), CONSTRAINT "users_plan" CHECK (plan IN (\'free\', \'starter\', \'enterprise\')), CONSTRAINT "users_auth_provider" CHECK (auth_provider IN (\'local\', \'firebase\')), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE TABLE "apps" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT \'\', "slug" text NOT NULL, "category" text NOT NULL DEFAULT \'\', "is_private" boolean NOT NULL DEFAULT false, "is_published" boolean NOT NULL DEFAULT false, "verification_status" text NOT NULL DEFAULT \'pending\', "review_notes" text, "config" jsonb NOT NULL, "upvotes" integer NOT NULL DEFAULT \'0\', "views" integer NOT NULL DEFAULT \'0\', "uses" integer NOT NULL DEFAULT \'0\', "published_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_35eef0fb1f3f2b435b8b6d82ba0" UNIQUE ("slug"), CONSTRAINT "apps_counts" CHECK (upvotes >= 0 AND views >= 0 AND uses >= 0), CONSTRAINT "apps_verification_status" CHECK (verification_status IN (\'pending\', \'approved\', \'rejected\')), CONSTRAINT "PK_c5121fda0f8268f1f7f84134e19" PRIMARY KEY ("id"))',
    );
    await db.query('CREATE INDEX "apps_owner" ON "apps"  ("owner_id")');
    await db.query(
      'CREATE INDEX "apps_store" ON "apps"  ("is_published", "is_private", "verification_status", "upvotes")',
    );
    await db.query(
      'CREATE TABLE "credit_balances" ("user_id" uuid NOT NULL, "balance" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "credit_balances_not_negative" CHECK (balance >= 0), CONSTRAINT "PK_e8af65c175bcb9c8714514ed97a" PRIMARY KEY ("user_id"))',
    );
    await db.query(
      'CREATE TABLE "credit_ledger" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "delta" integer NOT NULL, "kind" text NOT NULL, "block_type" text, "action_type" text, "run_id" uuid, "grant_period" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "credit_ledger_action_type" CHECK (action_type IN (\'test_execution\', \'published\')), CONSTRAINT "credit_ledger_kind" CHECK (kind IN (\'grant\', \'debit\', \'refund\')), CONSTRAINT "PK_7ff08f655cf2f4d118c116571db" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE UNIQUE INDEX "credit_ledger_one_grant" ON "credit_ledger"  ("user_id", "grant_period") WHERE kind = \'grant\'',
    );
    await db.query('CREATE INDEX "credit_ledger_user" ON "credit_ledger"  ("user_id", "created_at")');
    await db.query(
      'CREATE TABLE "files" ("id" uuid NOT NULL, "owner_id" uuid, "name" text NOT NULL, "mime" text NOT NULL, "size" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6c16b9093a142e0e7613b04a3d9" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE TABLE "mail_outbox" ("id" uuid NOT NULL, "to_address" text NOT NULL, "subject" text NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, "error" text, CONSTRAINT "PK_fecc63c96385bc35a39ccf2a72e" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE TABLE "password_reset_tokens" ("token_hash" text NOT NULL, "user_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_91185d86d5d7557b19abbb2868b" PRIMARY KEY ("token_hash"))',
    );
    await db.query(
      'CREATE TABLE "processed_webhook_events" ("id" text NOT NULL, "type" text NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_80f4f20ca1cace20dd6e3a714c1" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE TABLE "runs" ("id" uuid NOT NULL, "app_id" uuid NOT NULL, "user_id" uuid NOT NULL, "action_type" text NOT NULL, "status" text NOT NULL, "cost" integer NOT NULL, "inputs" jsonb NOT NULL, "result" jsonb, "nodes" jsonb, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "runs_status" CHECK (status IN (\'queued\', \'running\', \'succeeded\', \'failed\', \'aborted\')), CONSTRAINT "runs_action_type" CHECK (action_type IN (\'test_execution\', \'published\')), CONSTRAINT "PK_46d6a1e257c38ba58f1a3c30836" PRIMARY KEY ("id"))',
    );
    await db.query('CREATE INDEX "runs_user" ON "runs"  ("user_id", "created_at")');
    await db.query('CREATE INDEX "runs_app" ON "runs"  ("app_id", "created_at")');
    await db.query(
      'CREATE TABLE "sales_contacts" ("id" uuid NOT NULL, "name" text NOT NULL, "email" text NOT NULL, "company" text NOT NULL, "company_size" text, "message" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b6579d31e6adbecd8c18e08812d" PRIMARY KEY ("id"))',
    );
    await db.query(
      'CREATE TABLE "secrets" ("name" text NOT NULL, "value" text NOT NULL, CONSTRAINT "PK_0a802e5451589b0a8a816669655" PRIMARY KEY ("name"))',
    );
    await db.query(
      'CREATE TABLE "sessions" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "family_id" uuid NOT NULL, "refresh_token_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "rotated_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_d6185b2849a1e4d0c067a57ca89" UNIQUE ("refresh_token_hash"), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))',
    );
    await db.query('CREATE INDEX "sessions_user" ON "sessions"  ("user_id")');
    await db.query('CREATE INDEX "sessions_family" ON "sessions"  ("family_id")');
    await db.query(
      'CREATE TABLE "sign_in_attempts" ("key" text NOT NULL, "failures" integer NOT NULL, "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "locked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_df3d09968fb1f35413047cd2010" PRIMARY KEY ("key"))',
    );
    await db.query(
      'CREATE TABLE "upvotes" ("app_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e627daf2de8a3a385b90f04bd47" PRIMARY KEY ("app_id", "user_id"))',
    );
    await db.query(
      'ALTER TABLE "apps" ADD CONSTRAINT "FK_5cdb895992892c7c350812a2b5f" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "credit_balances" ADD CONSTRAINT "FK_e8af65c175bcb9c8714514ed97a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "credit_ledger" ADD CONSTRAINT "FK_b3c288c46f5de08a59632916e8c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "files" ADD CONSTRAINT "FK_4bc1db1f4f34ec9415acd88afdb" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "FK_52ac39dd8a28730c63aeb428c9c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "runs" ADD CONSTRAINT "FK_f4b45c254f481d80ef5ea9c5513" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "runs" ADD CONSTRAINT "FK_877e8bcffb46e56be6c4baa4f56" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "upvotes" ADD CONSTRAINT "FK_1a624b42d9f911256ccbc60fc0b" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "upvotes" ADD CONSTRAINT "FK_8bf420c798307dc18c619100923" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "upvotes" DROP CONSTRAINT "FK_8bf420c798307dc18c619100923"');
    await db.query('ALTER TABLE "upvotes" DROP CONSTRAINT "FK_1a624b42d9f911256ccbc60fc0b"');
    await db.query('ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"');
    await db.query('ALTER TABLE "runs" DROP CONSTRAINT "FK_877e8bcffb46e56be6c4baa4f56"');
    await db.query('ALTER TABLE "runs" DROP CONSTRAINT "FK_f4b45c254f481d80ef5ea9c5513"');
    await db.query('ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "FK_52ac39dd8a28730c63aeb428c9c"');
    await db.query('ALTER TABLE "files" DROP CONSTRAINT "FK_4bc1db1f4f34ec9415acd88afdb"');
    await db.query('ALTER TABLE "credit_ledger" DROP CONSTRAINT "FK_b3c288c46f5de08a59632916e8c"');
    await db.query('ALTER TABLE "credit_balances" DROP CONSTRAINT "FK_e8af65c175bcb9c8714514ed97a"');
    await db.query('ALTER TABLE "apps" DROP CONSTRAINT "FK_5cdb895992892c7c350812a2b5f"');
    await db.query('DROP TABLE "upvotes"');
    await db.query('DROP TABLE "sign_in_attempts"');
    await db.query('DROP INDEX "public"."sessions_family"');
    await db.query('DROP INDEX "public"."sessions_user"');
    await db.query('DROP TABLE "sessions"');
    await db.query('DROP TABLE "secrets"');
    await db.query('DROP TABLE "sales_contacts"');
    await db.query('DROP INDEX "public"."runs_app"');
    await db.query('DROP INDEX "public"."runs_user"');
    await db.query('DROP TABLE "runs"');
    await db.query('DROP TABLE "processed_webhook_events"');
    await db.query('DROP TABLE "password_reset_tokens"');
    await db.query('DROP TABLE "mail_outbox"');
    await db.query('DROP TABLE "files"');
    await db.query('DROP INDEX "public"."credit_ledger_user"');
    await db.query('DROP INDEX "public"."credit_ledger_one_grant"');
    await db.query('DROP TABLE "credit_ledger"');
    await db.query('DROP TABLE "credit_balances"');
    await db.query('DROP INDEX "public"."apps_store"');
    await db.query('DROP INDEX "public"."apps_owner"');
    await db.query('DROP TABLE "apps"');
    await db.query('DROP TABLE "users"');
    await db.query('DROP INDEX "public"."events_app"');
    await db.query('DROP INDEX "public"."events_time"');
    await db.query('DROP TABLE "events"');
  }
}
