import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { App } from '@blocksmith/schema';
import { requireCaller, viewerOf, type GraphQLContext } from '../context';
import { AppInput, AppType, AppVersionType } from '../types/app';

@Resolver()
export class AppResolver {
  @Query(() => [AppType], { description: 'The signed-in person’s own apps, newest change first.' })
  async myApps(@Ctx() context: GraphQLContext): Promise<App[]> {
    return context.services.apps.listOwn(requireCaller(context).userId);
  }

  @Query(() => AppType, { description: 'An app the caller may see (own, or approved and public).' })
  async app(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<App> {
    return context.services.apps.read(viewerOf(context), id);
  }

  @Query(() => AppType, { description: 'A published app by its address, for its public page.' })
  async publishedApp(@Arg('slug') slug: string, @Ctx() context: GraphQLContext): Promise<App> {
    return context.services.apps.getPublishedBySlug(viewerOf(context), slug);
  }

  @Query(() => [AppType], { description: 'The store: approved, public, published apps, most upvoted first.' })
  async storeApps(@Ctx() context: GraphQLContext): Promise<App[]> {
    return context.services.apps.listStore();
  }

  @Query(() => [AppType], { description: 'A publisher’s approved, public, published apps.' })
  async appsByUser(@Arg('userId', () => ID) userId: string, @Ctx() context: GraphQLContext): Promise<App[]> {
    return context.services.apps.listByUser(userId);
  }

  @Mutation(() => AppType)
  async createApp(
    @Arg('input', () => AppInput) input: AppInput,
    @Ctx() context: GraphQLContext,
  ): Promise<App> {
    const caller = requireCaller(context);
    const app = await context.services.apps.create(caller.userId, input);
    context.services.analytics.record('app_created', { app_id: app.id, app_name: app.name }, caller.userId);
    return app;
  }

  @Mutation(() => AppType)
  async updateApp(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => AppInput) input: AppInput,
    @Ctx() context: GraphQLContext,
    @Arg('autosave', () => Boolean, {
      nullable: true,
      description: 'A save the builder made by itself: edits close together become one version.',
    })
    autosave?: boolean | null,
  ): Promise<App> {
    const caller = requireCaller(context);
    const app = await context.services.apps.update(caller.userId, id, input, { autosave: autosave === true });
    context.services.analytics.record('app_saved', { app_id: app.id, app_name: app.name }, caller.userId);
    return app;
  }

  @Query(() => [AppVersionType], { description: 'An app’s versions, newest first (its owner and admins).' })
  appVersions(@Arg('appId', () => ID) appId: string, @Ctx() context: GraphQLContext) {
    return context.services.apps.versions(viewerOf(context), appId);
  }

  @Query(() => AppVersionType, {
    description: 'One version of an app with its config and what differs from the live version.',
  })
  appVersion(
    @Arg('appId', () => ID) appId: string,
    @Arg('versionId', () => ID) versionId: string,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.apps.version(viewerOf(context), appId, versionId);
  }

  @Mutation(() => AppType, {
    description: 'Makes an earlier version the draft again, as a new version; nothing is overwritten.',
  })
  async restoreAppVersion(
    @Arg('appId', () => ID) appId: string,
    @Arg('versionId', () => ID) versionId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<App> {
    return context.services.apps.restore(requireCaller(context).userId, appId, versionId);
  }

  @Mutation(() => Boolean)
  async deleteApp(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.apps.remove(requireCaller(context).userId, id);
    return true;
  }

  @Mutation(() => AppType)
  async setAppPrivate(
    @Arg('id', () => ID) id: string,
    @Arg('isPrivate') isPrivate: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<App> {
    return context.services.apps.setPrivate(requireCaller(context).userId, id, isPrivate);
  }
}
