import type { ApprovalOutcome } from '@blocksmith/schema';

/** What a block that stops the run asks of a person (an Approval block). */
export interface PauseRequest {
  /** What the approver sees. */
  text: string;
  /** The approver may change the text before it goes on. */
  editable: boolean;
  /** Who decides: the app's owner, or the e-mail address given. */
  approver: { kind: 'owner' } | { kind: 'email'; email: string };
  /** How long the run waits before it ends as timed out, in seconds. */
  timeoutSeconds: number;
}

/**
 * Thrown by a block to stop the run and wait, durably, for a person's decision. The engine ends
 * the run's execution with status `waiting` and what it needs to go on; the run continues (on any
 * process) by executing the block again with `ctx.decision` set, when it was approved.
 */
export class RunPause extends Error {
  constructor(readonly request: PauseRequest) {
    super('The run waits for a decision.');
    this.name = 'RunPause';
  }
}

export type { ApprovalOutcome as RunDecision };
