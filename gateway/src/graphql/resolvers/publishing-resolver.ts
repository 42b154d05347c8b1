import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { App } from '@blocksmith/schema';
import { requireCaller, type GraphQLContext } from '../context';
import { AppInput, AppType } from '../types/app';
import { AppStatusCountsType, PublishingInfoType, PublishResultType } from '../types/publishing';

/** Records the app_published event of a publish that went through. */
function published<T extends { app: { id?: string; name: string; category: string } }>(
  context: GraphQLContext,
  userId: string,
  result: T,
): T {
  const { app } = result;
  context.services.analytics.record(
    'app_published',
    { app_id: app.id, app_name: app.name, app_category: app.category },
    userId,
  );
  return result;
}

@Resolver()
export class PublishingResolver {
  @Query(() => PublishingInfoType, {
    description: 'The plan’s published-app limit and how much of it is used.',
  })
  publishingInfo(@Ctx() context: GraphQLContext) {
    return context.services.publishing.info(requireCaller(context).userId);
  }

  @Mutation(() => PublishResultType, { description: 'Publishes an own app; it waits for review (pending).' })
  async publishApp(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    const caller = requireCaller(context);
    return published(context, caller.userId, await context.services.publishing.publish(caller.userId, id));
  }

  @Mutation(() => PublishResultType, {
    description: 'Saves the whole app (creating it without an id), then publishes it.',
  })
  async publishAppWithData(
    @Arg('input', () => AppInput) input: AppInput,
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    const caller = requireCaller(context);
    const result = await context.services.publishing.publishWithData(caller.userId, {
      ...input,
      ...(id ? { id } : {}),
    });
    return published(context, caller.userId, result);
  }

  @Mutation(() => AppType)
  async unpublishApp(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<App> {
    return context.services.publishing.unpublish(requireCaller(context).userId, id);
  }

  @Query(() => [AppType], { description: 'Admins: published apps waiting for review, oldest first.' })
  async pendingApps(@Ctx() context: GraphQLContext): Promise<App[]> {
    return context.services.publishing.pending(requireCaller(context));
  }

  @Query(() => AppStatusCountsType, { description: 'Admins: published apps by review status.' })
  appStatusCounts(@Ctx() context: GraphQLContext) {
    return context.services.publishing.counts(requireCaller(context));
  }

  @Mutation(() => AppType, { description: 'Admins: approve, or reject with review notes.' })
  async reviewApp(
    @Arg('id', () => ID) id: string,
    @Arg('status') status: string,
    @Arg('reviewNotes', () => String, { nullable: true }) reviewNotes: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<App> {
    return context.services.publishing.review(requireCaller(context), id, status, reviewNotes);
  }
}
