import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { Connection, PluginInstance } from '@blocksmith/schema';
import { requireCaller, type GraphQLContext } from '../context';

@ObjectType('GeneratedApp', { simpleResolvers: true })
class GeneratedAppType {
  @Field() message!: string;
  @Field(() => [GraphQLJSONObject]) plugins!: PluginInstance[];
  @Field(() => [GraphQLJSONObject]) connections!: Connection[];
  @Field(() => GraphQLJSONObject, {
    description: 'Per block: the prompt variables that were renamed, old to new.',
  })
  variableMapping!: Record<string, Record<string, string>>;
  @Field({ description: 'The first 50 characters of the request.' }) appName!: string;
  @Field({ description: 'The first 100 characters of the request.' }) appDescription!: string;
}

@Resolver()
export class AssistantResolver {
  @Mutation(() => GeneratedAppType, { description: 'Builds an app from one sentence (signed in).' })
  generateApp(@Arg('prompt') prompt: string, @Ctx() context: GraphQLContext) {
    requireCaller(context);
    return context.services.assistant.generateApp(prompt);
  }

  @Mutation(() => String, {
    description: 'Writes a prompt template that uses every given variable (signed in).',
  })
  generatePrompt(
    @Arg('description') description: string,
    @Arg('variables', () => [String], { defaultValue: [] }) variables: string[],
    @Ctx() context: GraphQLContext,
  ) {
    requireCaller(context);
    return context.services.assistant.generatePrompt(description, variables);
  }
}
