import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Runs that wait for a person: the `waiting` run status, and `run_approvals` (what the approver is
 * asked, who may decide, until when, and what the run needs to go on on any process).
 */
export class RunApprovals1767100000000 implements MigrationInterface {
  name = 'RunApprovals1767100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "runs" DROP CONSTRAINT "runs_status"');
    await db.query(
      `ALTER TABLE "runs" ADD CONSTRAINT "runs_status" CHECK (status IN ('queued', 'running', 'waiting', 'succeeded', 'failed', 'aborted'))`,
    );
    await db.query(
      `CREATE TABLE "run_approvals" ("run_id" uuid NOT NULL, "node_id" text NOT NULL, "text" text NOT NULL, "editable" boolean NOT NULL, "approver" text NOT NULL, "email" text, "token_hash" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "job" jsonb NOT NULL, "saved" jsonb NOT NULL, "keep" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "decided_at" TIMESTAMP WITH TIME ZONE, "decision" text, "decided_by" text, CONSTRAINT "PK_6d1574630de310cbe765df70d28" PRIMARY KEY ("run_id"))`,
    );
    await db.query(
      'CREATE UNIQUE INDEX "run_approvals_token" ON "run_approvals"  ("token_hash") WHERE token_hash IS NOT NULL',
    );
    await db.query(
      'CREATE INDEX "run_approvals_due" ON "run_approvals"  ("expires_at") WHERE decided_at IS NULL',
    );
    await db.query(
      'ALTER TABLE "run_approvals" ADD CONSTRAINT "FK_6d1574630de310cbe765df70d28" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "run_approvals" DROP CONSTRAINT "FK_6d1574630de310cbe765df70d28"');
    await db.query('DROP INDEX "public"."run_approvals_due"');
    await db.query('DROP INDEX "public"."run_approvals_token"');
    await db.query('DROP TABLE "run_approvals"');
    await db.query(`UPDATE "runs" SET status = 'failed' WHERE status = 'waiting'`);
    await db.query('ALTER TABLE "runs" DROP CONSTRAINT "runs_status"');
    await db.query(
      `ALTER TABLE "runs" ADD CONSTRAINT "runs_status" CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'aborted'))`,
    );
  }
}
