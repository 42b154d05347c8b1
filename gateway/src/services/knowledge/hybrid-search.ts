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

/** The distinct words of a question (at most 64), lower-cased. */
function questionWords(question: string): string[] {
  const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  return words.slice(0, 64);
}

/** Words of a question as an OR text-search query (`refund | days`): any shared word ranks. */
export function textQuery(question: string): string {
  return questionWords(question).join(' | ');
}

/** Words of a question as an AND text-search query (`refund & days`): passages with every word. */
export function allWordsQuery(question: string): string {
  return questionWords(question).join(' & ');
}

/**
 * At most this many passages matching the question are ranked by `ts_rank`, per tier (every word,
 * then any word): common words match a share of all passages, and ranking each of them made a
 * search grow with the base (at 100,000 passages, a six-word question matched some 2,000).
 */
export const TEXT_RANK_LIMIT = 400;

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
  const byText = await textCandidates(deps.dataSource, knowledgeBaseId, question.text, candidates);
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
  const fused = reciprocalRankFusion([byText, byVector.map((near) => near.chunkId)]);
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

/**
 * The `limit` best passages by full text, over the stored `text_search` vector under its GIN
 * index (never parsed again): first those holding every word of the question, then, when they are
 * too few, those holding any. Each tier ranks at most `TEXT_RANK_LIMIT` matches with `ts_rank`, so
 * a search costs the same however many passages share a common word.
 */
async function textCandidates(
  dataSource: DataSource,
  knowledgeBaseId: string,
  question: string,
  limit: number,
): Promise<string[]> {
  const any = textQuery(question);
  if (!any) return [];
  const all = allWordsQuery(question);
  const rank = async (query: string, exclude: readonly string[]): Promise<string[]> => {
    const rows = (await dataSource.query(
      `SELECT m.id
         FROM (SELECT c.id, c.position, c.text_search
                 FROM knowledge_chunks c
                WHERE c.knowledge_base_id = $1 AND c.text_search @@ to_tsquery('english', $2)
                  AND NOT (c.id = ANY($4::uuid[]))
                LIMIT ${TEXT_RANK_LIMIT}) m
        ORDER BY ts_rank(m.text_search, to_tsquery('english', $2)) DESC, m.position
        LIMIT $3`,
      [knowledgeBaseId, query, limit, exclude],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  };
  const everyWord = await rank(all, []);
  if (everyWord.length >= limit || all === any) return everyWord;
  return [...everyWord, ...(await rank(any, everyWord)).slice(0, limit - everyWord.length)];
}
