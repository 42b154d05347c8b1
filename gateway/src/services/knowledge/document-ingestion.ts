import { randomUUID } from 'node:crypto';
import { readDocumentText } from '@blocksmith/block-extract-file';
import { AiProviderError, BlockError, bareMime, type AiProvider } from '@blocksmith/block-sdk';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import type { DataSource } from 'typeorm';
import { KnowledgeBase, KnowledgeChunk, KnowledgeDocument } from '../../data/entities';
import type { DiskFileStore } from '../../providers/disk-file-store';
import type { KnowledgeVectors } from './knowledge-vectors';
import { embedder } from './embedder';
import { checkedUrl, fetchPage } from './web-page';

/** Chunks written, and vectors asked for, at once. */
const BATCH = 64;

/** The extension a fetched page is read as, by its media type (a page's address says nothing). */
const EXTENSION_OF_MIME: Readonly<Record<string, string>> = {
  'text/html': '.html',
  'application/xhtml+xml': '.html',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'text/markdown': '.md',
  'text/csv': '.csv',
  'application/json': '.json',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
};

export interface IngestionDeps {
  dataSource: DataSource;
  files: DiskFileStore;
  provider: AiProvider;
  /** Null where the server has no pgvector: passages are then kept for text search alone. */
  vectors: KnowledgeVectors | null;
  /** Characters the owner's knowledge bases may still take in, for this document (Infinity: no limit). */
  charsAllowed(document: KnowledgeDocument, ownerId: string): Promise<number>;
  /** Fetches a URL document (tests point it at a local server through the allow list). */
  fetchPage?: typeof fetchPage;
}

/**
 * Indexes one document: reads its text (Extract from File's readers; a URL through the address
 * guard), splits it with LangChain's RecursiveCharacterTextSplitter at its knowledge base's chunk
 * size and overlap, keeps the chunks (replacing any from before) and, where the server makes
 * embeddings and has pgvector, their vectors; `progress` rises as it goes. A document deleted
 * meanwhile is left alone; any failure marks it `failed` with why.
 */
export async function ingestDocument(
  deps: IngestionDeps,
  documentId: string,
  signal: AbortSignal,
): Promise<void> {
  const documents = deps.dataSource.getRepository(KnowledgeDocument);
  const document = await documents.findOneBy({ id: documentId });
  if (!document) return;
  const base = await deps.dataSource.getRepository(KnowledgeBase).findOneBy({ id: document.knowledgeBaseId });
  if (!base) return;
  const update = (fields: Partial<KnowledgeDocument>) =>
    documents.update({ id: documentId }, { ...fields, updatedAt: new Date() });
  try {
    await update({ status: 'indexing', progress: 0.02, error: null });
    const text = await documentText(deps, document, signal);
    if (text.trim() === '') throw new BlockError(`"${document.name}" holds no text to search.`);
    const allowed = await deps.charsAllowed(document, base.ownerId);
    if (text.length > allowed) {
      throw new BlockError(
        `"${document.name}" holds ${text.length.toLocaleString('en-US')} characters, more than your plan's knowledge bases have room for (${Math.max(0, allowed).toLocaleString('en-US')} left). Delete documents you no longer need, or upgrade.`,
      );
    }
    await update({ progress: 0.1, charCount: text.length });
    const splitter = new RecursiveCharacterTextSplitter({
      chunkSize: base.chunkSize,
      chunkOverlap: base.chunkOverlap,
    });
    const pieces = (await splitter.splitText(text)).filter((piece) => piece.trim() !== '');
    const chunks = deps.dataSource.getRepository(KnowledgeChunk);
    await chunks.delete({ documentId });
    const embed = (await deps.vectors?.available()) ? embedder(deps.provider) : null;
    let model: string | null = null;
    for (let start = 0; start < pieces.length; start += BATCH) {
      if (signal.aborted) throw new BlockError('Indexing was stopped; index the document again.');
      const batch = pieces.slice(start, start + BATCH).map((piece, i) => ({
        id: randomUUID(),
        documentId,
        knowledgeBaseId: base.id,
        position: start + i,
        text: piece,
      }));
      await chunks.insert(batch);
      if (embed && deps.vectors) {
        const made = await embed(
          batch.map((chunk) => chunk.text),
          signal,
        );
        model = made.model;
        await deps.vectors.insert(
          made.model,
          batch.map((chunk, i) => ({
            chunkId: chunk.id,
            knowledgeBaseId: base.id,
            vector: made.vectors[i]!,
          })),
        );
      }
      await update({ progress: 0.1 + (0.9 * Math.min(pieces.length, start + BATCH)) / pieces.length });
    }
    await update({
      status: 'ready',
      progress: 1,
      chunkCount: pieces.length,
      charCount: text.length,
      embeddingModel: model,
    });
  } catch (error) {
    const gone = !(await documents.existsBy({ id: documentId }));
    if (gone) return;
    await update({ status: 'failed', progress: 0, error: failureMessage(error) });
  }
}

async function documentText(
  deps: IngestionDeps,
  document: KnowledgeDocument,
  signal: AbortSignal,
): Promise<string> {
  if (document.source === 'url') {
    const page = await (deps.fetchPage ?? fetchPage)(checkedUrl(document.url ?? '').toString(), signal);
    const extension = EXTENSION_OF_MIME[bareMime(page.mime)] ?? '';
    const name =
      extension && !document.name.toLowerCase().endsWith(extension)
        ? document.name + extension
        : document.name;
    return readDocumentText({ name, mime: page.mime, data: page.data }, signal);
  }
  if (!document.fileId) throw new BlockError(`"${document.name}" has no file kept; upload it again.`);
  const file = await deps.files.read(document.fileId).catch(() => null);
  if (!file) throw new BlockError(`The file of "${document.name}" is no longer kept; upload it again.`);
  return readDocumentText(
    { name: document.name, mime: document.mime ?? file.ref.mime, data: file.data },
    signal,
  );
}

/** Why indexing failed, as the document's status shows it. */
function failureMessage(error: unknown): string {
  if (error instanceof AiProviderError) return `The embedding model failed: ${error.message}`;
  if (error instanceof BlockError) return error.message;
  return `Indexing failed: ${error instanceof Error ? error.message : String(error)}`;
}
