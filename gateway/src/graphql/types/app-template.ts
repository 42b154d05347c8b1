import { Field, ObjectType } from 'type-graphql';
import type { AppConfig } from '@blocksmith/schema';
import { AppConfigScalar } from './app-config-scalar';

@ObjectType('AppTemplate', {
  simpleResolvers: true,
  description: 'A ready app to start from: the builder loads its config as a new, unsaved app.',
})
export class AppTemplateType {
  @Field({ description: 'Stable id, e.g. travel-itinerary.' }) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field({ description: 'The app category it is saved under, e.g. Productivity.' }) category!: string;
  @Field(() => AppConfigScalar, {
    description: 'The app: blocks (plugins), connections and canvas, as an app version stores them.',
  })
  config!: AppConfig;
}
