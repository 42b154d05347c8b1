import { BlockInputError, defineBlock, field, output, renderPrompt } from '@blocksmith/block-sdk';
import { numbered, sourcesText } from './sources-text';

/**
 * Knowledge Search: the passages of one of the app owner's knowledge bases that best answer a
 * question, each with its source, and the lot as one `sources` text for a prompt. People who run
 * a published app get passages through its run only, never the documents.
 */
export const knowledgeSearch = defineBlock({
  kind: 'knowledgeSearch',
  name: 'Knowledge Search',
  description: 'Finds the passages of your documents that answer a question, with their sources.',
  category: 'ai',
  cost: 1,
  settings: {
    query: field.prompt({
      label: 'Question',
      default: '{{input_text}}',
      help: 'What to look for. {{input_text}} is the text of the connected blocks; {{name}} inserts any upstream variable.',
    }),
    knowledge_base: field.text({
      label: 'Knowledge base',
      picker: 'knowledgeBase',
      help: 'One of your knowledge bases (Knowledge page). People who run the app get the passages found, never the documents.',
    }),
    top_k: field.number({
      label: 'Passages',
      default: 5,
      min: 1,
      max: 20,
      integer: true,
      help: 'How many of the best passages to give on.',
    }),
    min_score: field.number({
      label: 'Minimum score',
      default: 0,
      min: 0,
      max: 1,
      step: 0.05,
      help: 'Leave out passages scoring less (0 to 1; 1 is first both by words and by meaning).',
    }),
  },
  outputs: {
    sources: output.text(
      'The passages as one text, each numbered with its source, for {{sources}} in a prompt',
    ),
    passages: output.json(
      'The passages: number, citation, source, text, score, documentId, documentName, chunk',
    ),
  },
  tool: {
    description:
      'Searches the app owner’s documents and answers the passages that best answer a question, numbered with their sources.',
    parameters: {
      type: 'object',
      properties: { question: { type: 'string', description: 'The question to look up.' } },
      required: ['question'],
    },
  },
  present: [
    {
      output: 'passages',
      title: 'Sources',
      // Numbered sources: an answer of the same run citing [1], [2] links to them.
      views: [{ view: 'cited', path: '' }],
    },
  ],
  async run(ctx) {
    const query = renderPrompt(ctx, ctx.settings.query, {
      noInput:
        'Connect a block that gives the question for {{input_text}}, or write the question in "Question".',
      empty: 'The question is empty: write what to look for in "Question".',
    });
    const knowledgeBaseId = ctx.settings.knowledge_base.trim();
    if (knowledgeBaseId === '') throw new BlockInputError('Choose a knowledge base in "Knowledge base".');
    const found = await ctx.knowledge.search({
      knowledgeBaseId,
      query,
      topK: ctx.settings.top_k,
      minScore: ctx.settings.min_score,
    });
    const passages = numbered(found);
    return {
      sources: passages.length > 0 ? sourcesText(passages) : 'No passage of the knowledge base answers this.',
      passages,
    };
  },
});
