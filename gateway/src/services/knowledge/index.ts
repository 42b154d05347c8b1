export {
  KnowledgeService,
  type KnowledgeBaseView,
  type KnowledgeDocumentView,
  type NewDocument,
} from './knowledge-service';
export { InProcessIngestionQueue, PgBossIngestionQueue, type IngestionQueue } from './ingestion-queue';
export type { KnowledgePassage } from './hybrid-search';
