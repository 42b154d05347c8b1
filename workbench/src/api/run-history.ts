import type { RunSource } from '@blocksmith/schema';
import type {
  AppRunsQuery,
  CreditHistoryPageQuery,
  RunDetailQuery,
  RunSummaryFieldsFragment,
} from './generated/graphql';

/** Where a run was started from. */
export type { RunSource };

export { RUN_SOURCES } from '@blocksmith/schema';

/** How a run ended, or that it has not yet. */
export type RunRecordStatus = RunSummary['status'];

export const RUN_STATUSES: readonly RunRecordStatus[] = [
  'succeeded',
  'failed',
  'running',
  'waiting',
  'aborted',
];

/** One block of a run as it was kept: what it received and produced, when, and how it ended. */
export type RunStep = RunDetail['steps'][number];

/** Who started a run. */
export type RunRunner = RunSummary['runner'];

/** A run as the lists show it. */
export type RunSummary = RunSummaryFieldsFragment;

/** What a run waiting for approval asks, and whether the viewer may decide. */
export type RunApproval = NonNullable<RunDetail['approvalRequest']>;

/** One run with what it did, block by block. */
export type RunDetail = RunDetailQuery['run'];

/** One page of runs, newest first; `nextCursor` fetches the page after it (null: no more). */
export type RunPage = AppRunsQuery['appRuns'];

export type CreditHistoryPage = CreditHistoryPageQuery['creditHistoryPage'];

/** What an app's runs list is narrowed to. */
export interface RunFilter {
  status?: RunRecordStatus | null;
  source?: RunSource | null;
}
