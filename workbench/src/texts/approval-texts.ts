import { WAITING_FOR_APPROVAL } from '@blocksmith/schema';

/** A run waiting for approval, on its page. */
export const APPROVAL = {
  title: WAITING_FOR_APPROVAL,
  yours: 'This run waits for your approval before it goes on.',
  ownerDecides: 'This run waits for the app’s owner to approve it.',
  emailDecides: 'This run waits for the approver named in the Approval block: they got a link by e-mail.',
  until: (when: string) => `Without a decision by ${when} the run ends and what did not run is refunded.`,
  textLabel: 'What goes on (you may change it before you approve):',
  approve: 'Approve',
  reject: 'Reject',
  approved: 'Approved: the run goes on.',
  rejected: 'Rejected: the run stopped and what did not run was refunded.',
  failed: 'The decision could not be sent. Please try again.',
  runnerNote: 'This run stopped to wait for a person’s approval. It goes on by itself once approved.',
  openRun: 'Open the run',
} as const;
