import { action, makeObservable, observable, observableRef } from 'mobx';
import type { BlocksmithApi } from '../api/blocksmith-api';
import type { RunApproval } from '../api/run-history';
import { APPROVAL } from '../texts/approval-texts';
import type { ToastStore } from './toast-store';

/**
 * A kept run waiting for approval, on its page: what it asks, the text as the owner edits it
 * (when the block allows it), and the owner's Approve or Reject. After a decision the run's page
 * is read again (`decided`): an approved run goes on, a rejected one has ended.
 */
export class RunApprovalStore {
  request: RunApproval | null = null;
  /** The text as it goes on (the request's, or as the owner changed it). */
  text = '';
  deciding: 'approve' | 'reject' | null = null;
  private runId = '';

  constructor(
    private readonly api: BlocksmithApi,
    private readonly toasts: ToastStore,
    private readonly decided: (runId: string) => Promise<void>,
  ) {
    makeObservable(this, {
      request: observableRef,
      text: observable,
      deciding: observable,
      show: action,
      setText: action,
      decide: action,
    });
  }

  /** The run's request (null when it does not wait). */
  show(runId: string, request: RunApproval | null | undefined): void {
    this.runId = runId;
    this.request = request ?? null;
    this.text = request?.text ?? '';
    this.deciding = null;
  }

  get canEdit(): boolean {
    return this.request?.canDecide === true && this.request.editable;
  }

  /** Whether the text was changed (only then is it sent). */
  get changed(): boolean {
    return this.request !== null && this.text !== this.request.text;
  }

  setText(text: string): void {
    if (this.canEdit) this.text = text;
  }

  async decide(decision: 'approve' | 'reject'): Promise<void> {
    if (!this.request?.canDecide || this.deciding) return;
    this.deciding = decision;
    const runId = this.runId;
    try {
      await this.api.decideRunApproval(
        runId,
        decision,
        decision === 'approve' && this.changed ? this.text : null,
      );
      this.toasts.success(decision === 'approve' ? APPROVAL.approved : APPROVAL.rejected);
      await this.decided(runId);
    } catch (error) {
      this.toasts.error(error instanceof Error && error.message ? error.message : APPROVAL.failed);
    } finally {
      action(() => (this.deciding = null))();
    }
  }
}
