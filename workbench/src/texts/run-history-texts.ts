/**
 * The texts of run history, replay, credit usage, streamed results and run errors. The spec gives
 * 'Failed to execute app', 'Failed to process request', 'Test' / 'Published' and 'N credit(s)'
 * (from the schema); the run-details notice is the run-history contract's; the rest is marked.
 */
import { WAITING_FOR_APPROVAL, type NodeStatus } from '@blocksmith/schema';
import type { RunRecordStatus, RunSource } from '../api/run-history';

export const RUN_ERRORS = {
  /** The title of every failed run (spec, error catalogue). */
  title: 'Failed to execute app',
  /** A run that ended without saying why (spec, error catalogue). */
  requestFailed: 'Failed to process request',
  // Not given by the spec:
  network:
    'The server could not be reached, so the app did not run. Check your internet connection (on your own server: that the gateway is running), then run it again.',
  connectionLost: 'Connection lost while the app runs. Reconnecting to the run...',
  connectionRestored: 'Connection restored: following the run again.',
  connectionGone:
    'The connection to the server was lost while the app ran and could not be made again. The run goes on without this page: check your internet connection, then find its result under My runs.',
} as const;

/** Credits usage: the credits panel's recent usage and the credits history page. Not given by the spec but the labels. */
export const CREDIT_USAGE = {
  recentUsage: 'Recent usage',
  loading: 'Loading usage...',
  empty: 'No credits used yet. Runs of apps with AI blocks show here.',
  failed: 'Usage could not be loaded.',
  viewAll: 'Credits history',
  pageTitle: 'Credits history',
  pageSubtitle: 'What each AI block of your runs cost, newest first. Refunded runs are left out.',
  balance: 'Balance',
  used: 'Credits used',
  runs: 'Charged runs',
  block: 'Block',
  kind: 'Run',
  credits: 'Credits',
  when: 'When',
  newer: 'Newer',
  older: 'Older',
  page: (n: number) => `Page ${n}`,
  signInTitle: 'Sign in to see your credits',
  signInText: 'Your balance and what each run cost are kept with your account.',
  retry: 'Try again',
} as const;

export const RUN_STATUS_LABELS: Record<RunRecordStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  waiting: WAITING_FOR_APPROVAL,
  succeeded: 'Succeeded',
  failed: 'Failed',
  aborted: 'Stopped',
};

/** A block's status in a kept run: 'Not run' for one the run never reached. */
export const STEP_STATUS_LABELS: Record<NodeStatus | 'none', string> = {
  pending: 'Not run',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
  none: 'Not run',
};

export const RUN_SOURCE_LABELS: Record<RunSource, string> = {
  builder: 'Builder test',
  store: 'Store page',
  embed: 'Embed',
  api: 'API',
  mcp: 'MCP',
  agent: 'Agent tool',
  webhook: 'Webhook',
  schedule: 'Schedule',
  chat: 'Chat',
  test: 'Test run',
};

/** The notice runners see while the owner may see their runs (the run-history contract's words). */
export const SHARING_NOTICE = 'The creator of this app can see what you enter and the results.';

