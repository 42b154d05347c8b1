import type { MigrationInterface, QueryRunner } from 'typeorm';

/** People's secrets for their blocks (HTTP Request headers), kept encrypted. */
export class UserSecrets1764800000000 implements MigrationInterface {
  name = 'UserSecrets1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE TABLE "user_secrets" ("user_id" uuid NOT NULL, "name" text NOT NULL, "sealed" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a7fb342df61b29b26899bdbf1be" PRIMARY KEY ("user_id", "name"))',
    );
    await db.query(
      'ALTER TABLE "user_secrets" ADD CONSTRAINT "FK_c584286beb5ef2c823312479b4f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "user_secrets" DROP CONSTRAINT "FK_c584286beb5ef2c823312479b4f"');
    await db.query('DROP TABLE "user_secrets"');
  }
}
