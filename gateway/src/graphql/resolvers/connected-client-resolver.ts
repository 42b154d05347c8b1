import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';
import { ConnectedClientType } from '../types/connected-client';

@Resolver()
export class ConnectedClientResolver {
  @Query(() => [ConnectedClientType], {
    description: 'The apps you connected to your account through OAuth, most recent first, with their spend.',
  })
  connectedClients(@Ctx() context: GraphQLContext) {
    return context.services.connectedClients.list(requireCaller(context).userId);
  }

  @Mutation(() => ConnectedClientType, {
    description: 'Sets how many credits a day one of your connected apps may spend (0 to 1,000,000).',
  })
  setConnectedClientLimit(
    @Arg('id', () => ID) id: string,
    @Arg('dailyCreditLimit', () => Int) dailyCreditLimit: number,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.connectedClients.setDailyCreditLimit(
      requireCaller(context).userId,
      id,
      dailyCreditLimit,
    );
  }

  @Mutation(() => Boolean, {
    description: 'Disconnects one of your connected apps: its tokens stop working at once.',
  })
  async revokeConnectedClient(
    @Arg('id', () => ID) id: string,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.connectedClients.revoke(requireCaller(context).userId, id);
    return true;
  }
}
