import { ADMIN_ACTION_KINDS, MAX_ADMIN_REASON, MAX_CREDIT_ADJUSTMENT, PLAN_IDS } from '@blocksmith/schema';
import {
  anyObject,
  arrayOf,
  boolean,
  dateTime,
  enumOf,
  integer,
  nullableString,
  object,
  string,
  type JsonSchema,
} from './json-schema';

import { route, type Route } from './route';
import { field, uuidParam } from './route-helpers';
import {
  AdjustUserCreditsDocument,
  AdminActionsDocument,
  AdminUserDocument,
  AdminUsersDocument,
  SetUserPlanDocument,
  SuspendUserDocument,
  UnsuspendUserDocument,
} from './generated/graphql';

/** Admins manage accounts: find, look at, change plan and credits, suspend and unsuspend. */

const nullableTime = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  format: 'date-time',
  description,
});

const ADMIN_USER_PROPERTIES = {
  id: string('The account’s id.', { format: 'uuid' }),
  email: string('E-mail address.'),
  fullName: string('Full name; may be empty.'),
  plan: enumOf(PLAN_IDS, 'The account’s plan.'),
  credits: integer('The credit balance.'),
  unlimited: boolean('The plan has unlimited credits (Enterprise).'),
  apps: integer('Apps the account owns.'),
  publishedApps: integer('Of those, the published ones.'),
  isAdmin: boolean('An admin (ADMIN_EMAILS, address confirmed).'),
  createdAt: dateTime('When the account was made.'),
  lastSignInAt: nullableTime('The last sign-in; null when it never signed in.'),
  suspendedAt: nullableTime('When an admin suspended it; null when it is not suspended.'),
};
const AdminUser = object(ADMIN_USER_PROPERTIES, Object.keys(ADMIN_USER_PROPERTIES), 'An account.');

const ADMIN_ACTION_PROPERTIES = {
  id: string('The entry’s id.', { format: 'uuid' }),
  action: enumOf(ADMIN_ACTION_KINDS, 'What was done.'),
  adminId: { type: ['string', 'null'], description: 'Who did it (null once that account is deleted).' },
  adminEmail: string('Who did it.'),
  userId: { type: ['string', 'null'], description: 'To whom (null once that account is deleted).' },
  userEmail: string('To whom.'),
  before: anyObject('The account before: { plan, credits }, { credits } or { suspended }.'),
  after: anyObject('The account after.'),
  reason: nullableString('The reason given.'),
  createdAt: dateTime('When.'),
} satisfies Record<string, JsonSchema>;
const AdminAction = object(
  ADMIN_ACTION_PROPERTIES,
  Object.keys(ADMIN_ACTION_PROPERTIES),
  'One admin action.',
);

const ADMIN_RUN_PROPERTIES = {
  id: string('The run’s id.', { format: 'uuid' }),
  appId: string('The app’s id.', { format: 'uuid' }),
  appName: string('The app’s name; empty once it is deleted.'),
  status: string('queued, running, succeeded, failed or aborted.'),
  cost: integer('Credits charged.'),
  createdAt: dateTime('When it started.'),
  finishedAt: nullableTime('When it ended.'),
};

const AdminUserDetail = object(
  {
    ...ADMIN_USER_PROPERTIES,
    recentRuns: arrayOf(
      object(ADMIN_RUN_PROPERTIES, Object.keys(ADMIN_RUN_PROPERTIES)),
      'Its 10 newest runs.',
    ),
    earnings: object(
      {
        balance: integer('Earned credits not paid out yet.'),
        total: integer('Every credit ever earned.'),
        paidOut: integer('Credits paid out.'),
      },
      ['balance', 'total', 'paidOut'],
      'What it earned from other people’s runs of its apps.',
    ),
    actions: arrayOf(AdminAction, 'What admins did to it, newest first (the 20 newest).'),
  },
  [...Object.keys(ADMIN_USER_PROPERTIES), 'recentRuns', 'earnings', 'actions'],
);

const USER_ID = {
  id: uuidParam('The account’s id.'),
};
const CURSOR = {
  schema: string('Opaque.', { maxLength: 200 }),
  description: 'The nextCursor of the page before; leave it out for the newest.',
};
const REASON = string(`Why, kept with the entry: 1 to ${MAX_ADMIN_REASON} characters.`, {
  maxLength: MAX_ADMIN_REASON,
});

