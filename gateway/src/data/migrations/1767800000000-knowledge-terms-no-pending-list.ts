import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Knowledge search's GIN index (`knowledge_chunks_terms`) without its pending list
 * (`fastupdate = off`): new passages go straight into the index. With the pending list, every
 * search read the whole list (up to 4 MB) besides the index, and on PGlite, which has no autovacuum
 * to merge it, it never shrank: at 100,000 passages that was 316 pages a search, about half the
 * full-text side's time. The list already there is merged now.
 */
export class KnowledgeTermsNoPendingList1767800000000 implements MigrationInterface {
  name = 'KnowledgeTermsNoPendingList1767800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER INDEX "knowledge_chunks_terms" SET (fastupdate = off)');
    await db.query(`SELECT gin_clean_pending_list('knowledge_chunks_terms'::regclass)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER INDEX "knowledge_chunks_terms" RESET (fastupdate)');
  }
}
