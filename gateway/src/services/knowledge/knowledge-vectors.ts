import type { DataSource } from 'typeorm';

/** A passage's vector, for `KnowledgeVectors.insert`. */
export interface ChunkVector {
  chunkId: string;
  knowledgeBaseId: string;
  vector: readonly number[];
}

/** A passage found near a question's vector, with its cosine similarity (1: same direction). */
export interface NearChunk {
  chunkId: string;
  similarity: number;
}

export const NO_PGVECTOR_MESSAGE =
  'Knowledge bases: this PostgreSQL server has no pgvector extension ("vector"), so knowledge bases are searched by their text alone. Install pgvector on the server to search by meaning too.';

/**
 * Passages' vectors in pgvector: the table `knowledge_vectors` (one row per chunk, deleted with
 * it), made at start-up where the `vector` extension can be created (PGlite always has it; a
 * PostgreSQL server needs pgvector installed). Vectors of any model and length live together:
 * each search compares only those of the question's model and length, through an HNSW index made
 * for that length the first time one is kept.
 */
export class KnowledgeVectors {
  private ready: Promise<boolean> | null = null;
  private readonly indexed = new Set<number>();
  /** pgvector 0.8 and later go on searching the HNSW graph until enough rows pass the filter. */
  private iterativeScan = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  /** Whether vectors can be kept here; prepares the table once and says once when they cannot. */
  available(): Promise<boolean> {
    this.ready ??= this.prepare();
    return this.ready;
  }

  private async prepare(): Promise<boolean> {
    try {
      await this.createExtension();
    } catch {
      this.log(NO_PGVECTOR_MESSAGE);
      return false;
    }
    const [version] = (await this.dataSource.query(
      `SELECT extversion FROM pg_extension WHERE extname = 'vector'`,
    )) as { extversion: string }[];
    const [major = 0, minor = 0] = (version?.extversion ?? '0').split('.').map(Number);
    this.iterativeScan = major > 0 || minor >= 8;
    await this.dataSource.query(
      `CREATE TABLE IF NOT EXISTS knowledge_vectors (
         chunk_id uuid PRIMARY KEY REFERENCES knowledge_chunks(id) ON DELETE CASCADE,
         knowledge_base_id uuid NOT NULL,
         model text NOT NULL,
         dims integer NOT NULL,
         embedding vector NOT NULL)`,
    );
    await this.dataSource.query(
      'CREATE INDEX IF NOT EXISTS knowledge_vectors_base ON knowledge_vectors (knowledge_base_id, model, dims)',
    );
    return true;
  }

  private async createExtension(): Promise<void> {
    const present = (await this.dataSource.query(
      `SELECT 1 FROM pg_extension WHERE extname = 'vector'`,
    )) as unknown[];
    if (present.length > 0) return;
    try {
      await this.dataSource.query('CREATE EXTENSION IF NOT EXISTS vector');
    } catch (error) {
      // Another process may have created it at the same moment.
      const again = (await this.dataSource.query(
        `SELECT 1 FROM pg_extension WHERE extname = 'vector'`,
      )) as unknown[];
      if (again.length === 0) throw error;
    }
  }

  /** Keeps vectors of `model` (all of one length). */
  async insert(model: string, vectors: readonly ChunkVector[]): Promise<void> {
    if (vectors.length === 0) return;
    const dims = vectors[0]!.vector.length;
    await this.ensureIndex(dims);
    const values: unknown[] = [];
    const rows = vectors.map((v, i) => {
      values.push(v.chunkId, v.knowledgeBaseId, model, dims, literal(v.vector));
      const at = i * 5;
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}::vector)`;
    });
    await this.dataSource.query(
      `INSERT INTO knowledge_vectors (chunk_id, knowledge_base_id, model, dims, embedding)
       VALUES ${rows.join(', ')}
       ON CONFLICT (chunk_id) DO UPDATE SET model = EXCLUDED.model, dims = EXCLUDED.dims, embedding = EXCLUDED.embedding`,
      values,
    );
  }

  /**
   * The `limit` passages of a knowledge base nearest to `vector` among those made by `model`,
   * through the HNSW index of its length: the graph is searched wide enough for `limit`
   * (`hnsw.ef_search`) and, on pgvector 0.8 and later, on until enough of them are this base's and
   * model's (`hnsw.iterative_scan`), so a base among many larger ones still gets its nearest.
   */
  async nearest(
    knowledgeBaseId: string,
    model: string,
    vector: readonly number[],
    limit: number,
  ): Promise<NearChunk[]> {
    const dims = vector.length;
    if (!Number.isInteger(dims) || dims < 1) return [];
    const efSearch = Math.min(1000, Math.max(40, limit * 2));
    const rows = (await this.dataSource.transaction(async (tx) => {
      if (dims <= 2000) {
        await tx.query(`SET LOCAL hnsw.ef_search = ${efSearch}`);
        if (this.iterativeScan) await tx.query(`SET LOCAL hnsw.iterative_scan = strict_order`);
      }
      return tx.query(
        `SELECT chunk_id, 1 - (embedding::vector(${dims}) <=> $1::vector(${dims})) AS similarity
           FROM knowledge_vectors
          WHERE dims = ${dims} AND knowledge_base_id = $2 AND model = $3
          ORDER BY embedding::vector(${dims}) <=> $1::vector(${dims})
          LIMIT $4`,
        [literal(vector), knowledgeBaseId, model, limit],
      );
    })) as { chunk_id: string; similarity: number | string | null }[];
    return rows.map((row) => ({ chunkId: row.chunk_id, similarity: Number(row.similarity ?? 0) }));
  }

  /**
   * An HNSW index (cosine distance) over the vectors of one length, made once (a bulk load that
   * writes vectors itself makes it after: building it at once is far faster than keeping it).
   */
  async ensureIndex(dims: number): Promise<void> {
    if (!Number.isInteger(dims) || dims < 1 || dims > 16_000) {
      throw new Error(`An embedding of ${dims} dimensions cannot be kept.`);
    }
    if (this.indexed.has(dims)) return;
    // pgvector indexes vectors of up to 2,000 dimensions; longer ones are compared one by one.
    if (dims <= 2000) {
      await this.dataSource.transaction(async (tx) => {
        // The graph of 100,000 vectors outgrows the default 64 MB, and pgvector then builds it
        // many times slower; the memory is taken only while building.
        await tx.query(`SET LOCAL maintenance_work_mem = '512MB'`);
        await tx.query(
          `CREATE INDEX IF NOT EXISTS knowledge_vectors_hnsw_${dims} ON knowledge_vectors
             USING hnsw ((embedding::vector(${dims})) vector_cosine_ops) WHERE dims = ${dims}`,
        );
      });
    }
    this.indexed.add(dims);
  }
}

/** pgvector's text form of a vector: `[0.1,0.2]`. */
function literal(vector: readonly number[]): string {
  return `[${vector.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;
}
