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
