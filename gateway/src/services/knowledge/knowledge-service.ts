import { randomUUID } from 'node:crypto';
import type { AiProvider } from '@blocksmith/block-sdk';
import { PLANS, UNLIMITED, isPlanId } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppRecord, KnowledgeBase, KnowledgeDocument, User } from '../../data/entities';
import { ForbiddenError, InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import type { DiskFileStore } from '../../providers/disk-file-store';
import { ingestDocument, type IngestionDeps } from './document-ingestion';
import type { KnowledgePassage } from './hybrid-search';
import type { IngestionQueue } from './ingestion-queue';
import { KnowledgeVectors } from './knowledge-vectors';
import { SearchWithFallback } from './search-with-fallback';
import { checkedUrl, pageName } from './web-page';
import {
  checkedChunking,
  checkedName,
  checkedSearch,
  checkedText,
  type ChunkingInput,
  type SearchInput,
} from './knowledge-input';

/** A document as its owner sees it listed. */
export type KnowledgeDocumentView = Pick<
  KnowledgeDocument,
  | 'id'
  | 'knowledgeBaseId'
  | 'name'
  | 'source'
  | 'url'
  | 'mime'
  | 'size'
  | 'status'
  | 'progress'
  | 'error'
  | 'chunkCount'
  | 'charCount'
  | 'vectorsMissing'
  | 'createdAt'
  | 'updatedAt'
>;

/** A knowledge base as its owner sees it listed, with its documents counted. */
export interface KnowledgeBaseView {
  id: string;
  name: string;
  chunkSize: number;
  chunkOverlap: number;
  documentCount: number;
  readyCount: number;
  chunkCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A document to add: a kept file, a web address, or text given as is. */
export type NewDocument =
  { fileId: string; name?: string } | { url: string; name?: string } | { text: string; name: string };

const MAX_BASES = 50;
const NOT_FOUND = 'There is no such knowledge base.';
const DOCUMENT_NOT_FOUND = 'There is no such document in this knowledge base.';

/**
 * Knowledge bases: an account's documents, indexed in the background (a job on the ingestion
 * queue, so it survives a restart) and searched by hybrid retrieval. Everything is the owner's
 * alone: another account meets 404 for every base and document; a run of the owner's app searches
 * the owner's bases through `forApp`, and gets passages only.
 */
export class KnowledgeService {
  readonly vectors: KnowledgeVectors;
  private readonly ingestion: IngestionDeps;
  private readonly searching: SearchWithFallback;

  constructor(
    private readonly deps: {
      dataSource: DataSource;
      files: DiskFileStore;
      provider: AiProvider;
      queue: IngestionQueue;
      log?: (line: string) => void;
      fetchPage?: IngestionDeps['fetchPage'];
    },
  ) {
    this.vectors = new KnowledgeVectors(deps.dataSource, deps.log);
    this.ingestion = {
      dataSource: deps.dataSource,
      files: deps.files,
      provider: deps.provider,
      vectors: this.vectors,
      charsAllowed: (document, ownerId) => this.charsAllowed(document, ownerId),
      ...(deps.fetchPage ? { fetchPage: deps.fetchPage } : {}),
      ...(deps.log ? { log: deps.log } : {}),
    };
    this.searching = new SearchWithFallback({ ...this.ingestion, vectors: this.vectors });
  }

  /** Prepares vectors (saying once when the server has none) and takes up unfinished documents. */
  async start(): Promise<void> {
    await this.vectors.available();
    await this.deps.queue.start(
      (id, signal) => ingestDocument(this.ingestion, id, signal),
      async () => {
        const statuses = this.deps.queue.kind === 'pg-boss' ? ['queued'] : ['queued', 'indexing'];
        const rows = await this.deps.dataSource
          .getRepository(KnowledgeDocument)
          .createQueryBuilder('d')
          .select('d.id', 'id')
          .where('d.status IN (:...statuses)', { statuses })
          .orderBy('d.created_at')
          .getRawMany<{ id: string }>();
        return rows.map((row) => row.id);
      },
    );
    void this.searching.fillMissingVectors();
  }

  async stop(): Promise<void> {
    await this.searching.stop();
    await this.deps.queue.stop();
  }

  /**
   * Makes the vectors documents lack because the embedding model failed while they were indexed
   * (of one base, or all), in the background; resolves when this round is over.
   */
  fillMissingVectors(baseId?: string): Promise<void> {
    return this.searching.fillMissingVectors(baseId);
  }

  /** Resolves once no document is waiting or being indexed in this process. */
  idle(): Promise<void> {
    return this.deps.queue.idle();
  }

  async list(userId: string): Promise<KnowledgeBaseView[]> {
    const rows = (await this.deps.dataSource.query(
      `SELECT b.id, b.name, b.chunk_size, b.chunk_overlap, b.created_at, b.updated_at,
              count(d.id)::int AS document_count,
              count(d.id) FILTER (WHERE d.status = 'ready')::int AS ready_count,
              coalesce(sum(d.chunk_count), 0)::int AS chunk_count
         FROM knowledge_bases b LEFT JOIN knowledge_documents d ON d.knowledge_base_id = b.id
        WHERE b.owner_id = $1
        GROUP BY b.id
        ORDER BY b.created_at, b.id`,
      [userId],
    )) as Record<string, unknown>[];
    return rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      chunkSize: Number(row.chunk_size),
      chunkOverlap: Number(row.chunk_overlap),
      documentCount: Number(row.document_count),
      readyCount: Number(row.ready_count),
      chunkCount: Number(row.chunk_count),
      createdAt: new Date(row.created_at as string),
      updatedAt: new Date(row.updated_at as string),
    }));
  }

  async get(userId: string, id: unknown): Promise<KnowledgeBaseView> {
    const base = await this.owned(userId, id);
    return (await this.list(userId)).find((view) => view.id === base.id)!;
  }

  async create(userId: string, input: { name: unknown } & ChunkingInput): Promise<KnowledgeBaseView> {
    const name = checkedName(input.name);
    const chunking = checkedChunking(input, { chunkSize: 1000, chunkOverlap: 150 });
    const repo = this.deps.dataSource.getRepository(KnowledgeBase);
    if ((await repo.countBy({ ownerId: userId })) >= MAX_BASES) {
      throw new InputError(
        `You have ${MAX_BASES} knowledge bases already; delete one you no longer use first.`,
      );
    }
    const id = randomUUID();
    await repo.insert({ id, ownerId: userId, name, ...chunking });
    return this.get(userId, id);
  }

  /** Renames a knowledge base and/or changes its chunking (documents already indexed keep theirs until reindexed). */
  async update(
    userId: string,
    id: unknown,
    input: { name?: unknown } & ChunkingInput,
  ): Promise<KnowledgeBaseView> {
    const base = await this.owned(userId, id);
    const chunking = checkedChunking(input, base);
    await this.deps.dataSource.getRepository(KnowledgeBase).update(
      { id: base.id },
      {
        ...(input.name !== undefined && input.name !== null ? { name: checkedName(input.name) } : {}),
        ...chunking,
        updatedAt: new Date(),
      },
    );
    return this.get(userId, base.id);
  }

  /** Deletes a knowledge base with its documents, their files, chunks and vectors. */
  async delete(userId: string, id: unknown): Promise<void> {
    const base = await this.owned(userId, id);
    const documents = await this.deps.dataSource
      .getRepository(KnowledgeDocument)
      .findBy({ knowledgeBaseId: base.id });
    await this.deps.dataSource.getRepository(KnowledgeBase).delete({ id: base.id });
    await this.deps.files.discard(documents.flatMap((d) => (d.fileId ? [d.fileId] : [])));
  }

  async documents(userId: string, baseId: unknown): Promise<KnowledgeDocumentView[]> {
    const base = await this.owned(userId, baseId);
    return this.deps.dataSource
      .getRepository(KnowledgeDocument)
      .find({ where: { knowledgeBaseId: base.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async document(userId: string, baseId: unknown, documentId: unknown): Promise<KnowledgeDocumentView> {
    const base = await this.owned(userId, baseId);
    return this.ownedDocument(base, documentId);
  }

  /**
   * Adds a document and queues it for indexing: a file the caller kept (`keepUpload`), a web
   * address (read when indexed), or text given as is (kept as a text file).
   */
  async addDocument(userId: string, baseId: unknown, input: NewDocument): Promise<KnowledgeDocumentView> {
    const base = await this.owned(userId, baseId);
    await this.checkDocumentRoom(userId);
    const id = randomUUID();
    const repo = this.deps.dataSource.getRepository(KnowledgeDocument);
    if ('fileId' in input) {
      const file = isUuid(input.fileId) ? await this.deps.files.read(input.fileId).catch(() => null) : null;
      if (!file || file.ownerId !== userId)
        throw new InputError('Upload the file first; there is no such file of yours.');
      await repo.insert({
        id,
        knowledgeBaseId: base.id,
        name: input.name ? checkedName(input.name) : file.ref.name,
        source: 'upload',
        fileId: file.ref.id,
        mime: file.ref.mime,
        size: file.ref.size,
      });
    } else if ('url' in input) {
      const url = checkedUrlInput(input.url);
      await repo.insert({
        id,
        knowledgeBaseId: base.id,
        name: input.name ? checkedName(input.name) : pageName(url),
        source: 'url',
        url: url.toString(),
      });
    } else {
      const name = checkedName(input.name);
      const text = checkedText(input.text);
      const kept = await this.deps.files.forOwner(userId).put(Buffer.from(text, 'utf8'), {
        name: /\.\w+$/.test(name) ? name : `${name}.txt`,
        mime: 'text/plain',
      });
      await repo.insert({
        id,
        knowledgeBaseId: base.id,
        name,
        source: 'text',
        fileId: kept.id,
        mime: 'text/plain',
        size: kept.size,
      });
    }
    await this.deps.queue.enqueue(id);
    return this.ownedDocument(base, id);
  }

  /** Keeps an uploaded file of the caller's for a knowledge base of theirs; answers its id. */
  async keepUpload(
    userId: string,
    baseId: unknown,
    file: { name: string; mime: string; data: Uint8Array },
  ): Promise<string> {
    await this.owned(userId, baseId);
    if (file.data.byteLength === 0)
      throw new InputError(`"${file.name}" is empty. Upload a file with content.`);
    const kept = await this.deps.files
      .forOwner(userId)
      .put(file.data, { name: file.name || 'document', mime: file.mime });
    return kept.id;
  }

  /** Indexes a document again (from its kept file, or its address read again). */
  async reindexDocument(
    userId: string,
    baseId: unknown,
    documentId: unknown,
  ): Promise<KnowledgeDocumentView> {
    const base = await this.owned(userId, baseId);
    const document = await this.ownedDocument(base, documentId);
    await this.deps.dataSource
      .getRepository(KnowledgeDocument)
      .update({ id: document.id }, { status: 'queued', progress: 0, error: null, updatedAt: new Date() });
    await this.deps.queue.enqueue(document.id);
    return this.ownedDocument(base, document.id);
  }

  /** Deletes a document: its chunks and vectors go with it at once, then its file. */
  async deleteDocument(userId: string, baseId: unknown, documentId: unknown): Promise<void> {
    const base = await this.owned(userId, baseId);
    const document = await this.deps.dataSource
      .getRepository(KnowledgeDocument)
      .findOneBy({ id: (await this.ownedDocument(base, documentId)).id });
    if (!document) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    await this.deps.dataSource.getRepository(KnowledgeDocument).delete({ id: document.id });
    if (document.fileId) await this.deps.files.discard([document.fileId]);
  }

  /** The owner searches one of their knowledge bases. */
  async search(userId: string, baseId: unknown, input: SearchInput): Promise<KnowledgePassage[]> {
    const base = await this.owned(userId, baseId);
    return this.searchBase(base.id, input);
  }

  /**
   * What a run of `appId` may search: the app owner's knowledge bases only, passages only. A base
   * that is not the owner's is not found, however the app's settings name it.
   */
  forApp(appId: string) {
    return {
      search: async (input: { knowledgeBaseId: string } & SearchInput): Promise<KnowledgePassage[]> => {
        const app = isUuid(appId)
          ? await this.deps.dataSource
              .getRepository(AppRecord)
              .findOne({ where: { id: appId }, select: { id: true, ownerId: true } })
          : null;
        if (!app) throw new NotFoundError(NOT_FOUND);
        const base = await this.owned(app.ownerId, input.knowledgeBaseId);
        return this.searchBase(base.id, input);
      },
    };
  }

  private searchBase(baseId: string, input: SearchInput): Promise<KnowledgePassage[]> {
    return this.searching.search(baseId, checkedSearch(input));
  }

  private async owned(userId: string, id: unknown): Promise<KnowledgeBase> {
    const base = isUuid(id)
      ? await this.deps.dataSource.getRepository(KnowledgeBase).findOneBy({ id, ownerId: userId })
      : null;
    if (!base) throw new NotFoundError(NOT_FOUND);
    return base;
  }

  private async ownedDocument(base: KnowledgeBase, documentId: unknown): Promise<KnowledgeDocument> {
    const document = isUuid(documentId)
      ? await this.deps.dataSource
          .getRepository(KnowledgeDocument)
          .findOneBy({ id: documentId, knowledgeBaseId: base.id })
      : null;
    if (!document) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    return document;
  }

  private async planOf(userId: string) {
    const user = await this.deps.dataSource
      .getRepository(User)
      .findOne({ where: { id: userId }, select: { id: true, plan: true } });
    return PLANS[user && isPlanId(user.plan) ? user.plan : 'free'];
  }

  private async checkDocumentRoom(userId: string): Promise<void> {
    const plan = await this.planOf(userId);
    if (plan.knowledgeDocuments === UNLIMITED) return;
    const [row] = (await this.deps.dataSource.query(
      `SELECT count(*)::int AS n FROM knowledge_documents d JOIN knowledge_bases b ON b.id = d.knowledge_base_id WHERE b.owner_id = $1`,
      [userId],
    )) as { n: number }[];
    if (Number(row?.n ?? 0) >= plan.knowledgeDocuments) {
      throw new ForbiddenError(
        `Your ${plan.name} plan's knowledge bases hold ${plan.knowledgeDocuments} documents; delete one you no longer need, or upgrade for more.`,
      );
    }
  }

  /** Characters left on the owner's plan for `document` (its own earlier text not counted). */
  private async charsAllowed(document: KnowledgeDocument, ownerId: string): Promise<number> {
    const plan = await this.planOf(ownerId);
    if (plan.knowledgeChars === UNLIMITED) return Infinity;
    const [row] = (await this.deps.dataSource.query(
      `SELECT coalesce(sum(d.char_count), 0)::bigint AS n FROM knowledge_documents d JOIN knowledge_bases b ON b.id = d.knowledge_base_id
        WHERE b.owner_id = $1 AND d.id <> $2 AND d.status = 'ready'`,
      [ownerId, document.id],
    )) as { n: number | string }[];
    return plan.knowledgeChars - Number(row?.n ?? 0);
  }
}

function checkedUrlInput(value: unknown): URL {
  if (typeof value !== 'string' || value.trim() === '')
    throw new InputError('Give the web address of the document.');
  try {
    return checkedUrl(value);
  } catch (error) {
    throw new InputError(error instanceof Error ? error.message : String(error));
  }
}
