import { Arg, Ctx, Float, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { InputError } from '../../errors';
import type { NewDocument } from '../../services/knowledge';
import { requireCaller, type GraphQLContext } from '../context';
import { KnowledgeBaseType, KnowledgeDocumentType, KnowledgePassageType } from '../types/knowledge';

/** Knowledge bases: yours alone (another account's are not found), your apps search them in runs. */
@Resolver()
export class KnowledgeResolver {
  @Query(() => [KnowledgeBaseType], { description: 'Your knowledge bases, oldest first.' })
  knowledgeBases(@Ctx() context: GraphQLContext) {
    return context.services.knowledge.list(requireCaller(context).userId);
  }

  @Query(() => KnowledgeBaseType, { description: 'One of your knowledge bases.' })
  knowledgeBase(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    return context.services.knowledge.get(requireCaller(context).userId, id);
  }

  @Query(() => [KnowledgeDocumentType], {
    description: 'The documents of one of your knowledge bases, with their status.',
  })
  knowledgeDocuments(
    @Arg('knowledgeBaseId', () => ID) knowledgeBaseId: string,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.knowledge.documents(requireCaller(context).userId, knowledgeBaseId);
  }

  @Query(() => [KnowledgePassageType], {
    description: 'The passages of one of your knowledge bases that best answer a question (hybrid search).',
  })
  searchKnowledge(
    @Arg('knowledgeBaseId', () => ID) knowledgeBaseId: string,
    @Arg('query') query: string,
    @Arg('topK', () => Int, { nullable: true }) topK: number | null,
    @Arg('minScore', () => Float, { nullable: true }) minScore: number | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.knowledge.search(requireCaller(context).userId, knowledgeBaseId, {
      query,
      topK,
      minScore,
    });
  }

  @Mutation(() => KnowledgeBaseType, {
    description: 'Creates a knowledge base (chunks of 1,000 characters overlapping by 150 unless said).',
  })
  createKnowledgeBase(
    @Arg('name') name: string,
    @Arg('chunkSize', () => Int, { nullable: true }) chunkSize: number | null,
    @Arg('chunkOverlap', () => Int, { nullable: true }) chunkOverlap: number | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.knowledge.create(requireCaller(context).userId, {
      name,
      chunkSize,
      chunkOverlap,
    });
  }

  @Mutation(() => KnowledgeBaseType, {
    description:
      'Renames a knowledge base or changes its chunking (documents take new chunking when reindexed).',
  })
  updateKnowledgeBase(
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('chunkSize', () => Int, { nullable: true }) chunkSize: number | null,
    @Arg('chunkOverlap', () => Int, { nullable: true }) chunkOverlap: number | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.knowledge.update(requireCaller(context).userId, id, {
      name,
      chunkSize,
      chunkOverlap,
    });
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a knowledge base with its documents, chunks and vectors.',
  })
  async deleteKnowledgeBase(
    @Arg('id', () => ID) id: string,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.knowledge.delete(requireCaller(context).userId, id);
    return true;
  }

  @Mutation(() => KnowledgeDocumentType, {
    description:
      'Adds a document and queues it for indexing: `fileId` (a file uploaded with POST /api/knowledge/{id}/documents), `url`, or `name` and `text`.',
  })
  addKnowledgeDocument(
    @Arg('knowledgeBaseId', () => ID) knowledgeBaseId: string,
    @Arg('fileId', () => ID, { nullable: true }) fileId: string | null,
    @Arg('url', () => String, { nullable: true }) url: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('text', () => String, { nullable: true }) text: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    const given = [fileId, url, text].filter((value) => value !== null && value !== undefined).length;
    if (given !== 1) throw new InputError('Send one of: a file, a `url`, or a `name` and `text`.');
    const document: NewDocument =
      fileId != null
        ? { fileId, ...(name ? { name } : {}) }
        : url != null
          ? { url, ...(name ? { name } : {}) }
          : { text: text!, name: name ?? '' };
    return context.services.knowledge.addDocument(requireCaller(context).userId, knowledgeBaseId, document);
  }

  @Mutation(() => KnowledgeDocumentType, {
    description: 'Indexes a document again (with its knowledge base’s chunking now).',
  })
  reindexKnowledgeDocument(
    @Arg('knowledgeBaseId', () => ID) knowledgeBaseId: string,
    @Arg('documentId', () => ID) documentId: string,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.knowledge.reindexDocument(
      requireCaller(context).userId,
      knowledgeBaseId,
      documentId,
    );
  }

  @Mutation(() => Boolean, { description: 'Deletes a document; its chunks and vectors go with it at once.' })
  async deleteKnowledgeDocument(
    @Arg('knowledgeBaseId', () => ID) knowledgeBaseId: string,
    @Arg('documentId', () => ID) documentId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.knowledge.deleteDocument(
      requireCaller(context).userId,
      knowledgeBaseId,
      documentId,
    );
    return true;
  }
}
