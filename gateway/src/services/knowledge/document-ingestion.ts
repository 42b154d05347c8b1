import { randomUUID } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import { readDocumentText, type ReadLimits } from '@blocksmith/block-extract-file';
import { AiProviderError, BlockError, bareMime, type AiProvider } from '@blocksmith/block-sdk';
import type { DataSource } from 'typeorm';
import { KnowledgeBase, KnowledgeChunk, KnowledgeDocument } from '../../data/entities';
import type { DiskFileStore } from '../../providers/disk-file-store';
import type { KnowledgeVectors } from './knowledge-vectors';
import { embedder } from './embedder';
import { checkedUrl, fetchPage } from './web-page';

/** Chunks written, and vectors asked for, at once. */
const BATCH = 64;

/**
 * What a knowledge document may hold: more than Extract from File gives a run (a 300-page manual
 * is 1.5 million characters), still bounded so that one document cannot hold the server's memory.
 */
export const KNOWLEDGE_READ_LIMITS: ReadLimits = {
  bytes: 50 * 1024 * 1024,
  textChars: 20_000_000,
  reader: 'A knowledge base',
};

/** Text split at once: a long document is cut into sections of about this many characters, at a line end. */
const SECTION_CHARS = 200_000;

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
  log?: (line: string) => void;
}

/**
 * Indexes one document: reads its text (Extract from File's readers within KNOWLEDGE_READ_LIMITS;
 * a URL through the address guard), splits it section by section with LangChain's
 * RecursiveCharacterTextSplitter at its knowledge base's chunk size and overlap, keeps the chunks
 * in batches (replacing any from before) and, where the server makes embeddings and has pgvector,
 * their vectors; `progress` rises as it goes. An embedding model that fails does not fail the
 * document: its passages are kept for text search and marked `vectorsMissing`, their vectors made
 * later (fillMissingVectors). A document deleted meanwhile is left alone; any other failure marks
 * it `failed` with why.
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
    // Loaded with the first document, not with the server.
    const { RecursiveCharacterTextSplitter } = await import('@langchain/textsplitters');
    const splitter = new RecursiveCharacterTextSplitter({
      chunkSize: base.chunkSize,
      chunkOverlap: base.chunkOverlap,
    });
    const chunks = deps.dataSource.getRepository(KnowledgeChunk);
    await chunks.delete({ documentId });
    let embed = (await deps.vectors?.available()) ? embedder(deps.provider) : null;
    let model: string | null = null;
    let vectorsMissing = false;
    let position = 0;
    for (const section of sections(text, SECTION_CHARS)) {
      const pieces = (await splitter.splitText(section.text)).filter((piece) => piece.trim() !== '');
      for (let start = 0; start < pieces.length; start += BATCH) {
        if (signal.aborted) throw new BlockError('Indexing was stopped; index the document again.');
        const batch = pieces.slice(start, start + BATCH).map((piece) => ({
          id: randomUUID(),
          documentId,
          knowledgeBaseId: base.id,
          position: position++,
          text: piece,
        }));
        await chunks.insert(batch);
        if (embed && deps.vectors) {
          try {
            model = await embedBatch(deps.vectors, embed, base.id, batch, signal);
          } catch (error) {
            if (signal.aborted) throw error;
            // The passages stay searchable by their text; their vectors are made later.
            embed = null;
            vectorsMissing = true;
            deps.log?.(
              `Knowledge base: "${document.name}" is kept for text search without vectors for now; the embedding model failed (${errorText(error)}). They are made when it answers again.`,
            );
          }
        }
        const done =
          section.start + (section.text.length * Math.min(pieces.length, start + BATCH)) / pieces.length;
        await update({ progress: 0.1 + (0.9 * done) / text.length });
        // PGlite answers within the same turn of the event loop: without a pause between batches,
        // requests (a client polling this progress among them) and timers would wait for the end.
        await turn();
      }
    }
    await update({
      status: 'ready',
      progress: 1,
      chunkCount: position,
      charCount: text.length,
      embeddingModel: model,
      vectorsMissing,
    });
  } catch (error) {
    const gone = !(await documents.existsBy({ id: documentId }));
    if (gone) return;
    await update({ status: 'failed', progress: 0, error: failureMessage(error) });
  }
}

/**
 * Makes the vectors a document's passages lack (its embedding model failed while it was indexed),
 * in batches; clears `vectorsMissing` once none lacks one. Throws what the model throws.
 */
