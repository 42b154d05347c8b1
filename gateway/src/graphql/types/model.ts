import { Field, Int, ObjectType } from 'type-graphql';
import type { ModelCapability, ModelInfo } from '@blocksmith/schema';

@ObjectType('Model', {
  simpleResolvers: true,
  description: "A model of the server's catalogue, as an AI block's model setting names it.",
})
export class ModelView implements ModelInfo {
  @Field({ description: 'What a block stores as its model: `claude-sonnet-4-5`, `llama3.2:1b`, `gpt-4o`.' })
  id!: string;
  @Field({ description: 'A name for people.' }) label!: string;
  @Field({ description: 'openai, anthropic, gemini, ollama or offline.' }) provider!: string;
  @Field({ description: 'Answers come from the offline stand-in, marked [Offline preview].' })
  offline!: boolean;
  @Field(() => [String], { description: 'text, structured, vision, image, tools, streaming.' })
  capabilities!: ModelCapability[];
  @Field(() => Int, { nullable: true, description: 'The most tokens it reads at once, when known.' })
  contextTokens?: number;
  @Field(() => Int, { description: "Credits an AI block using it costs on top of the block's own price." })
  credits!: number;
}

@ObjectType({ simpleResolvers: true, description: 'A provider whose model list could not be read.' })
export class ModelListProblem {
  @Field() provider!: string;
  @Field() message!: string;
}

@ObjectType({ simpleResolvers: true, description: 'The models this server can use.' })
export class ModelCatalogueView {
  @Field(() => [ModelView]) models!: ModelView[];
  @Field({ nullable: true, description: 'The model blocks naming none (or gpt-4) use for text.' })
  defaultText?: string;
  @Field({ nullable: true, description: 'The model blocks naming none (or dalle) use for images.' })
  defaultImage?: string;
  @Field(() => [ModelListProblem], {
    description: 'Providers that could not list their models, and why (administrators only).',
  })
  problems!: ModelListProblem[];
}
