import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { ActionType, NodeStatus, RunSource } from '@blocksmith/schema';
import type { RunRecordStatus } from '../../data/entities';
import { ActionTypeEnum, RunSourceEnum, RunStatusEnum, StepStatusEnum } from './enums';
import { CreditHistoryEntryType } from './credits';

@ObjectType('RunRunner', { simpleResolvers: true, description: 'Who started a run.' })
export class RunRunnerType {
  @Field(() => ID, { description: 'Their user id ("visitor" for a visitor who was not signed in).' })
  id!: string;
  @Field({ description: 'Their name (other people’s e-mail addresses are never shown).' }) name!: string;
}

@ObjectType('RunStep', { simpleResolvers: true, description: 'One block of a run: what it did.' })
export class RunStepType {
  @Field(() => ID) nodeId!: string;
  @Field({ description: 'The block’s kind.' }) kind!: string;
  @Field({ description: 'The block’s title as the canvas shows it (its label, else the kind’s name).' })
  title!: string;
  @Field(() => StepStatusEnum) status!: NodeStatus;
  @Field(() => Date, { nullable: true }) startedAt!: Date | null;
  @Field(() => Date, { nullable: true }) finishedAt!: Date | null;
  @Field(() => Int, { nullable: true, description: 'Inside a loop: over all its items.' })
  durationMs!: number | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      'What the block received: the first outputs of the blocks directly connected to it, by variable name (an input block: what was entered). Null when the privacy rule hides it.',
  })
  inputs!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      'Its outputs by name (long values cut to 20,000 characters; an output block’s results under "artifacts"; inside a loop, its first item’s). Null when hidden.',
  })
  outputs!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      'Per output that was cut, a signed link to the whole value. Null when none was cut or hidden.',
  })
  outputFiles!: Record<string, string> | null;
  @Field({ description: 'Some input or output was cut.' }) truncated!: boolean;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The model that answered, when the AI provider reports it.',
  })
  model!: string | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: '{ promptTokens, completionTokens, totalTokens } when the AI provider reports them.',
  })
  usage!: Record<string, number> | null;
  @Field(() => Int, {
    nullable: true,
    description:
      'An AI block: the credits charged for it (its price and its model’s; over all its items inside a loop). Null for other blocks.',
  })
  credits!: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'A block inside a loop: how many items it ran for (a loop’s first block: its items).',
  })
  items!: number | null;
}

@ObjectType('RunVersion', { simpleResolvers: true, description: 'The app’s version a run ran.' })
export class RunVersionType {
  @Field(() => ID) id!: string;
  @Field(() => Int, { description: 'Its number in the app’s version history.' }) number!: number;
  @Field(() => GraphQLJSONObject, {
    description:
      'Its blocks and connections (AI blocks without their settings for people other than the owner).',
  })
  config!: Record<string, unknown>;
}

@ObjectType('Run', {
  simpleResolvers: true,
  description:
    'One run. Its runner sees everything; the app’s owner sees other people’s inputs and outputs only for runs started while the app shared run details (detailsHidden says when they are left out).',
})
export class RunType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field({ description: 'The app’s name (its live name for people other than its owner).' }) appName!: string;
  @Field(() => RunStatusEnum) status!: RunRecordStatus;
  @Field(() => ActionTypeEnum) actionType!: ActionType;
  @Field(() => RunSourceEnum) source!: RunSource;
  @Field(() => ID, {
    nullable: true,
    description: 'The run that started this one (an agent block calling the app as a tool); null otherwise.',
  })
  parentRunId!: string | null;
  @Field(() => RunRunnerType) runner!: RunRunnerType;
  @Field({ description: 'The caller started it.' }) mine!: boolean;
  @Field(() => RunVersionType, {
    nullable: true,
    description:
      'The app’s version it ran: the draft for its owner’s runs, the live version for everyone else’s. Null for runs kept before versions were recorded.',
  })
  version!: RunVersionType | null;
  @Field(() => Int) cost!: number;
  @Field(() => Int, {
    description:
      'Credits a run that did not succeed kept of its charge (blocks that overran their time used it; its error says so). 0 when the charge was given back whole, and for a run that succeeded or still runs.',
  })
  keptCredits!: number;
  @Field(() => Int, { nullable: true, description: 'From start to end; null while it runs.' })
  durationMs!: number | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'What it was started with (file inputs by reference). Null when hidden.',
  })
  inputs!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      'Result fields and artifacts of a successful run, flat as REST execute answers them: every block’s outputs under one key each (a name an earlier block holds takes the next free suffix, classification_2). Null when hidden. `results` has them per block.',
  })
  result!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      'A successful run’s results per block: { blocks: { [blockId]: { kind, outputs } }, artifacts: [{ nodeId, artifact }], layout } (layout: the app’s blocks with their variable and declared outputs, in order, from which the flat `result` is keyed). Long values are cut to 20,000 characters. Null when hidden.',
  })
  results!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'Per block: status, duration, error (steps say more).',
  })
  nodes!: Record<string, unknown> | null;
  @Field({ description: 'The privacy rule leaves out its inputs and outputs.' }) detailsHidden!: boolean;
  @Field(() => [RunStepType], { description: 'Each block’s step, in the run’s order.' })
  steps!: RunStepType[];
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why it failed: BAD_USER_INPUT, AI_PROVIDER_ERROR, AI_OUTPUT_INVALID, BLOCK_ERROR, ...',
  })
  errorCode!: string | null;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) finishedAt!: Date | null;
}

@ObjectType('RunPage', { simpleResolvers: true, description: 'Runs, newest first, a page at a time.' })
export class RunPageType {
  @Field(() => [RunType]) runs!: RunType[];
  @Field(() => String, { nullable: true, description: 'Pass as cursor for the next page; null on the last.' })
  nextCursor!: string | null;
}

@ObjectType('CreditHistoryPage', {
  simpleResolvers: true,
  description: 'What runs cost, newest first, a page at a time.',
})
export class CreditHistoryPageType {
  @Field(() => [CreditHistoryEntryType]) entries!: CreditHistoryEntryType[];
  @Field(() => String, { nullable: true, description: 'Pass as cursor for the next page; null on the last.' })
  nextCursor!: string | null;
}
