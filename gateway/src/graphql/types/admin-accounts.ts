import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { AdminActionKind, PlanId } from '@blocksmith/schema';
import type { RunRecordStatus } from '../../data/entities';
import { AdminActionKindEnum, PlanIdEnum, RunStatusEnum } from './enums';

@ObjectType('AdminUser', {
  simpleResolvers: true,
  description: 'An account as the admin users page lists it.',
})
export class AdminUserType {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field() fullName!: string;
  @Field(() => PlanIdEnum) plan!: PlanId;
  @Field(() => Int, { description: 'The credit balance.' }) credits!: number;
  @Field({ description: 'The plan has unlimited credits (Enterprise).' }) unlimited!: boolean;
  @Field(() => Int, { description: 'Apps the account owns.' }) apps!: number;
  @Field(() => Int, { description: 'Of those, the published ones.' }) publishedApps!: number;
  @Field() isAdmin!: boolean;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true, description: 'The last sign-in, when there was one.' })
  lastSignInAt!: string | null;
  @Field(() => String, { nullable: true, description: 'When an admin suspended it; null when it is not.' })
  suspendedAt!: string | null;
}

@ObjectType('AdminUserPage', { simpleResolvers: true })
export class AdminUserPageType {
  @Field(() => [AdminUserType]) users!: AdminUserType[];
  @Field(() => String, { nullable: true, description: 'Send as cursor for the next page; null on the last.' })
  nextCursor!: string | null;
}

@ObjectType('AdminRun', { simpleResolvers: true, description: 'One of an account’s recent runs.' })
export class AdminRunType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field({ description: 'Empty when the app was deleted.' }) appName!: string;
  @Field(() => RunStatusEnum) status!: RunRecordStatus;
  @Field(() => Int, { description: 'Credits charged.' }) cost!: number;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
}

@ObjectType('AdminEarnings', { simpleResolvers: true, description: 'What an account earned as a creator.' })
export class AdminEarningsType {
  @Field(() => Int, { description: 'Earned credits not paid out yet.' }) balance!: number;
  @Field(() => Int, { description: 'Every credit ever earned.' }) total!: number;
  @Field(() => Int, { description: 'Credits paid out.' }) paidOut!: number;
}

@ObjectType('AdminAction', {
  simpleResolvers: true,
  description: 'One thing an admin did to an account: who, to whom, what, when, before and after.',
})
export class AdminActionType {
  @Field(() => ID) id!: string;
  @Field(() => AdminActionKindEnum) action!: AdminActionKind;
  @Field(() => ID, { nullable: true }) adminId!: string | null;
  @Field() adminEmail!: string;
  @Field(() => ID, { nullable: true }) userId!: string | null;
  @Field() userEmail!: string;
  @Field(() => GraphQLJSONObject, { description: 'The account before: { plan, credits } or { suspended }.' })
  before!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, { description: 'The account after.' }) after!: Record<string, unknown>;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field() createdAt!: string;
}

@ObjectType('AdminActionPage', { simpleResolvers: true })
export class AdminActionPageType {
  @Field(() => [AdminActionType]) actions!: AdminActionType[];
  @Field(() => String, { nullable: true }) nextCursor!: string | null;
}

@ObjectType('AdminUserDetail', {
  simpleResolvers: true,
  description: 'One account with its recent runs, its earnings and what admins did to it.',
})
export class AdminUserDetailType extends AdminUserType {
  @Field(() => [AdminRunType]) recentRuns!: AdminRunType[];
  @Field(() => AdminEarningsType) earnings!: AdminEarningsType;
  @Field(() => [AdminActionType], { description: 'Newest first.' }) actions!: AdminActionType[];
}
