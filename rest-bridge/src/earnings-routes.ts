import { MAX_CREATOR_PRICE, PAYOUT_THRESHOLD_CREDITS } from '@blocksmith/schema';
import {
  arrayOf,
  boolean,
  dateTime,
  enumOf,
  integer,
  nullableString,
  object,
  ref,
  string,
  type JsonSchema,
} from './json-schema';

import { route, type Route } from './route';
import { APP_ID } from './route-helpers';
import {
  EarningsDocument,
  PayoutAccountDocument,
  RequestPayoutDocument,
  SetCreatorPriceDocument,
  StartPayoutOnboardingDocument,
} from './generated/graphql';

/** Creators earn: the price per run of an app, the earnings page, payouts through Stripe Connect. */

const nullable = (schema: JsonSchema): JsonSchema => ({
  ...schema,
  type: [schema.type as string, 'null'],
});

const PAYOUT_PROPERTIES = {
  id: string('The payout’s id (also its Stripe idempotency key).', { format: 'uuid' }),
  credits: integer('Earned credits paid out.'),
  amountCents: integer('What was sent, in cents.'),
  currency: string('usd'),
  status: enumOf(
    ['pending', 'paid', 'failed'],
    'pending until Stripe answers; a failed payout’s credits are back.',
  ),
  error: nullableString('Why Stripe refused it.'),
  createdAt: dateTime('When it was asked for.'),
  finishedAt: nullable(dateTime('When Stripe answered.')),
};
const Payout = object(
  PAYOUT_PROPERTIES,
  Object.keys(PAYOUT_PROPERTIES),
  'Earnings sent to your Stripe account.',
);

const PAYOUT_ACCOUNT_PROPERTIES = {
  configured: boolean('The server pays out through Stripe (STRIPE_SECRET_KEY); else earnings are kept.'),
  status: enumOf(['none', 'onboarding', 'enabled'], 'Where your Stripe payout account stands.'),
  threshold: integer(`Payouts start at this many credits (${PAYOUT_THRESHOLD_CREDITS}).`),
  creditValueCents: integer('What one earned credit pays, in US cents.'),
  canPayOut: boolean('A payout may be asked for now.'),
};
const PayoutAccount = object(PAYOUT_ACCOUNT_PROPERTIES, Object.keys(PAYOUT_ACCOUNT_PROPERTIES));

const APP_EARNINGS = {
  appId: { type: ['string', 'null'], description: 'null for earnings of apps deleted since.' },
  name: string('The app’s name.'),
  slug: nullableString('Its address.'),
  isPublished: boolean('In the store.'),
  creatorPrice: integer('The price you set per run by someone else.'),
  credits: integer('Credits earned in all.'),
  runs: integer('Runs that paid it.'),
} satisfies Record<string, JsonSchema>;
const DAY_EARNINGS = {
  date: string('YYYY-MM-DD (UTC).'),
  appId: { type: ['string', 'null'], description: 'The app (null: deleted since).' },
  credits: integer('Credits it earned that day.'),
} satisfies Record<string, JsonSchema>;

const Earnings = object(
  {
    balance: integer('Earned credits not paid out yet.'),
    total: integer('Every credit ever earned.'),
    paidOut: integer('Credits paid out.'),
    monetization: boolean('Your plan includes creator earnings (Starter and up).'),
    requiredPlan: string('The cheapest plan with creator earnings.'),
    days: integer('The days byDay covers, ending today.'),
    byApp: arrayOf(object(APP_EARNINGS, Object.keys(APP_EARNINGS)), 'Your published and priced apps.'),
    byDay: arrayOf(
      object(DAY_EARNINGS, Object.keys(DAY_EARNINGS)),
      'Per app per day; days without earnings left out.',
    ),
    payouts: arrayOf(Payout, 'Newest first (20).'),
    payoutAccount: PayoutAccount,
  },
  [
    'balance',
    'total',
    'paidOut',
    'monetization',
    'requiredPlan',
    'days',
    'byApp',
    'byDay',
    'payouts',
    'payoutAccount',
  ],
);

export const earningsRoutes: Route[] = [
  route({
    method: 'PUT',
    path: '/apps/{id}/price',
    summary:
      'Sets the credits other people’s runs of your app pay you on top of its blocks’ cost (Starter plan and up; 0 turns it off); runs started after it pay the new price.',
    auth: 'user',
    operation: SetCreatorPriceDocument,
    params: APP_ID,
    body: object(
      {
        creatorPrice: integer(`Whole credits per run, 0 to ${MAX_CREATOR_PRICE}.`, {
          minimum: 0,
          maximum: MAX_CREATOR_PRICE,
        }),
      },
      ['creatorPrice'],
    ),
    variables: ({ params, body }) => ({ id: params.id, creatorPrice: body.creatorPrice }),
    answer: (data) => data.setCreatorPrice,
    response: ref('App'),
    errors: [403],
  }),
  route({
    method: 'GET',
    path: '/earnings',
    summary:
      'What your apps earned from other people’s runs: balance, byApp, byDay (the last ?days=7, 30 or 90), payouts and where your payout account stands.',
    auth: 'user',
    operation: EarningsDocument,
    query: {
      days: {
        schema: integer('7, 30 or 90.', { minimum: 1, maximum: 90, default: 30 }),
        description: 'The days byDay covers (default 30).',
      },
    },
    variables: ({ query }) => ({ days: query.days === undefined ? null : Number(query.days) }),
    answer: (data) => data.earnings,
    response: Earnings,
  }),
  route({
    method: 'POST',
    path: '/earnings/payouts/onboarding',
    summary:
      'A link to Stripe’s onboarding form for your payout account (an Express account, made on first use).',
    auth: 'user',
    operation: StartPayoutOnboardingDocument,
    variables: () => ({}),
    answer: (data) => data.startPayoutOnboarding,
    response: object({ url: string('Open it in the browser.') }, ['url']),
    errors: [502, 503],
  }),
  route({
    method: 'GET',
    path: '/earnings/payouts/account',
    summary: 'Asks Stripe where your payout account stands (after onboarding), and answers it.',
    auth: 'user',
    operation: PayoutAccountDocument,
    variables: () => ({}),
    answer: (data) => data.payoutAccount,
    response: PayoutAccount,
    errors: [502, 503],
  }),
  route({
    method: 'POST',
    path: '/earnings/payouts',
    summary: `Pays your earnings out to your Stripe account once they reach ${PAYOUT_THRESHOLD_CREDITS} credits; a payout whose answer was lost is sent again, never twice.`,
    auth: 'user',
    operation: RequestPayoutDocument,
    variables: () => ({}),
    answer: (data) => data.requestPayout,
    response: Payout,
    errors: [409, 502, 503],
  }),
];
