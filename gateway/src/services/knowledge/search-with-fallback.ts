import { fillMissingVectors, type IngestionDeps } from './document-ingestion';
import { embedder } from './embedder';
import { hybridSearch, type KnowledgePassage, type SearchOptions } from './hybrid-search';

/** How long a search waits for its question's vector; shorter while the model is known to be failing. */
const EMBED_WAIT_MS = 15_000;
const EMBED_WAIT_FAILING_MS = 3_000;

/**
 * Searching a knowledge base whatever the embedding model does: the question's vector when the
 * model answers, else full text alone (said once in the log, and once more when the model answers
 * again); and the vectors passages lack because the model failed while they were indexed, made
 * in the background once it answers again.
 */
export class SearchWithFallback {
  /** The embedding model failed the last search: searching by text alone. */
  private textOnly = false;
  /** Missing vectors being made, one document at a time. */
  private filling: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: IngestionDeps & { vectors: NonNullable<IngestionDeps['vectors']> }) {}

  async search(baseId: string, question: { query: string } & SearchOptions): Promise<KnowledgePassage[]> {
    const embed = (await this.deps.vectors.available()) ? embedder(this.deps.provider) : null;
    let vector: { model: string; values: number[] } | undefined;
    if (embed) {
      try {
        const made = await embed(
          [question.query],
          AbortSignal.timeout(this.textOnly ? EMBED_WAIT_FAILING_MS : EMBED_WAIT_MS),
        );
        vector = { model: made.model, values: made.vectors[0]! };
        if (this.textOnly) {
          this.textOnly = false;
          this.deps.log?.('Knowledge search: the embedding model answers again; searching by meaning too.');
        }
        await this.fillMissingOf(baseId);
      } catch (error) {
        // The embedding model fails or does not answer: the text ranking still answers.
        if (!this.textOnly) {
          this.textOnly = true;
          this.deps.log?.(
            `Knowledge search by text alone until the embedding model answers again: ${errorText(error)}`,
          );
        }
      }
    }
    return hybridSearch(
      { dataSource: this.deps.dataSource, vectors: this.deps.vectors },
      baseId,
      { text: question.query, ...(vector ? { vector } : {}) },
      { topK: question.topK, minScore: question.minScore },
    );
  }

  /**
   * Makes, in the background, the vectors that documents lack because the embedding model failed
   * while they were indexed (of one base, or all); stops at the model's first failure, to try
   * again at the next search that gets a vector. Resolves when this round is over.
   */
  fillMissingVectors(baseId?: string): Promise<void> {
    this.filling ??= (async () => {
      try {
        if (!(await this.deps.vectors.available())) return;
        const rows = (await this.deps.dataSource.query(
          `SELECT id FROM knowledge_documents
            WHERE vectors_missing AND status = 'ready' ${baseId ? 'AND knowledge_base_id = $1' : ''}
            ORDER BY created_at`,
          baseId ? [baseId] : [],
        )) as { id: string }[];
        for (const row of rows) {
          if (this.stopping.signal.aborted) return;
          await fillMissingVectors(this.deps, row.id, this.stopping.signal);
        }
      } catch (error) {
        if (!this.stopping.signal.aborted) {
          this.deps.log?.(
            `Knowledge base: passages' missing vectors are still to be made; the embedding model failed (${errorText(error)}).`,
          );
        }
      } finally {
        this.filling = null;
      }
    })();
    return this.filling;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.filling;
  }

  /** The model answers: documents of this base that lack vectors get them, in the background. */
  private async fillMissingOf(baseId: string): Promise<void> {
    if (this.filling) return;
    const missing = (await this.deps.dataSource.query(
      `SELECT 1 FROM knowledge_documents WHERE knowledge_base_id = $1 AND vectors_missing LIMIT 1`,
      [baseId],
    )) as unknown[];
    if (missing.length > 0) void this.fillMissingVectors(baseId);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
