import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';
import { ApiKeyType, CreatedApiKeyType } from '../types/api-key';

@Resolver()
export class ApiKeyResolver {
  @Query(() => [ApiKeyType], { description: 'Your API keys, newest first (never their secrets).' })
  apiKeys(@Ctx() context: GraphQLContext) {
    return context.services.apiKeys.list(requireCaller(context).userId);
  }

  @Mutation(() => CreatedApiKeyType, {
    description:
      'Creates a named API key (Starter plan and up); the answer is the only time the key is shown.',
  })
  createApiKey(@Arg('name') name: string, @Ctx() context: GraphQLContext) {
    return context.services.apiKeys.create(requireCaller(context).userId, name);
  }

  @Mutation(() => Boolean, { description: 'Revokes one of your API keys: it stops working at once.' })
  async revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.apiKeys.revoke(requireCaller(context).userId, id);
    return true;
  }
}