export const adminAccountRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/admin/users',
    summary:
      'Admins: accounts, newest first, whose e-mail or name contains query: plan, credits, apps, last sign-in, suspension; 25 a page.',
    auth: 'user',
    admin: true,
    operation: AdminUsersDocument,
    query: {
      query: {
        schema: string('Part of an e-mail address or a name.', { maxLength: 200 }),
        description: 'Find accounts whose e-mail or name contains it; leave it out for every account.',
      },
      cursor: CURSOR,
    },
    variables: ({ query }) => ({ query: query.query ?? null, cursor: query.cursor ?? null }),
    answer: field('adminUsers'),
    response: object(
      {
        users: arrayOf(AdminUser),
        nextCursor: nullableString('Send as cursor for the next page; null on the last.'),
      },
      ['users', 'nextCursor'],
    ),
    errors: [403],
  }),
  route({
    method: 'GET',
    path: '/admin/users/{id}',
    summary: 'Admins: one account with its recent runs, its earnings and what admins did to it.',
    auth: 'user',
    admin: true,
    operation: AdminUserDocument,
    params: USER_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: field('adminUser'),
    response: AdminUserDetail,
    errors: [403],
  }),
  route({
    method: 'POST',
    path: '/admin/users/{id}/plan',
    summary:
      'Admins: moves an account to a plan (Enterprise is granted this way after a sales contact); a move up brings the plan’s credits at once.',
    auth: 'user',
    admin: true,
    operation: SetUserPlanDocument,
    params: USER_ID,
    body: object({ plan: enumOf(PLAN_IDS, 'The plan to move to.') }, ['plan']),
    variables: ({ params, body }) => ({ id: params.id, plan: body.plan }),
    answer: field('setUserPlan'),
    response: AdminUser,
    errors: [403, 409],
  }),
  route({
    method: 'POST',
    path: '/admin/users/{id}/credits',
    summary:
      'Admins: gives credits (or takes some back with a negative amount) as a ledger entry with a reason; never below zero.',
    auth: 'user',
    admin: true,
    operation: AdjustUserCreditsDocument,
    params: USER_ID,
    body: object(
      {
        amount: integer('Credits to add (negative: to take back), not 0.', {
          minimum: -MAX_CREDIT_ADJUSTMENT,
          maximum: MAX_CREDIT_ADJUSTMENT,
        }),
        reason: REASON,
      },
      ['amount', 'reason'],
    ),
    variables: ({ params, body }) => ({ id: params.id, amount: body.amount, reason: body.reason }),
    answer: field('adjustUserCredits'),
    response: AdminUser,
    errors: [403],
  }),
  route({
    method: 'POST',
    path: '/admin/users/{id}/suspend',
    summary:
      'Admins: suspends an account: its sign-ins end, it cannot sign in or use its API keys, and its published apps leave the store until unsuspended.',
    auth: 'user',
    admin: true,
    operation: SuspendUserDocument,
    params: USER_ID,
    body: object({ reason: REASON }),
    variables: ({ params, body }) => ({ id: params.id, reason: body.reason ?? null }),
    answer: field('suspendUser'),
    response: AdminUser,
    errors: [403, 409],
  }),
  route({
    method: 'POST',
    path: '/admin/users/{id}/unsuspend',
    summary: 'Admins: lifts a suspension; the account may sign in again and its published apps return.',
    auth: 'user',
    admin: true,
    operation: UnsuspendUserDocument,
    params: USER_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: field('unsuspendUser'),
    response: AdminUser,
    errors: [403, 409],
  }),
  route({
    method: 'GET',
    path: '/admin/actions',
    summary: 'Admins: every admin action (who, what, when, before and after), newest first; 25 a page.',
    auth: 'user',
    admin: true,
    operation: AdminActionsDocument,
    query: {
      userId: {
        schema: string('An account’s id (a UUID).', { maxLength: 100 }),
        description: 'Only the actions on this account.',
      },
      cursor: CURSOR,
    },
    variables: ({ query }) => ({ userId: query.userId ?? null, cursor: query.cursor ?? null }),
    answer: field('adminActions'),
    response: object(
      {
        actions: arrayOf(AdminAction),
        nextCursor: nullableString('Send as cursor for the next page; null on the last.'),
      },
      ['actions', 'nextCursor'],
    ),
    errors: [403],
  }),
];
