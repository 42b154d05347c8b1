import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('CreditHistoryEntry', { simpleResolvers: true })
export class CreditHistoryEntryType {
  @Field() _id!: string;
  @Field({ description: 'e.g. text_generation, image_generation' }) block_type!: string;
  @Field({ description: 'test_execution (shown as Test) or published' }) action_type!: string;
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

@ObjectType('Run', { simpleResolvers: true })
export class RunType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field({ description: 'running, succeeded, failed or aborted' }) status!: string;
  @Field() actionType!: string;
  @Field(() => Int) cost!: number;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'Result fields and artifacts of a successful run.',
  })
  result!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Per block: status, duration, error.' })
  nodes!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why it failed: BAD_USER_INPUT, AI_PROVIDER_ERROR, AI_OUTPUT_INVALID, BLOCK_ERROR, ...',
  })
  errorCode!: string | null;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) finishedAt!: Date | null;
}
