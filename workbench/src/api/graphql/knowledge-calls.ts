import { ApiError } from '../blocksmith-api';
import {
  AddKnowledgeDocumentWithDocument,
  CreateKnowledgeBaseWithDocument,
  KnowledgeBaseListDocument,
  KnowledgeDocumentListDocument,
  ReindexKnowledgeDocumentDocument,
  RemoveKnowledgeBaseDocument,
  RemoveKnowledgeDocumentDocument,
  TryKnowledgeSearchDocument,
  UpdateKnowledgeBaseWithDocument,
} from '../generated/graphql';
import type { KnowledgeApi, KnowledgeBase, KnowledgeDocument, KnowledgePassage } from '../knowledge';
import type { GraphQLTransport } from './graphql-transport';

/** Knowledge bases over GraphQL; a file goes up as the documented multipart route takes it. */
export class KnowledgeCalls implements KnowledgeApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async bases(): Promise<KnowledgeBase[]> {
    return (await this.transport.query(KnowledgeBaseListDocument, {})).knowledgeBases;
  }

  async createBase(name: string, chunking: { chunkSize?: number; chunkOverlap?: number } = {}) {
    return (await this.transport.mutate(CreateKnowledgeBaseWithDocument, { name, ...chunking }))
      .createKnowledgeBase;
  }

  async updateBase(id: string, changes: { name?: string; chunkSize?: number; chunkOverlap?: number }) {
    return (await this.transport.mutate(UpdateKnowledgeBaseWithDocument, { id, ...changes }))
      .updateKnowledgeBase;
  }

  async deleteBase(id: string): Promise<void> {
    await this.transport.mutate(RemoveKnowledgeBaseDocument, { id });
  }

  async documents(baseId: string): Promise<KnowledgeDocument[]> {
    return (await this.transport.query(KnowledgeDocumentListDocument, { knowledgeBaseId: baseId }))
      .knowledgeDocuments;
  }

  async uploadDocument(baseId: string, file: File): Promise<KnowledgeDocument> {
    const body = new FormData();
    body.set('file', file);
    const token = await this.transport.accessToken();
    const response = await fetch(
      `${this.transport.origin}/api/knowledge/${encodeURIComponent(baseId)}/documents`,
      {
        method: 'POST',
        body,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
    );
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the status says enough.
    }
    if (!response.ok) {
      const message =
        parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
          ? parsed.message
          : `HTTP error! status: ${response.status}`;
      throw new ApiError(message);
    }
    return parsed as KnowledgeDocument;
  }

  async addUrl(baseId: string, url: string): Promise<KnowledgeDocument> {
    return (await this.transport.mutate(AddKnowledgeDocumentWithDocument, { knowledgeBaseId: baseId, url }))
      .addKnowledgeDocument;
  }

  async addText(baseId: string, name: string, text: string): Promise<KnowledgeDocument> {
    return (
      await this.transport.mutate(AddKnowledgeDocumentWithDocument, { knowledgeBaseId: baseId, name, text })
    ).addKnowledgeDocument;
  }

  async reindexDocument(baseId: string, documentId: string): Promise<KnowledgeDocument> {
    return (
      await this.transport.mutate(ReindexKnowledgeDocumentDocument, { knowledgeBaseId: baseId, documentId })
    ).reindexKnowledgeDocument;
  }

  async deleteDocument(baseId: string, documentId: string): Promise<void> {
    await this.transport.mutate(RemoveKnowledgeDocumentDocument, { knowledgeBaseId: baseId, documentId });
  }

  async search(baseId: string, query: string, topK: number): Promise<KnowledgePassage[]> {
    return (await this.transport.query(TryKnowledgeSearchDocument, { knowledgeBaseId: baseId, query, topK }))
      .searchKnowledge;
  }
}
