import {
  AppRunsDocument,
  DecideRunApprovalDocument,
  DeleteRunDocument,
  MyRunsDocument,
  PublishedRunSharingDocument,
  RunDetailDocument,
  RunSharingDocument,
  SetRunSharingDocument,
} from '../generated/graphql';
import type { RunDetail, RunFilter, RunPage } from '../run-history';
import type { GraphQLTransport } from './graphql-transport';

/** Kept runs: an app's runs, the person's runs, one run's steps, deleting, and the sharing rule. */
export class RunHistoryCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async appRuns(appId: string, limit: number, cursor: string | null, filter: RunFilter): Promise<RunPage> {
    const variables = { appId, limit, cursor, status: filter.status ?? null, source: filter.source ?? null };
    return (await this.transport.query(AppRunsDocument, variables)).appRuns;
  }

  async myRuns(limit: number, cursor: string | null, appId: string | null = null): Promise<RunPage> {
    return (await this.transport.query(MyRunsDocument, { limit, cursor, appId })).myRuns;
  }

  async runDetail(id: string): Promise<RunDetail> {
    return (await this.transport.query(RunDetailDocument, { id })).run;
  }

  async deleteRun(id: string): Promise<void> {
    await this.transport.mutate(DeleteRunDocument, { id });
  }

  async decideRunApproval(runId: string, decision: 'approve' | 'reject', text: string | null): Promise<void> {
    await this.transport.mutate(DecideRunApprovalDocument, { runId, decision, text });
  }

  async runSharing(appId: string): Promise<boolean> {
    const data = await this.transport.query(RunSharingDocument, {
      id: appId,
    });
    return data.app.shareRunDetails;
  }

  async publishedRunSharing(slug: string): Promise<boolean> {
    const data = await this.transport.query(PublishedRunSharingDocument, { slug });
    return data.publishedApp.shareRunDetails;
  }

  async setRunSharing(appId: string, share: boolean): Promise<boolean> {
    const data = await this.transport.mutate(SetRunSharingDocument, { appId, share });
    return data.setRunSharing.shareRunDetails;
  }
}
