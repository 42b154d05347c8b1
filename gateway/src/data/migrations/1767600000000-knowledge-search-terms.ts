import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Knowledge search at scale: each chunk keeps its `english` text search vector (`text_search`,
 * filled by a trigger on insert and on a change of its text) under a GIN index, so ranking reads
 * the stored vector instead of parsing every matching passage again; and a document records that
 * some of its passages have no vector yet (`vectors_missing`: the embedding model failed while it
 * was indexed; they are made when the model answers again).
 */
export class KnowledgeSearchTerms1767600000000 implements MigrationInterface {
  name = 'KnowledgeSearchTerms1767600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "knowledge_chunks" ADD "text_search" tsvector');
    await db.query(`UPDATE "knowledge_chunks" SET "text_search" = to_tsvector('english', "text")`);
    await db.query('ALTER TABLE "knowledge_chunks" ALTER COLUMN "text_search" SET NOT NULL');
    await db.query(
      `CREATE TRIGGER "knowledge_chunks_text_search" BEFORE INSERT OR UPDATE OF "text" ON "knowledge_chunks"
         FOR EACH ROW EXECUTE FUNCTION tsvector_update_trigger("text_search", 'pg_catalog.english', "text")`,
    );
    await db.query('DROP INDEX "knowledge_chunks_text_search"');
    await db.query('CREATE INDEX "knowledge_chunks_terms" ON "knowledge_chunks" USING gin ("text_search")');
    await db.query('ALTER TABLE "knowledge_documents" ADD "vectors_missing" boolean NOT NULL DEFAULT false');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "knowledge_documents" DROP COLUMN "vectors_missing"');
    await db.query('DROP INDEX "knowledge_chunks_terms"');
    await db.query('DROP TRIGGER "knowledge_chunks_text_search" ON "knowledge_chunks"');
    await db.query('ALTER TABLE "knowledge_chunks" DROP COLUMN "text_search"');
    await db.query(
      `CREATE INDEX "knowledge_chunks_text_search" ON "knowledge_chunks" USING gin (to_tsvector('english', "text"))`,
    );
  }
}
