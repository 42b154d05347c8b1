import { Button, Callout, TextArea } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { RunApprovalStore } from '../../stores/run-approval-store';
import { APPROVAL } from '../../texts/approval-texts';

/** A kept run waiting for approval: what it asks and, for whoever decides here, Approve and Reject. */
export const RunApprovalPanel = observer(function RunApprovalPanel({ store }: { store: RunApprovalStore }) {
  const request = store.request;
  if (!request) return null;
  const until = new Date(request.expiresAt).toLocaleString();
  const who = request.canDecide
    ? APPROVAL.yours
    : request.approver === 'email'
      ? APPROVAL.emailDecides
      : APPROVAL.ownerDecides;
  return (
    <Callout intent="warning" title={APPROVAL.title} className="run-approval" data-testid="run-approval">
      <p>{who}</p>
      {store.canEdit ? (
        <label className="run-approval-label">
          {APPROVAL.textLabel}
          <TextArea
            fill
            autoResize
            value={store.text}
            onChange={(event) => store.setText(event.target.value)}
            data-testid="approval-text"
          />
        </label>
      ) : (
        <div className="run-approval-text" data-testid="approval-text">
          {request.text}
        </div>
      )}
      {request.canDecide && (
        <div className="run-approval-actions">
          <Button
            intent="success"
            text={APPROVAL.approve}
            loading={store.deciding === 'approve'}
            disabled={store.deciding !== null}
            onClick={() => void store.decide('approve')}
            data-testid="approval-approve"
          />
          <Button
            intent="danger"
            outlined
            text={APPROVAL.reject}
            loading={store.deciding === 'reject'}
            disabled={store.deciding !== null}
            onClick={() => void store.decide('reject')}
            data-testid="approval-reject"
          />
        </div>
      )}
      <p className="muted small">{APPROVAL.until(until)}</p>
    </Callout>
  );
});
