import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';
import { SecretInfoType } from '../types/secret';

@Resolver()
export class SecretResolver {
  @Query(() => [SecretInfoType], { description: 'Your secrets by name (never their values).' })
  secrets(@Ctx() context: GraphQLContext) {
    return context.services.secrets.list(requireCaller(context).userId);
  }

  @Mutation(() => SecretInfoType, {
    description:
      'Saves a secret, or replaces its value, for your blocks to use ({{secret.NAME}} in an HTTP Request header). The value is never shown again.',
  })
  setSecret(@Arg('name') name: string, @Arg('value') value: string, @Ctx() context: GraphQLContext) {
    return context.services.secrets.set(requireCaller(context).userId, name, value);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes one of your secrets; blocks that use it then fail saying so.',
  })
  async deleteSecret(@Arg('name') name: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.secrets.delete(requireCaller(context).userId, name);
    return true;
  }
}
