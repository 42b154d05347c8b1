import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requireCaller, viewerOf, type GraphQLContext } from '../context';

@ObjectType('UpvoteResult', { simpleResolvers: true })
export class UpvoteResultType {
  @Field({ description: 'False when this person had already upvoted the app.' }) counted!: boolean;
  @Field(() => Int) upvotes!: number;
}

@Resolver()
export class UpvoteResolver {
  @Mutation(() => UpvoteResultType, { description: 'One upvote per person per app.' })
  async upvoteApp(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    const caller = requireCaller(context);
    const result = await context.services.upvotes.upvote(caller.userId, id);
    if (result.counted)
      context.services.analytics.record('upvote_given', {}, caller.userId, { describeApp: id });
    return result;
  }

  @Query(() => Boolean, { description: 'Whether the signed-in person has upvoted the app.' })
  upvoteStatus(@Arg('appId', () => ID) appId: string, @Ctx() context: GraphQLContext) {
    return context.services.upvotes.hasUpvoted(requireCaller(context).userId, appId);
  }

  @Query(() => [ID], {
    description: 'Of these apps (500 at most), the ones the signed-in person has upvoted.',
  })
  upvotedApps(@Arg('appIds', () => [ID]) appIds: string[], @Ctx() context: GraphQLContext) {
    return context.services.upvotes.upvotedAmong(requireCaller(context).userId, appIds);
  }

  @Mutation(() => Int, { description: 'Counts a view of an app page; anyone who can see the app.' })
  async recordAppView(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    const views = await context.services.upvotes.view(viewerOf(context), id);
    context.services.analytics.record('app_viewed', {}, context.caller?.userId ?? null, { describeApp: id });
    return views;
  }
}
