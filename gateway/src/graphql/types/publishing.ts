import { Field, Int, ObjectType } from 'type-graphql';
import type { PlanId } from '@blocksmith/schema';
import { PlanIdEnum } from './enums';
import { AppType } from './app';

@ObjectType('PublishingInfo', { simpleResolvers: true })
export class PublishingInfoType {
  @Field(() => PlanIdEnum) plan!: PlanId;
  @Field(() => Int, { description: 'Published apps allowed; -1 means unlimited.' }) limit!: number;
  @Field(() => Int) currentCount!: number;
  @Field(() => Int, { description: '-1 when unlimited.' }) remaining!: number;
  @Field() canPublish!: boolean;
}

@ObjectType('PublishResult', { simpleResolvers: true })
export class PublishResultType {
  @Field(() => AppType) app!: AppType;
  @Field(() => PublishingInfoType) publishingInfo!: PublishingInfoType;
}

@ObjectType('AppStatusCounts', { simpleResolvers: true, description: 'Published apps by review status.' })
export class AppStatusCountsType {
  @Field(() => Int) pending!: number;
  @Field(() => Int) approved!: number;
  @Field(() => Int) rejected!: number;
}
