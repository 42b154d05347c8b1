import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AnalyticsLevel } from '@blocksmith/schema';
import { AnalyticsLevelEnum } from '../types/enums';
import { requireCaller, type GraphQLContext } from '../context';

@ObjectType('AppAnalytics', { simpleResolvers: true })
class AppAnalyticsType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() isPublished!: boolean;
  @Field() isPrivate!: boolean;
  @Field() category!: string;
  @Field() createdAt!: string;
  @Field(() => Int) views!: number;
  @Field(() => Int) runs!: number;
  @Field(() => Int) upvotes!: number;
}

@ObjectType('DayRuns', { simpleResolvers: true })
class DayRunsType {
  @Field({ description: 'YYYY-MM-DD (UTC)' }) date!: string;
  @Field(() => Int) runs!: number;
  @Field(() => Int, {
    nullable: true,
    description: 'Page views that day (advanced analytics; null below it).',
  })
  views!: number | null;
}

@ObjectType('AnalyticsTotals', { simpleResolvers: true })
class AnalyticsTotalsType {
  @Field(() => Int) views!: number;
  @Field(() => Int) runs!: number;
  @Field(() => Int) upvotes!: number;
}

@ObjectType('MyAppsAnalytics', { simpleResolvers: true })
class MyAppsAnalyticsType {
  @Field() period!: string;
  @Field(() => AnalyticsLevelEnum, {
    description:
      'What the plan shows: none (Free: the apps and their counters), basic (Starter: runs per day), advanced (Enterprise: views per day too, and per app).',
  })
  level!: AnalyticsLevel;
  @Field(() => ID, { nullable: true, description: 'The one app the history is about, or null for all.' })
  appId!: string | null;
  @Field(() => [AppAnalyticsType]) apps!: AppAnalyticsType[];
  @Field(() => [DayRunsType], { description: 'Per day over the period; empty on a plan without analytics.' })
  history!: DayRunsType[];
  @Field(() => AnalyticsTotalsType) totals!: AnalyticsTotalsType;
}

@ObjectType('AnalyticsEventRecord', { simpleResolvers: true })
class AnalyticsEventRecordType {
  @Field() name!: string;
  @Field() at!: string;
  @Field(() => GraphQLJSONObject) props!: Record<string, unknown>;
}

@ObjectType('AnalyticsSummary', { simpleResolvers: true })
class AnalyticsSummaryType {
  @Field() range!: string;
  @Field(() => GraphQLJSONObject, { description: 'Event name to count.' }) raw!: Record<string, number>;
  @Field(() => [AnalyticsEventRecordType], { description: 'The newest 200 events.' })
  recent!: AnalyticsEventRecordType[];
}

@Resolver()
export class AnalyticsResolver {
  @Mutation(() => Boolean, { description: 'Records a product event (signed in or not).' })
  async trackEvent(
    @Arg('name') name: string,
    @Arg('props', () => GraphQLJSONObject, { nullable: true }) props: Record<string, unknown> | null,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.analytics.track({ name, props, userId: context.caller?.userId ?? null });
    return true;
  }

  @Query(() => MyAppsAnalyticsType, {
    description: 'Your apps’ views, runs and upvotes, and per day as far as your plan’s analytics go.',
  })
  myAppsAnalytics(
    @Arg('period', { defaultValue: '7d' }) period: string,
    @Arg('appId', () => ID, { nullable: true, description: 'One of your apps (advanced analytics).' })
    appId: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.analytics.myApps(requireCaller(context).userId, period, appId ?? null);
  }

  @Query(() => AnalyticsSummaryType, { description: 'Admins: events by name over 1d, 7d, 30d or all.' })
  analyticsSummary(@Arg('range', { defaultValue: '30d' }) range: string, @Ctx() context: GraphQLContext) {
    return context.services.analytics.summary(requireCaller(context), range);
  }
}
