import type { KnowledgePassage, KnowledgeSearchRequest } from '@blocksmith/block-sdk';
import { runBlock } from '@blocksmith/block-sdk/testing';
import { knowledgeSearch } from './knowledge-search';

const PASSAGES: KnowledgePassage[] = [
  {
    text: 'Items may be returned within 30 days.',
    score: 1,
    documentId: 'd1',
    documentName: 'returns.md',
    chunk: 0,
  },
  {
    text: 'Refunds take five business days.',
    score: 0.5,
    documentId: 'd1',
    documentName: 'returns.md',
    chunk: 2,
  },
];

function knowledge(passages = PASSAGES) {
  const asked: KnowledgeSearchRequest[] = [];
  return {
    asked,
    search: async (request: KnowledgeSearchRequest) => {
      asked.push(request);
      return passages;
    },
  };
}

describe('Knowledge Search block', () => {
  it('searches the chosen base for the question and gives numbered passages with their sources', async () => {
    const kb = knowledge();
    const { outputs } = await runBlock(knowledgeSearch, {
      settings: {
        query: 'How long to return {{input_text}}?',
        knowledge_base: ' kb-1 ',
        top_k: 3,
        min_score: 0.2,
      },
      upstream: { question: 'a jacket' },
      knowledge: kb,
    });
    expect(kb.asked).toEqual([
      { knowledgeBaseId: 'kb-1', query: 'How long to return a jacket?', topK: 3, minScore: 0.2 },
    ]);
    expect(outputs.passages).toEqual([
      { number: 1, source: 'returns.md, passage 1', citation: '[1] returns.md, passage 1', ...PASSAGES[0] },
      { number: 2, source: 'returns.md, passage 3', citation: '[2] returns.md, passage 3', ...PASSAGES[1] },
    ]);
    expect(outputs.sources).toBe(
      '[1] returns.md, passage 1\nItems may be returned within 30 days.\n\n[2] returns.md, passage 3\nRefunds take five business days.',
    );
  });

  it('says so when nothing answers, and asks for a knowledge base when none is chosen', async () => {
    const { outputs } = await runBlock(knowledgeSearch, {
      settings: { query: 'Anything?', knowledge_base: 'kb-1', top_k: 5, min_score: 0 },
      knowledge: knowledge([]),
    });
    expect(outputs).toEqual({ sources: 'No passage of the knowledge base answers this.', passages: [] });
    await expect(
      runBlock(knowledgeSearch, {
        settings: { query: 'Anything?', knowledge_base: '', top_k: 5, min_score: 0 },
        knowledge: knowledge(),
      }),
    ).rejects.toThrow('Knowledge Search (node_under_test): Knowledge base is required.');
  });

  it('fails saying so in a run that has no knowledge bases', async () => {
    await expect(
      runBlock(knowledgeSearch, {
        settings: { query: 'Anything?', knowledge_base: 'kb-1', top_k: 5, min_score: 0 },
      }),
    ).rejects.toThrow('This run has no knowledge bases to search');
  });
});
