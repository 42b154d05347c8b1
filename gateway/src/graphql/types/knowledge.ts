import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('KnowledgeBase', {
  simpleResolvers: true,
  description: 'A knowledge base of yours: documents your apps’ Knowledge Search blocks answer from.',
})
export class KnowledgeBaseType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'Characters per chunk its documents are split into.' }) chunkSize!: number;
  @Field(() => Int, { description: 'Characters each chunk repeats from the one before.' })
  chunkOverlap!: number;
  @Field(() => Int) documentCount!: number;
  @Field(() => Int, { description: 'Documents indexed and searchable.' }) readyCount!: number;
  @Field(() => Int) chunkCount!: number;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType('KnowledgeDocument', {
  simpleResolvers: true,
  description: 'A document of a knowledge base, with where its indexing is.',
})
export class KnowledgeDocumentType {
  @Field(() => ID) id!: string;
  @Field(() => ID) knowledgeBaseId!: string;
  @Field() name!: string;
  @Field({ description: '`upload`, `url` or `text`.' }) source!: string;
  @Field(() => String, { nullable: true, description: 'The web address of a document added by URL.' })
  url!: string | null;
  @Field(() => String, { nullable: true }) mime!: string | null;
  @Field(() => Int, { description: 'Bytes as kept (0 for a web page).' }) size!: number;
  @Field({ description: '`queued`, `indexing`, `ready` or `failed`.' }) status!: string;
  @Field(() => Float, { description: '0 to 1 while indexing; 1 when ready.' }) progress!: number;
  @Field(() => String, { nullable: true, description: 'Why indexing failed.' }) error!: string | null;
  @Field(() => Int) chunkCount!: number;
  @Field(() => Int, { description: 'Characters of text read from it.' }) charCount!: number;
  @Field({
    description:
      'Some of its passages have no vector yet: the embedding model failed while it was indexed. They are found by their words alone until the model answers again and their vectors are made.',
  })
  vectorsMissing!: boolean;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType('KnowledgePassage', {
  simpleResolvers: true,
  description: 'A passage found for a question, with its source.',
})
export class KnowledgePassageType {
  @Field() text!: string;
  @Field(() => Float, { description: '0 to 1: reciprocal rank fusion of its text and vector ranks.' })
  score!: number;
  @Field(() => ID) documentId!: string;
  @Field() documentName!: string;
  @Field(() => Int, { description: 'Its place in the document, 0 for the first.' }) chunk!: number;
}
