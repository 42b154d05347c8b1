import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('ApiKey', {
  simpleResolvers: true,
  description: 'An API key as its owner lists it: never the secret.',
})
export class ApiKeyType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: '`bsk_` and the next characters, to recognise the key by.' }) prefix!: string;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) lastUsedAt!: string | null;
}

@ObjectType('CreatedApiKey', {
  simpleResolvers: true,
  description: 'A new key, with its secret: shown this once, never again.',
})
export class CreatedApiKeyType extends ApiKeyType {
  @Field({ description: 'Send as Authorization: Bearer <key>.' }) key!: string;
}