export async function fillMissingVectors(
  deps: IngestionDeps,
  documentId: string,
  signal: AbortSignal,
): Promise<void> {
  const embed = (await deps.vectors?.available()) ? embedder(deps.provider) : null;
  if (!embed || !deps.vectors) return;
  let model: string | null = null;
  for (;;) {
    if (signal.aborted) return;
    const rows = (await deps.dataSource.query(
      `SELECT c.id, c.knowledge_base_id, c.text
         FROM knowledge_chunks c LEFT JOIN knowledge_vectors v ON v.chunk_id = c.id
        WHERE c.document_id = $1 AND v.chunk_id IS NULL
        ORDER BY c.position
        LIMIT ${BATCH}`,
      [documentId],
    )) as { id: string; knowledge_base_id: string; text: string }[];
    if (rows.length === 0) break;
    const batch = rows.map((row) => ({ id: row.id, knowledgeBaseId: row.knowledge_base_id, text: row.text }));
    model = await embedBatch(deps.vectors, embed, rows[0]!.knowledge_base_id, batch, signal);
  }
  await deps.dataSource
    .getRepository(KnowledgeDocument)
    .update(
      { id: documentId },
      { vectorsMissing: false, ...(model ? { embeddingModel: model } : {}), updatedAt: new Date() },
    );
}

/** Embeds a batch of passages and keeps their vectors; answers the model that made them. */
async function embedBatch(
  vectors: KnowledgeVectors,
  embed: NonNullable<ReturnType<typeof embedder>>,
  knowledgeBaseId: string,
  batch: readonly { id: string; text: string }[],
  signal: AbortSignal,
): Promise<string> {
  const made = await embed(
    batch.map((chunk) => chunk.text),
    signal,
  );
  await vectors.insert(
    made.model,
    batch.map((chunk, i) => ({ chunkId: chunk.id, knowledgeBaseId, vector: made.vectors[i]! })),
  );
  return made.model;
}

/**
 * A long text in sections of about `size` characters, each cut at a line end (else a space) so
 * that the splitter, given one section at a time, holds only that section's pieces.
 */
export function* sections(text: string, size: number): Generator<{ start: number; text: string }> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const atLine = text.lastIndexOf('\n', end);
      const atSpace = text.lastIndexOf(' ', end);
      const cut = atLine > start + size / 2 ? atLine : atSpace > start + size / 2 ? atSpace : end;
      end = cut;
    }
    yield { start, text: text.slice(start, end) };
    start = end;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
    return readDocumentText({ name, mime: page.mime, data: page.data }, signal, KNOWLEDGE_READ_LIMITS);
  }
  if (!document.fileId) throw new BlockError(`"${document.name}" has no file kept; upload it again.`);
  const file = await deps.files.read(document.fileId).catch(() => null);
  if (!file) throw new BlockError(`The file of "${document.name}" is no longer kept; upload it again.`);
  return readDocumentText(
    { name: document.name, mime: document.mime ?? file.ref.mime, data: file.data },
    signal,
    KNOWLEDGE_READ_LIMITS,
  );
}

/** Why indexing failed, as the document's status shows it. */
function failureMessage(error: unknown): string {
  if (error instanceof AiProviderError) return `The embedding model failed: ${error.message}`;
  if (error instanceof BlockError) return error.message;
  return `Indexing failed: ${errorText(error)}`;
}
