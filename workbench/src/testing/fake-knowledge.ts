import { ApiError } from '../api/blocksmith-api';
import type { KnowledgeApi, KnowledgeBase, KnowledgeDocument, KnowledgePassage } from '../api/knowledge';

const NOT_FOUND = 'There is no such knowledge base.';

/**
 * Knowledge bases kept in memory. Documents are added `queued`; `finishIndexing` makes them ready
 * (or failed) as the server's ingestion would. Search answers `passages` as set.
 */
export class FakeKnowledge implements KnowledgeApi {
  bases_: KnowledgeBase[] = [];
  documents_: KnowledgeDocument[] = [];
  passages: KnowledgePassage[] = [];
  /** Calls made, by method name. */
  calls: string[] = [];
  /** A method that fails with this error next. */
  failNext: { method: keyof KnowledgeApi; error: Error } | null = null;
  private next = 1;

  private check(method: keyof KnowledgeApi): void {
    this.calls.push(method);
    if (this.failNext?.method === method) {
      const { error } = this.failNext;
      this.failNext = null;
      throw error;
    }
  }

  private base(id: string): KnowledgeBase {
    const base = this.bases_.find((b) => b.id === id);
    if (!base) throw new ApiError(NOT_FOUND, 'NOT_FOUND');
    return base;
  }

  private counted(base: KnowledgeBase): KnowledgeBase {
    const documents = this.documents_.filter((d) => d.knowledgeBaseId === base.id);
    return {
      ...base,
      documentCount: documents.length,
      readyCount: documents.filter((d) => d.status === 'ready').length,
      chunkCount: documents.reduce((sum, d) => sum + d.chunkCount, 0),
    };
  }

  async bases() {
    this.check('bases');
    return this.bases_.map((b) => this.counted(b));
  }

  async createBase(name: string, chunking: { chunkSize?: number; chunkOverlap?: number } = {}) {
    this.check('createBase');
    const at = new Date(2026, 0, this.next).toISOString();
    const base: KnowledgeBase = {
      id: `kb-${this.next++}`,
      name,
      chunkSize: chunking.chunkSize ?? 1000,
      chunkOverlap: chunking.chunkOverlap ?? 150,
      documentCount: 0,
      readyCount: 0,
      chunkCount: 0,
      createdAt: at,
      updatedAt: at,
    };
    this.bases_.push(base);
    return base;
  }

  async updateBase(id: string, changes: { name?: string; chunkSize?: number; chunkOverlap?: number }) {
    this.check('updateBase');
    const base = Object.assign(this.base(id), changes);
    return this.counted(base);
  }

  async deleteBase(id: string) {
    this.check('deleteBase');
    this.base(id);
    this.bases_ = this.bases_.filter((b) => b.id !== id);
    this.documents_ = this.documents_.filter((d) => d.knowledgeBaseId !== id);
  }

  async documents(baseId: string) {
    this.check('documents');
    this.base(baseId);
    return this.documents_.filter((d) => d.knowledgeBaseId === baseId).map((d) => ({ ...d }));
  }

  private add(baseId: string, name: string, source: string, url: string | null = null): KnowledgeDocument {
    this.base(baseId);
    const at = new Date(2026, 1, this.next).toISOString();
    const document: KnowledgeDocument = {
      id: `doc-${this.next++}`,
      knowledgeBaseId: baseId,
      name,
      source,
      url,
      size: 0,
      status: 'queued',
      progress: 0,
      error: null,
      chunkCount: 0,
      charCount: 0,
      vectorsMissing: false,
      createdAt: at,
      updatedAt: at,
    };
    this.documents_.push(document);
    return { ...document };
  }

  async uploadDocument(baseId: string, file: File) {
    this.check('uploadDocument');
    return this.add(baseId, file.name, 'upload');
  }

  async addUrl(baseId: string, url: string) {
    this.check('addUrl');
    return this.add(baseId, url.split('/').filter(Boolean).pop() ?? url, 'url', url);
  }

  async addText(baseId: string, name: string) {
    this.check('addText');
    return this.add(baseId, name, 'text');
  }

  async reindexDocument(baseId: string, documentId: string) {
    this.check('reindexDocument');
    const document = this.documents_.find((d) => d.id === documentId && d.knowledgeBaseId === baseId);
    if (!document) throw new ApiError('There is no such document in this knowledge base.', 'NOT_FOUND');
    Object.assign(document, { status: 'queued', progress: 0, error: null });
    return { ...document };
  }

  async deleteDocument(baseId: string, documentId: string) {
    this.check('deleteDocument');
    this.base(baseId);
    this.documents_ = this.documents_.filter((d) => d.id !== documentId);
  }

  async search(baseId: string) {
    this.check('search');
    this.base(baseId);
    return this.passages;
  }

  /** Moves documents on as ingestion would: `indexing` at `progress`, or done (`ready`/`failed`). */
  finishIndexing(
    outcome:
      { status: 'indexing'; progress: number } | { status: 'ready' } | { status: 'failed'; error: string },
  ) {
    for (const document of this.documents_) {
      if (document.status !== 'queued' && document.status !== 'indexing') continue;
      if (outcome.status === 'indexing')
        Object.assign(document, { status: 'indexing', progress: outcome.progress });
      else if (outcome.status === 'ready')
        Object.assign(document, { status: 'ready', progress: 1, chunkCount: 3, charCount: 1200 });
      else Object.assign(document, { status: 'failed', progress: 0, error: outcome.error });
    }
  }
}
