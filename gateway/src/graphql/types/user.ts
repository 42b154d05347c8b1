import { Field, ID, ObjectType } from 'type-graphql';
import type { PlanId } from '@blocksmith/schema';
import { PlanIdEnum } from './enums';

@ObjectType('UserProfile', { simpleResolvers: true, description: 'The signed-in person’s own record.' })
export class UserProfileType {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field() full_name!: string;
  @Field(() => PlanIdEnum) plan!: PlanId;
  @Field() created_at!: Date;
}

@ObjectType('PublicUser', { simpleResolvers: true, description: 'A publisher as others see them.' })
export class PublicUserType {
  @Field(() => ID) id!: string;
  @Field() full_name!: string;
}
