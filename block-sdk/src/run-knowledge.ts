import { BlockInputError } from './errors';

/** A passage of a knowledge base found for a question, with its source. */
export interface KnowledgePassage {
  text: string;
  /** 0 to 1: how well it answers (reciprocal rank fusion of its text and vector ranks). */
  score: number;
  documentId: string;
  documentName: string;
  /** Its place in its document, 0 for the first. */
  chunk: number;
}

export interface KnowledgeSearchRequest {
  knowledgeBaseId: string;
  query: string;
  topK: number;
  minScore: number;
}

/**
 * The knowledge bases a run may search: those of the app's owner, passages only (never the
 * documents themselves). A base that is not the owner's is not found.
 */
export interface RunKnowledge {
  search(request: KnowledgeSearchRequest): Promise<KnowledgePassage[]>;
}

/** A run that offers no knowledge bases (tests, runs without a server). */
export const NO_RUN_KNOWLEDGE: RunKnowledge = {
  search: () =>
    Promise.reject(
      new BlockInputError('This run has no knowledge bases to search: run the app on a Blocksmith server.'),
    ),
};
