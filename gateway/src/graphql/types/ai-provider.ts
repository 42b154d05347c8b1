import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('AiProviderStatus', {
  simpleResolvers: true,
  description:
    'Admins: one AI provider as the server uses it, from its environment or the AI providers page. Never its key: only whether one is set.',
})
export class AiProviderStatusType {
  @Field({ description: 'openai, anthropic, gemini or ollama.' }) provider!: string;
  @Field({ description: 'The vendor as people know it (Anthropic).' }) label!: string;
  @Field({ description: 'The server uses it.' }) configured!: boolean;
  @Field({
    description: "Where its settings come from: env (the server's environment), page (this page) or none.",
  })
  source!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The address its calls go to; null when it is not used.',
  })
  baseUrl!: string | null;
  @Field({ description: 'An API key is set (it is never shown).' }) keySet!: boolean;
  @Field(() => Int, { description: 'The models the server has from it now.' }) modelCount!: number;
  @Field(() => String, {
    nullable: true,
    description:
      'Why its last listing of models failed (a refused key, an address nobody answers at), or why its saved key cannot be used; null when it answered.',
  })
  problem!: string | null;
  @Field({ description: 'Configured, and its models listed without a problem.' }) working!: boolean;
  @Field(() => Date, { nullable: true, description: 'When it was saved on the page last.' })
  updatedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'Who saved it on the page last (their e-mail).' })
  updatedBy!: string | null;
  @Field({ description: 'The environment variable the key stands in for (ANTHROPIC_API_KEY).' })
  keyVariable!: string;
  @Field({ description: 'The environment variable the address stands in for (ANTHROPIC_BASE_URL).' })
  urlVariable!: string;
}
