import type { SavedRun } from '@blocksmith/engine';
import {
  APPROVAL_DECISIONS,
  hasUnstorableCharacter,
  MAX_APPROVAL_TEXT,
  type ApprovalDecision,
  type ApprovalRequest,
  type RunEvent,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import type { Mailer } from '../accounts/mailer';
import type { RunEvents } from '../runs/run-events';
import type { RunJob } from '../runs/run-queue';
import { approvalRequest, type ApprovalStore, type RunWaiting, type StoredApproval } from './approval-store';

/** Who decided, in words, when it was the app's owner. */
export const OWNER_DECIDED = 'the app’s owner';

/** What a viewer of a waiting run sees of its request, and whether they may decide. */
export interface ApprovalView extends ApprovalRequest {
  /** The viewer may approve or reject it here (the app's owner, when the owner approves). */
  canDecide: boolean;
}

/** What a signed link shows its holder. */
export interface ApprovalLinkView {
  appName: string;
  text: string;
  editable: boolean;
  expiresAt: number;
}

/** How a decision left the run. */
export interface ApprovalDecided {
  runId: string;
  decision: ApprovalDecision;
  /** `running`: it goes on (on whichever process takes it); `failed`: it ended, refunded but what ran. */
  status: 'running' | 'failed';
  /** A rejected run: what it says, credits included. */
  error?: string;
}

export interface ApprovalServiceDeps {
  dataSource: DataSource;
  store: ApprovalStore;
  hub: RunEvents;
  /** Hands an approved run to a process (this one when it has room, else the shared queue). */
  runs: { resume(job: RunJob): Promise<void> };
  mailer?: Mailer | undefined;
  /** Where the product is served: the e-mail approver's link starts with it. */
  publicUrl: string;
  log?: (message: string) => void;
}

/**
 * Runs that wait for a person (the Approval block). The worker hands over a run that stops to
 * wait (`wait`: stored, an e-mail approver mailed a signed link); a decision approves it (the run
 * goes back to the queue with the text as approved: any process goes on with it) or rejects it
 * (it ends, refunded but the blocks that ran); `endExpired` ends the waits past their time-out.
 * Each decision is taken once, whoever asks first (one statement claims it).
 */
export class ApprovalService {
  constructor(private readonly deps: ApprovalServiceDeps) {}

  /** The worker's hand-over: stores the wait, mails an e-mail approver; null when the run had ended. */
  async wait(waiting: RunWaiting): Promise<ApprovalRequest | null> {
    const stored = await this.deps.store.wait(waiting);
    if (!stored) return null;
    const { approval, token } = stored;
    if (token !== null && approval.email !== null) await this.mailApprover(approval, token);
    return approvalRequest(approval);
  }

  /** What an approved run needs to go on. */
  saved(runId: string): Promise<SavedRun | null> {
    return this.deps.store.saved(runId);
  }

  /**
   * A waiting run's request as `viewer` sees it; null when the run does not wait (or has no
   * request). The caller has checked that the viewer may see the run.
   */
  async viewOf(runId: string, viewer: { userId: string }): Promise<ApprovalView | null> {
    const approval = await this.deps.store.ofRun(runId);
    if (!approval || approval.decidedAt !== null) return null;
    const owner = await this.ownerOf(approval);
    return {
      ...approvalRequest(approval),
      canDecide: approval.approver === 'owner' && owner === viewer.userId,
    };
  }

  /**
   * The app owner's decision on a run of their app waiting for them. Another person's run, or a
   * run that does not wait for anyone: not found. A run waiting for an e-mail approver: refused.
   */
  async decide(
    caller: { userId: string },
    runId: string,
    decision: string,
    text: string | null | undefined,
  ): Promise<ApprovalDecided> {
    // An id that is no run's id (not even a UUID) finds nothing, without a query.
    const approval = isUuid(runId) ? await this.deps.store.ofRun(runId) : null;
    if (!approval || (await this.ownerOf(approval)) !== caller.userId)
      throw new NotFoundError('Run not found.');
    if (approval.decidedAt !== null)
      throw new ConflictError('This run is not waiting for approval any more: it was decided already.');
    if (approval.approver !== 'owner')
      throw new ForbiddenError(
        'This run waits for the approver it names by e-mail: they decide through the link sent to them.',
      );
    return this.take(
      approval,
      checkedDecision(decision),
      checkedText(approval, decision, text),
      OWNER_DECIDED,
    );
  }

  /** What a signed link opens: the text to approve. A link that opens nothing (used, expired, made up): not found. */
  async linkView(token: string): Promise<ApprovalLinkView> {
    const approval = await this.byToken(token);
    const [app] = (await this.deps.dataSource.query('SELECT name FROM apps WHERE id = $1', [
      approval.job.appId,
    ])) as { name: string }[];
    return {
      appName: app?.name ?? approval.job.appName,
      text: approval.text,
      editable: approval.editable,
      expiresAt: approval.expiresAt.getTime(),
    };
  }

  /** The e-mail approver's decision through their signed link (once; the link opens nothing after). */
  async decideByLink(
    token: string,
    decision: string,
    text: string | null | undefined,
  ): Promise<ApprovalDecided> {
    const approval = await this.byToken(token);
    return this.take(
      approval,
      checkedDecision(decision),
      checkedText(approval, decision, text),
      approval.email!,
    );
  }

  /** Ends the waits past their time-out (at most `limit` at a time): failed, refunded but what ran. */
  async endExpired(limit = 100): Promise<number> {
    let ended = 0;
    for (const runId of await this.deps.store.due(limit)) {
      const done = await this.deps.store.end(
        runId,
        {
          decision: 'timeout',
          decidedBy: 'the time-out',
          error: (approval) => timedOutMessage(approval),
        },
        'APPROVAL_TIMED_OUT',
      );
      if (done) {
        ended += 1;
        this.finished(runId, done.error);
      }
    }
    return ended;
  }

  private async take(
    approval: StoredApproval,
    decision: ApprovalDecision,
    text: string,
    decidedBy: string,
  ): Promise<ApprovalDecided> {
    const { runId } = approval;
    if (decision === 'approve') {
      const approved = await this.deps.store.approve(runId, decidedBy);
      if (!approved) throw notWaiting();
      await this.deps.runs.resume({
        ...approved.job,
        resume: { nodeId: approved.nodeId, decision: { text, decidedBy } },
      });
      return { runId, decision, status: 'running' };
    }
    const ended = await this.deps.store.end(
      runId,
      { decision: 'reject', decidedBy, error: () => `Rejected by ${decidedBy}: the run stopped there.` },
      'APPROVAL_REJECTED',
    );
    if (!ended) throw notWaiting();
    this.finished(runId, ended.error);
    return { runId, decision, status: 'failed', error: ended.error };
  }

  /** Tells the run's watchers (on any process) how it ended. */
  private finished(runId: string, error: string): void {
    const event: RunEvent = { type: 'run_finished', runId, at: Date.now(), status: 'failed', error };
    this.deps.hub.publish(event);
  }

  private async byToken(token: string): Promise<StoredApproval> {
    // A token is 43 base64url characters; anything else opens nothing, without a query.
    const approval = /^[A-Za-z0-9_-]{43}$/.test(token) ? await this.deps.store.ofToken(token) : null;
    if (!approval || approval.expiresAt.getTime() <= Date.now())
      throw new NotFoundError(
        'This approval link is not valid: it was used already, it expired, or it is wrong.',
      );
    return approval;
  }

  private async ownerOf(approval: StoredApproval): Promise<string | null> {
    const [row] = (await this.deps.dataSource.query('SELECT owner_id FROM apps WHERE id = $1', [
      approval.job.appId,
    ])) as { owner_id: string }[];
    return row?.owner_id ?? null;
  }

  private async mailApprover(approval: StoredApproval, token: string): Promise<void> {
    if (!this.deps.mailer) return;
    const link = `${this.deps.publicUrl}/approve/${token}`;
    const until = approval.expiresAt.toUTCString();
    try {
      await this.deps.mailer.send({
        to: approval.email!,
        subject: `Approval asked: ${approval.job.appName}`,
        body:
          `The app "${approval.job.appName}" on Blocksmith waits for your approval before it goes on.\n\n` +
          `${approval.text}\n\n` +
          `Approve or reject it here (the link works once, until ${until}):\n${link}\n\n` +
          `Without a decision by then the run ends.\n`,
      });
    } catch (error) {
      (this.deps.log ?? console.error)(
        `Run ${approval.runId}: the approval mail could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

function notWaiting(): ConflictError {
  return new ConflictError(
    'This run is not waiting for approval any more: it was decided already or timed out.',
  );
}

function checkedDecision(decision: string): ApprovalDecision {
  if (!(APPROVAL_DECISIONS as readonly string[]).includes(decision))
    throw new InputError('decision must be "approve" or "reject".');
  return decision as ApprovalDecision;
}

/** The text that goes on: the approver's when they may change it and sent one, else the block's. */
function checkedText(approval: StoredApproval, decision: string, text: string | null | undefined): string {
  if (text === null || text === undefined || decision !== 'approve' || text === approval.text)
    return approval.text;
  if (!approval.editable)
    throw new InputError('This approval does not let the approver change the text: send no text.');
  if (text.length > MAX_APPROVAL_TEXT)
    throw new InputError(`text is too long: at most ${MAX_APPROVAL_TEXT.toLocaleString('en')} characters.`);
  if (hasUnstorableCharacter(text))
    throw new InputError('text holds a character that cannot be kept (a NUL or half an emoji): remove it.');
  return text;
}

/** What a run that was not decided in time says. */
export function timedOutMessage(approval: Pick<StoredApproval, 'expiresAt'>): string {
  return `No one approved it in time (by ${approval.expiresAt.toUTCString()}): the run stopped there.`;
}
