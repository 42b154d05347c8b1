import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { App, AppConfig, Category, VerificationStatus } from '@blocksmith/schema';
import type { AppVersionKind } from '../../data/entities';
import { AppConfigScalar } from './app-config-scalar';
import { VerificationStatusEnum, VersionKindEnum } from './enums';

@ObjectType('App', { simpleResolvers: true })
export class AppType implements App {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() slug!: string;
  @Field(() => String, { description: 'One of the twelve store categories, or empty.' }) category!:
    Category | '';
  @Field() isPrivate!: boolean;
  @Field() isPublished!: boolean;
  @Field(() => ID) owner_id!: string;
  @Field(() => Int) upvotes!: number;
  @Field(() => Int) views!: number;
  @Field(() => Int, { description: 'Runs of the app.' }) uses!: number;
  @Field(() => AppConfigScalar) config!: AppConfig;
  @Field(() => VerificationStatusEnum) verificationStatus!: VerificationStatus;
  @Field(() => String, { nullable: true }) reviewNotes!: string | null;
  @Field() createdAt!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The version the draft was last saved as (its owner and admins only).',
  })
  draftVersionId!: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The approved version the store shows and other people run (its owner and admins only).',
  })
  liveVersionId!: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The version waiting for review (its owner and admins only).',
  })
  submittedVersionId!: string | null;
  @Field({
    description:
      'The owner sees what other people enter and the results of their runs (runs started while it is on); the runner page and the embed say so.',
  })
  shareRunDetails!: boolean;
  @Field(() => Int, {
    description:
      'Credits a run by someone other than the owner pays the owner on top of the blocks’ cost (0 to 100); others see what their runs pay now, the owner the price set.',
  })
  creatorPrice!: number;
}

@ObjectType('AppVersion', {
  simpleResolvers: true,
  description: 'One saved state of an app; its owner and admins see them.',
})
export class AppVersionType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field(() => Int, { description: '1, 2, 3... per app.' }) number!: number;
  @Field(() => VersionKindEnum) kind!: AppVersionKind;
  @Field({ description: 'What changed since the version before, one line.' }) summary!: string;
  @Field(() => ID, { nullable: true }) authorId!: string | null;
  @Field() authorName!: string;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
  @Field({ description: 'The draft was last saved as this version.' }) isDraft!: boolean;
  @Field({ description: 'The store shows this version.' }) isLive!: boolean;
  @Field({ description: 'This version waits for review.' }) isInReview!: boolean;
  @Field() name!: string;
  @Field() description!: string;
  @Field() category!: string;
  @Field(() => AppConfigScalar) config!: AppConfig;
  @Field(() => [String], {
    description: 'What differs from the live version, one line each (everything when nothing is live).',
  })
  changesFromLive!: string[];
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
  @Field(() => AppConfigScalar, { nullable: true }) config?: AppConfig;
}
