export {
  ApprovalService,
  OWNER_DECIDED,
  type ApprovalDecided,
  type ApprovalLinkView,
  type ApprovalView,
} from './approval-service';
export { ApprovalStore, type KeptCharge, type RunWaiting } from './approval-store';
export { ApprovalTimeouts, APPROVAL_POLL_MS } from './approval-timeouts';
