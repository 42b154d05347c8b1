import { Field, Int, ObjectType } from 'type-graphql';
import type { ActionType } from '@blocksmith/schema';
import { ActionTypeEnum } from './enums';

@ObjectType('CreditHistoryEntry', { simpleResolvers: true })
export class CreditHistoryEntryType {
  @Field() _id!: string;
  @Field({ description: 'e.g. text_generation, image_generation' }) block_type!: string;
  @Field(() => ActionTypeEnum) action_type!: ActionType;
  @Field() timestamp!: string;
  @Field(() => Int) credits_used!: number;
}

@ObjectType('CreditStats', { simpleResolvers: true })
export class CreditStatsType {
  @Field(() => Int) totalCreditsUsed!: number;
  @Field(() => Int) totalExecutions!: number;
}

@ObjectType('Credits', { simpleResolvers: true })
export class CreditsType {
  @Field(() => Int) credits!: number;
  @Field({ description: 'Enterprise: runs are never refused for credits.' }) unlimited!: boolean;
}

@ObjectType('CreditCheck', { simpleResolvers: true })
export class CreditCheckType {
  @Field({ description: 'Whether the balance pays for one run of the block kind.' }) allowed!: boolean;
  @Field(() => Int, { description: 'What one run of it costs.' }) cost!: number;
  @Field(() => Int) balance!: number;
  @Field() unlimited!: boolean;
}

@ObjectType('RunStarted', { simpleResolvers: true })
export class RunStartedType {
  @Field() runId!: string;
  @Field(() => Int, { description: 'Credits the run was charged.' }) cost!: number;
}
