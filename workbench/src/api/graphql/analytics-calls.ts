import type { AnalyticsPeriod, AnalyticsSummary, MyAppsAnalytics } from '../blocksmith-api';
import { AnalyticsSummaryDocument, MyAppsAnalyticsDocument, TrackEventDocument } from '../generated/graphql';
import { numbersOf } from './answers';
import type { GraphQLTransport } from './graphql-transport';

/** Product events: recording what a page witnessed, the admins' summary, the creators' my-apps analytics. */
export class AnalyticsCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async trackEvent(name: string, props: Record<string, unknown>): Promise<void> {
    await this.transport.mutate(TrackEventDocument, { name, props });
  }

  async analyticsSummary(range: string): Promise<AnalyticsSummary> {
    const summary = (await this.transport.query(AnalyticsSummaryDocument, { range })).analyticsSummary;
    return { ...summary, raw: numbersOf(summary.raw) };
  }

  async myAppsAnalytics(period: AnalyticsPeriod, appId: string | null = null): Promise<MyAppsAnalytics> {
    return (await this.transport.query(MyAppsAnalyticsDocument, { period, appId })).myAppsAnalytics;
  }
}
