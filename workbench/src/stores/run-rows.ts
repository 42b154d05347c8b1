import { formatCredits } from '@blocksmith/schema';
import type { RunDetail, RunRecordStatus, RunSource, RunSummary } from '../api/run-history';
import {
  RUNS,
  RUN_SOURCE_LABELS,
  RUN_STATUS_LABELS,
  formatDuration,
  formatWhen,
} from '../texts/run-history-texts';

export type StatusIntent = 'success' | 'danger' | 'warning' | 'primary' | 'none';

const STATUS_INTENTS: Record<RunRecordStatus, StatusIntent> = {
  queued: 'none',
  running: 'primary',
  waiting: 'warning',
  succeeded: 'success',
  failed: 'danger',
  aborted: 'warning',
};

/** One run as the lists show it. */
export interface RunRow {
  id: string;
  appId: string;
  appName: string;
  status: RunRecordStatus;
  statusLabel: string;
  intent: StatusIntent;
  when: string;
  at: string;
  /** 'You' for the caller's own runs, else the runner's name. */
  who: string;
  source: string;
  duration: string;
  credits: string;
  error: string | null;
  detailsHidden: boolean;
}

function statusOf(value: string): RunRecordStatus {
  return value in STATUS_INTENTS ? (value as RunRecordStatus) : 'failed';
}

export function sourceLabel(source: string): string {
  return RUN_SOURCE_LABELS[source as RunSource] ?? source;
}

export function runRow(run: RunSummary): RunRow {
  const status = statusOf(run.status);
  return {
    id: run.id,
    appId: run.appId,
    appName: run.appName,
    status,
    statusLabel: RUN_STATUS_LABELS[status],
    intent: STATUS_INTENTS[status],
    when: formatWhen(run.createdAt),
    at: run.createdAt,
    who: run.mine ? RUNS.you : run.runner.name,
    source: sourceLabel(run.source),
    duration: formatDuration(run.durationMs),
    // A run that does not succeed is refunded in full.
    credits:
      status === 'failed' || status === 'aborted'
        ? RUNS.refunded(formatCredits(run.cost))
        : formatCredits(run.cost),
    error: run.error,
    detailsHidden: run.detailsHidden,
  };
}

export function statusIntent(status: string): StatusIntent {
  return STATUS_INTENTS[statusOf(status)];
}

/**
 * What the apps a run's agent called were charged, each a run of its own (not in the run's cost);
 * null when it called none.
 */
export function toolRunCredits(runs: RunDetail['toolRuns']): string | null {
  if (runs.length === 0) return null;
  return RUNS.toolRunCredits(formatCredits(runs.reduce((sum, run) => sum + run.cost, 0)));
}
