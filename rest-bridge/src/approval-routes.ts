import { MAX_APPROVAL_TEXT } from '@blocksmith/schema';
import { boolean, dateTime, enumOf, nullableString, object, string, type JsonSchema } from './json-schema';
import { route, type Route } from './route';
import { field, uuidParam } from './route-helpers';
import {
  ApprovalLinkDocument,
  DecideApprovalLinkDocument,
  DecideRunApprovalDocument,
} from './generated/graphql';

/** Runs that wait for a person (the Approval block): the owner's decision, and the signed links'. */

const DECISION_BODY = object(
  {
    decision: enumOf(
      ['approve', 'reject'],
      'approve: the run goes on; reject: it ends, refunded but the blocks that ran.',
    ),
    text: string('approve only, when the block lets the approver change it: the text as approved.', {
      maxLength: MAX_APPROVAL_TEXT,
    }),
  },
  ['decision'],
);

const DECIDED_PROPERTIES = {
  runId: string('The run (GET /api/runs/{id}).', { format: 'uuid' }),
  decision: enumOf(['approve', 'reject'], 'What was decided.'),
  status: enumOf(
    ['running', 'failed'],
    'running: it goes on, on whichever server process takes it; failed: it ended, refunded but what ran.',
  ),
  error: nullableString('A rejected run: what it says, credits included.'),
} satisfies Record<string, JsonSchema>;
const Decided = object(DECIDED_PROPERTIES, Object.keys(DECIDED_PROPERTIES), 'How a decision left the run.');

const TOKEN = {
  token: {
    schema: string('The token of the link mailed to the approver.', { maxLength: 100 }),
    description: 'From the link /approve/{token}.',
  },
};

const decisionVariables = (body: Record<string, unknown>) => ({
  decision: body.decision,
  text: typeof body.text === 'string' ? body.text : null,
});

export const approvalRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/runs/{id}/approval',
    summary:
      'Approves (optionally with the text changed, when the Approval block allows it) or rejects a run of your app waiting for your approval (status waiting). Approved, the run goes on; rejected, it ends refunded but the blocks that ran. Someone else’s run, or a run waiting for nobody: 404; decided already or timed out: 409; a run waiting for an e-mail approver: 403.',
    auth: 'user',
    operation: DecideRunApprovalDocument,
    params: { id: uuidParam('The run’s id.') },
    body: DECISION_BODY,
    variables: ({ params, body }) => ({ runId: params.id, ...decisionVariables(body) }),
    answer: field('decideRunApproval'),
    response: Decided,
    errors: [403, 409],
  }),
  route({
    method: 'GET',
    path: '/approvals/{token}',
    summary:
      'What an approval link mailed to an approver opens: the app and the text to approve (no sign-in: the link is the proof). Used, expired or wrong: 404.',
    auth: 'none',
    operation: ApprovalLinkDocument,
    params: TOKEN,
    variables: ({ params }) => ({ token: params.token }),
    answer: field('approvalLink'),
    response: object(
      {
        appName: string('The app that waits.'),
        text: string('What the approver is asked to approve.'),
        editable: boolean('The approver may change the text.'),
        expiresAt: dateTime('Until when the link works.'),
      },
      ['appName', 'text', 'editable', 'expiresAt'],
    ),
  }),
  route({
    method: 'POST',
    path: '/approvals/{token}',
    summary:
      'The mailed approver’s decision (once: the link opens nothing after). Used, expired or wrong: 404.',
    auth: 'none',
    operation: DecideApprovalLinkDocument,
    params: TOKEN,
    body: DECISION_BODY,
    variables: ({ params, body }) => ({ token: params.token, ...decisionVariables(body) }),
    answer: field('decideApprovalLink'),
    response: Decided,
    errors: [409],
  }),
];
