import type {
  KnowledgeBaseListQuery,
  KnowledgeDocumentListQuery,
  TryKnowledgeSearchQuery,
} from './generated/graphql';

/** One of the person's knowledge bases, with its documents counted. */
export type KnowledgeBase = KnowledgeBaseListQuery['knowledgeBases'][number];
/** A document of a knowledge base, with where its indexing is. */
export type KnowledgeDocument = KnowledgeDocumentListQuery['knowledgeDocuments'][number];
/** A passage found for a question, with its source. */
export type KnowledgePassage = TryKnowledgeSearchQuery['searchKnowledge'][number];

/** The statuses a document goes through. */
export type KnowledgeDocumentStatus = 'queued' | 'indexing' | 'ready' | 'failed';

/** What the stores may ask the server about the person's knowledge bases. */
export interface KnowledgeApi {
  bases(): Promise<KnowledgeBase[]>;
  createBase(name: string, chunking?: { chunkSize?: number; chunkOverlap?: number }): Promise<KnowledgeBase>;
  updateBase(
    id: string,
    changes: { name?: string; chunkSize?: number; chunkOverlap?: number },
  ): Promise<KnowledgeBase>;
  deleteBase(id: string): Promise<void>;
  documents(baseId: string): Promise<KnowledgeDocument[]>;
  /** Uploads a file as a document (multipart POST /api/knowledge/{id}/documents). */
  uploadDocument(baseId: string, file: File): Promise<KnowledgeDocument>;
  addUrl(baseId: string, url: string): Promise<KnowledgeDocument>;
  addText(baseId: string, name: string, text: string): Promise<KnowledgeDocument>;
  reindexDocument(baseId: string, documentId: string): Promise<KnowledgeDocument>;
  deleteDocument(baseId: string, documentId: string): Promise<void>;
  search(baseId: string, query: string, topK: number): Promise<KnowledgePassage[]>;
}
