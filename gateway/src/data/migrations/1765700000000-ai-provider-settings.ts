import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI providers set up by an admin on the AI providers page: per provider, the API key (sealed as
 * people's secrets are), the address, who saved it and when. They replace the environment's.
 */
export class AiProviderSettings1765700000000 implements MigrationInterface {
  name = 'AiProviderSettings1765700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "ai_provider_settings" ("provider" text NOT NULL, "sealed_key" text, "base_url" text, "updated_by" uuid, "updated_by_email" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ai_provider_settings_provider" CHECK (provider IN ('openai', 'anthropic', 'gemini', 'ollama')), CONSTRAINT "PK_efd4f5bae58d254a7a533536073" PRIMARY KEY ("provider"))`,
    );
    await db.query(
      'ALTER TABLE "ai_provider_settings" ADD CONSTRAINT "FK_ceb0ecf46da7aa98cfaba2a913c" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "ai_provider_settings" DROP CONSTRAINT "FK_ceb0ecf46da7aa98cfaba2a913c"');
    await db.query('DROP TABLE "ai_provider_settings"');
  }
}
