import { Field, ObjectType } from 'type-graphql';

@ObjectType('SecretInfo', {
  simpleResolvers: true,
  description: 'One of your secrets as you see it listed: its name, never its value.',
})
export class SecretInfoType {
  @Field({ description: 'Used in an HTTP Request header as {{secret.NAME}}.' }) name!: string;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}