export const RUNS = {
  menuItem: 'My runs',
  runsButton: 'Runs',
  appRunsTitle: 'Runs',
  appRunsSubtitle: (appName: string) => `Every run of ${appName}, newest first.`,
  myRunsTitle: 'My runs',
  myRunsSubtitle: 'The runs you started, newest first, with their results.',
  recentRuns: 'Your recent runs',
  recentRunsEmpty: 'Your runs of this app will be listed here.',
  allStatuses: 'All statuses',
  allSources: 'All sources',
  statusFilter: 'Status',
  sourceFilter: 'Source',
  app: 'App',
  status: 'Status',
  when: 'When',
  who: 'Who',
  source: 'Source',
  duration: 'Duration',
  credits: 'Credits',
  you: 'You',
  refunded: (credits: string) => `${credits}, refunded`,
  openRun: 'See its blocks',
  empty: 'No runs yet',
  emptyText: 'Runs appear here once the app has been run: from the builder, its page, an embed or the API.',
  myEmptyText: 'Run an app and its result is kept here, to open again without running it.',
  noMatch: 'No runs match these filters',
  clearFilters: 'Clear filters',
  loading: 'Loading runs...',
  loadFailed: 'The runs could not be loaded.',
  retry: 'Try again',
  newer: 'Newer',
  older: 'Older',
  page: (n: number) => `Page ${n}`,
  open: 'Open',
  delete: 'Delete',
  deleteTitle: 'Delete this run?',
  deleteText: 'Its inputs, results and steps are removed for good. Credits it used are not given back.',
  deleteConfirm: 'Delete run',
  cancel: 'Cancel',
  deleted: 'Run deleted',
  deleteFailed: 'The run could not be deleted.',
  signInTitle: 'Sign in to see runs',
  signInText: 'Runs are kept with the account that started them.',
  notFoundTitle: 'Run not found',
  notFoundText: 'The run does not exist, was deleted after its retention period, or is not yours to see.',
  backToRuns: 'All runs of this app',
  backToMyRuns: 'My runs',
  shareLabel: 'Share run details',
  shareHelp: `When on, people see the notice "${SHARING_NOTICE}" on the app's page and in embeds, and the runs they start from then on show you their inputs and results.`,
  sharingSaved: (on: boolean) =>
    on ? 'Run details are shared from now on' : 'Run details are no longer shared',
  sharingFailed: 'The setting could not be saved.',
  rule: "You see every run of this app: its status, where it came from, who ran it, timing, credits and errors, block by block. What other people entered and got back is shown only for runs they started while 'Share run details' was on; otherwise it is hidden. Your own runs always show everything.",
  detailsHiddenShort: 'Inputs and results hidden',
  hiddenDetails:
    'This person ran the app while run details were not shared, so what they entered and got back is hidden. Status, timing, credits and errors are shown.',
  runAgain: 'Run again with these inputs',
  inputs: 'Inputs',
  noInputs: 'This run had no inputs.',
  results: 'Results',
  noResults: 'This run has no results to show.',
  steps: 'Blocks',
  canvasHint: 'Click a block to see what it received and produced.',
  /** The app's version the run ran: its canvas is shown as that version had it. */
  version: (n: number) => `Version ${n}`,
  versionTitle: 'The canvas is shown as this version of the app had it.',
  blockInputs: 'Received',
  blockOutputs: 'Produced',
  noBlockInputs: 'Nothing came in: this block starts the run.',
  noBlockOutputs: 'Nothing came out.',
  truncated: 'Long values are cut here.',
  fullValue: 'Full value',
  model: 'Model',
  tokens: (total: number) => `${total.toLocaleString('en-US')} tokens`,
  /** A step's tokens: read (the prompt) and written (the answer), as the AI service counted them. */
  tokensInOut: (read: number | null, written: number | null, total: number | null) => {
    const parts = [
      read !== null ? `${read.toLocaleString('en-US')} in` : null,
      written !== null ? `${written.toLocaleString('en-US')} out` : null,
    ].filter((part) => part !== null);
    if (parts.length === 0) return total !== null ? `${total.toLocaleString('en-US')} tokens` : '';
    return `${parts.join(' / ')} tokens`;
  },
  stepCredits: (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`,
  stepCreditsTitle:
    'What this block costs at the prices the server charges now: its own price and its model’s',
  items: (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`,
  error: 'Error',
  appMissing: 'The app was deleted or changed: the blocks are listed without its canvas.',
  keptFile: 'The file of the earlier run',
  chooseAgain: 'the file of the earlier run is sent again unless you choose another',
  ranAt: (when: string) => `Run of ${when}`,
  showingKept: 'Shown from history: nothing was run again.',
  backToLive: 'Close',
  previewFilled: 'The preview is filled with the inputs of that run.',
  runAgainFailed: 'That run could not be opened.',
  loadingRun: 'Loading the run...',
  toolRunCredits: (credits: string) => `+ ${credits} for the apps it called`,
  toolRunCreditsTitle:
    'Each app an agent called ran on its own and was charged on its own: open its run from the tool calls.',
} as const;

/** A duration as people read it: '850 ms', '4.2 s', '3 min 5 s'. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${seconds} s`;
}

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A time as the lists show it: 'Mar 1, 10:04 AM'. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : WHEN.format(date);
}

/** A run that went on past failures (On error: continue or the error route): its notes. */
export const RUN_NOTES = {
  title: (n: number) =>
    n === 1 ? 'Something failed; the run went on' : `${n} things failed; the run went on`,
} as const;
