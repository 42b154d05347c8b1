import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { AppConfig } from '@blocksmith/schema';

@ObjectType('App', { simpleResolvers: true })
export class AppType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() slug!: string;
  @Field({ description: 'One of the twelve store categories, or empty.' }) category!: string;
  @Field() isPrivate!: boolean;
  @Field() isPublished!: boolean;
  @Field(() => ID) owner_id!: string;
  @Field(() => Int) upvotes!: number;
  @Field(() => Int) views!: number;
  @Field(() => Int, { description: 'Runs of the app.' }) uses!: number;
  @Field(() => GraphQLJSONObject, { description: 'plugins, connections, canvas' }) config!: AppConfig;
  @Field({ description: 'pending, approved or rejected' }) verificationStatus!: string;
  @Field(() => String, { nullable: true }) reviewNotes!: string | null;
  @Field() createdAt!: string;
}

@InputType('AppInput', {
  description: 'What a person may set on an app; ids, owners and counters are the server’s.',
})
export class AppInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) slug?: string;
  @Field(() => String, { nullable: true }) category?: string;
  @Field(() => Boolean, { nullable: true }) isPrivate?: boolean;
  @Field(() => GraphQLJSONObject, { nullable: true }) config?: AppConfig;
}
