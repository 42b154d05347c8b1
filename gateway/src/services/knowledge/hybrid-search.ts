import type { DataSource } from 'typeorm';
import type { KnowledgeVectors } from './knowledge-vectors';

/** A passage found for a question. */
export interface KnowledgePassage {
  text: string;
  /** 0 to 1: reciprocal rank fusion of its places in the text and vector rankings, 1 for first in every one. */
  score: number;
  documentId: string;
  documentName: string;
  /** The passage's place in its document, 0 for the first. */
  chunk: number;
}

export interface SearchOptions {
  topK: number;
  minScore: number;
}

/** Reciprocal rank fusion's constant (Cormack et al.): a passage's share from one ranking is 1 / (k + rank). */
export const RRF_K = 60;

/** Words of a question as an OR text-search query (`refund | days`): any shared word ranks. */
export function textQuery(question: string): string {
  const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  return words.slice(0, 64).join(' | ');
}

/**
 * Fuses rankings by reciprocal rank fusion: each id scores Σ 1 / (k + rank) over the rankings it
 * is in (rank 1 first), scaled so that first place in every ranking is 1. Highest first.
 */
export function reciprocalRankFusion(
  rankings: readonly (readonly string[])[],
  k = RRF_K,
): Map<string, number> {
  const scores = new Map<string, number>();
  const used = rankings.filter((ranking) => ranking.length > 0).length;
  if (used === 0) return scores;
  const best = used / (k + 1);
  for (const ranking of rankings) {
    ranking.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1) / best));
  }
  return new Map([...scores].sort((a, b) => b[1] - a[1]));
}

/** Below this cosine similarity a passage is not near the question at all and is not ranked. */
const MIN_SIMILARITY = 0.05;

/**
 * Hybrid retrieval over one knowledge base: PostgreSQL full-text ranking (ts_rank over each
 * passage's stored `english` text search vector) always, and the nearest vectors when `question.vector` is given, fused
 * by reciprocal rank fusion; the `topK` best at or above `minScore`.
 */
export async function hybridSearch(
  deps: { dataSource: DataSource; vectors: KnowledgeVectors | null },
  knowledgeBaseId: string,
  question: { text: string; vector?: { model: string; values: readonly number[] } },
  options: SearchOptions,
): Promise<KnowledgePassage[]> {
  const candidates = Math.max(20, options.topK * 4);
  const query = textQuery(question.text);
  // The stored `text_search` vector under its GIN index: matching passages are found by the
  // index and ranked without being parsed again; only the best `candidates` go on to fusion.
  const byText = query
    ? ((await deps.dataSource.query(
        `SELECT c.id
           FROM knowledge_chunks c, to_tsquery('english', $2) q
          WHERE c.knowledge_base_id = $1 AND c.text_search @@ q
          ORDER BY ts_rank(c.text_search, q) DESC, c.position
          LIMIT $3`,
        [knowledgeBaseId, query, candidates],
      )) as { id: string }[])
    : [];
  const byVector =
    question.vector && deps.vectors
      ? (
          await deps.vectors.nearest(
            knowledgeBaseId,
            question.vector.model,
            question.vector.values,
            candidates,
          )
        ).filter((near) => near.similarity >= MIN_SIMILARITY)
      : [];
  const fused = reciprocalRankFusion([byText.map((row) => row.id), byVector.map((near) => near.chunkId)]);
  const chosen = [...fused].filter(([, score]) => score >= options.minScore).slice(0, options.topK);
  if (chosen.length === 0) return [];
  const rows = (await deps.dataSource.query(
    `SELECT c.id, c.text, c.position, d.id AS document_id, d.name AS document_name
       FROM knowledge_chunks c JOIN knowledge_documents d ON d.id = c.document_id
      WHERE c.id = ANY($1::uuid[])`,
    [chosen.map(([id]) => id)],
  )) as { id: string; text: string; position: number; document_id: string; document_name: string }[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return chosen.flatMap(([id, score]) => {
    const row = byId.get(id);
    return row
      ? [
          {
            text: row.text,
            score: Math.round(score * 10_000) / 10_000,
            documentId: row.document_id,
            documentName: row.document_name,
            chunk: row.position,
          },
        ]
      : [];
  });
}
