import type { App } from '@blocksmith/schema';
import type { AppStatusCounts, ReviewStatus, VersionedApp } from '../blocksmith-api';
import { AppStatusCountsDocument, PendingAppsDocument, ReviewAppDocument } from '../generated/graphql';
import { withCategory } from './answers';
import type { GraphQLTransport } from './graphql-transport';

/** The admins' review of published apps: the queue, the counts by status, approving or rejecting. */
export class ReviewCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async pendingApps(): Promise<VersionedApp[]> {
    return (await this.transport.query(PendingAppsDocument, {})).pendingApps.map(withCategory);
  }

  async appStatusCounts(): Promise<AppStatusCounts> {
    return (await this.transport.query(AppStatusCountsDocument, {})).appStatusCounts;
  }

  async reviewApp(id: string, status: ReviewStatus, reviewNotes: string | null): Promise<App> {
    const variables = { id, status, reviewNotes };
    return withCategory((await this.transport.mutate(ReviewAppDocument, variables)).reviewApp);
  }
}
