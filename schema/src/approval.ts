/**
 * A run waiting for a person's decision (an Approval block): what the approver is shown, who may
 * decide, whether they may change the text, and until when. The same shape on the run's
 * `run_finished` event (status `waiting`), in the run's record and over REST and GraphQL.
 */
export interface ApprovalRequest {
  /** The Approval block the run waits at. */
  nodeId: string;
  /** What the approver sees (the block's template over the run's variables). */
  text: string;
  /** The approver may change the text before it goes on. */
  editable: boolean;
  /** Who decides: the app's owner (in the workbench), or someone sent a signed link by e-mail. */
  approver: ApprovalApprover;
  /** When the run stops waiting and ends as timed out, in ms since 1970. */
  expiresAt: number;
}

export const APPROVAL_APPROVERS = ['owner', 'email'] as const;
export type ApprovalApprover = (typeof APPROVAL_APPROVERS)[number];

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** What an approver decided, as the run's Approval block hands it on when the run goes on. */
export interface ApprovalOutcome {
  /** The text as approved (changed by the approver when the block allows it). */
  text: string;
  /** Who decided, in words: "the app's owner" or the e-mail address that approved. */
  decidedBy: string;
}

/** The longest text an approver may send back (characters). */
export const MAX_APPROVAL_TEXT = 100_000;

/** What a waiting run shows in lists and on its page. */
export const WAITING_FOR_APPROVAL = 'Waiting for approval';

/** Statuses a run record goes through: queued or running, waiting for a person, then how it ended. */
export const RUN_RECORD_STATUSES = [
  'queued',
  'running',
  'waiting',
  'succeeded',
  'failed',
  'aborted',
] as const;
export type RunRecordStatus = (typeof RUN_RECORD_STATUSES)[number];
