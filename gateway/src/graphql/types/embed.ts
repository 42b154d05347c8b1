import { Field, ID, Int, ObjectType } from 'type-graphql';
import { AppType } from './app';

@ObjectType('EmbedSettings', {
  simpleResolvers: true,
  description: 'How an app may be embedded on other sites.',
})
export class EmbedSettingsType {
  @Field(() => ID) appId!: string;
  @Field({ description: 'The owner’s plan includes embeds.' }) available!: boolean;
  @Field({ description: 'The cheapest plan that includes embeds.' }) requiredPlan!: string;
  @Field({ description: 'Runs by people not signed in are charged to the owner.' }) paysOwner!: boolean;
  @Field(() => Int, { description: 'The most credits a month the owner pays for such runs.' })
  monthlyCredits!: number;
  @Field(() => Int) usedThisMonth!: number;
}

@ObjectType('EmbeddedApp', { simpleResolvers: true })
export class EmbeddedAppType {
  @Field(() => AppType, { description: 'The live version, as the store shows it.' }) app!: AppType;
  @Field({ description: 'People not signed in may run it, on the owner’s credits.' }) paysOwner!: boolean;
}

@ObjectType('EmbedRunPrice', {
  simpleResolvers: true,
  description:
    'What one run of an embedded app costs you, and whether you confirmed that price (runs from an embed while signed in need it).',
})
export class EmbedRunPriceType {
  @Field(() => ID) appId!: string;
  @Field(() => Int, { description: 'The fewest credits a run costs you: blocks plus the creator’s price.' })
  minCredits!: number;
  @Field(() => Int, { description: 'The most credits a run costs you: blocks plus the creator’s price.' })
  maxCredits!: number;
  @Field(() => Int, { description: 'The creator’s price, included in both.' }) creatorPrice!: number;
  @Field(() => Int, {
    nullable: true,
    description: 'The most a run cost when you confirmed it; null when you never did.',
  })
  confirmedMax!: number | null;
  @Field({ description: 'You may run it from its embed: it is free, or you confirmed its current price.' })
  confirmed!: boolean;
}
