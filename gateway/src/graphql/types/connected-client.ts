import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('ConnectedClient', {
  simpleResolvers: true,
  description:
    'An app (an AI assistant) you connected to your account through OAuth: it calls published apps as MCP tools, charged to you.',
})
export class ConnectedClientType {
  @Field(() => ID) id!: string;
  @Field({ description: 'The OAuth client id it registered with.' }) clientId!: string;
  @Field({ description: 'The name it registered with, as the consent page showed it.' }) name!: string;
  @Field({ description: 'Where its sign-in came back to (its redirect URI’s host).' }) redirectHost!: string;
  @Field() connectedAt!: string;
  @Field(() => String, { nullable: true, description: 'When it last called (to the minute), or null.' })
  lastUsedAt!: string | null;
  @Field(() => Int, { description: 'The most credits it may spend on your account in a day (UTC).' })
  dailyCreditLimit!: number;
  @Field(() => Int, { description: 'Credits charged through it since midnight UTC, refunds taken off.' })
  spentToday!: number;
  @Field(() => Int, { description: 'Credits charged through it since it was connected, refunds taken off.' })
  spentTotal!: number;
}
