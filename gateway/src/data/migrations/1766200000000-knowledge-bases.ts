import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Knowledge bases: an account's documents, their status while indexed, and their chunks with a
 * full-text index (English stemming). Vectors live apart in `knowledge_vectors`, made at start-up
 * where the server has pgvector (services/knowledge/knowledge-vectors.ts), so a server without it
 * migrates the same.
 */
export class KnowledgeBases1766200000000 implements MigrationInterface {
  name = 'KnowledgeBases1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "knowledge_bases" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "name" text NOT NULL, "chunk_size" integer NOT NULL DEFAULT '1000', "chunk_overlap" integer NOT NULL DEFAULT '150', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "knowledge_bases_chunking" CHECK (chunk_size BETWEEN 100 AND 8000 AND chunk_overlap >= 0 AND chunk_overlap < chunk_size), CONSTRAINT "PK_b7da0ee578e15ebb6213465440d" PRIMARY KEY ("id"))`,
    );
    await db.query('CREATE INDEX "IDX_b53a243c14a6505e47b5934797" ON "knowledge_bases" ("owner_id")');
    await db.query(
      `CREATE TABLE "knowledge_documents" ("id" uuid NOT NULL, "knowledge_base_id" uuid NOT NULL, "name" text NOT NULL, "source" text NOT NULL, "url" text, "file_id" uuid, "mime" text, "size" integer NOT NULL DEFAULT '0', "status" text NOT NULL DEFAULT 'queued', "progress" real NOT NULL DEFAULT '0', "error" text, "chunk_count" integer NOT NULL DEFAULT '0', "char_count" integer NOT NULL DEFAULT '0', "embedding_model" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "knowledge_documents_source" CHECK (source IN ('upload', 'url', 'text')), CONSTRAINT "knowledge_documents_status" CHECK (status IN ('queued', 'indexing', 'ready', 'failed')), CONSTRAINT "PK_402a3c43fb263aa5289670e4e21" PRIMARY KEY ("id"))`,
    );
    await db.query(
      'CREATE INDEX "IDX_61c04d8233f2f4f6e9bc525d2c" ON "knowledge_documents" ("knowledge_base_id", "created_at")',
    );
    await db.query(
      `CREATE TABLE "knowledge_chunks" ("id" uuid NOT NULL, "document_id" uuid NOT NULL, "knowledge_base_id" uuid NOT NULL, "position" integer NOT NULL, "text" text NOT NULL, CONSTRAINT "PK_81af684d79d321813c41019a5cd" PRIMARY KEY ("id"))`,
    );
    await db.query(
      'CREATE INDEX "IDX_407a2bda23de8a3c0087de1f78" ON "knowledge_chunks" ("knowledge_base_id")',
    );
    await db.query(
      'CREATE INDEX "IDX_874273d85edc16b84c68da74bc" ON "knowledge_chunks" ("document_id", "position")',
    );
    await db.query(
      `CREATE INDEX "knowledge_chunks_text_search" ON "knowledge_chunks" USING gin (to_tsvector('english', "text"))`,
    );
    await db.query(
      'ALTER TABLE "knowledge_bases" ADD CONSTRAINT "FK_b53a243c14a6505e47b5934797a" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "knowledge_documents" ADD CONSTRAINT "FK_b28158151bd8268a08b668540c0" FOREIGN KEY ("knowledge_base_id") REFERENCES "knowledge_bases"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await db.query(
      'ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "FK_2089ee83745a2f45c4f97faf2a5" FOREIGN KEY ("document_id") REFERENCES "knowledge_documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE IF EXISTS "knowledge_vectors"');
    await db.query('DROP TABLE "knowledge_chunks"');
    await db.query('DROP TABLE "knowledge_documents"');
    await db.query('DROP TABLE "knowledge_bases"');
  }
}
