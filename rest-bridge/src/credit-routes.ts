import { DEFAULT_HISTORY_LIMIT } from '@blocksmith/schema';
import { arrayOf, boolean, integer, object, ref, string } from './json-schema';
import { route, type Route } from './route';
import { field } from './route-helpers';
import {
  CreditCheckDocument,
  CreditCostsDocument,
  CreditHistoryDocument,
  CreditStatsDocument,
  CreditsDocument,
  InitializeCreditsDocument,
} from './generated/graphql';

/** Credits: your balance, what your runs cost, what a run of a block kind costs, this month’s grant. */

/** The most entries one history request may ask for: the credit ledger's MAX_HISTORY_LIMIT. */
const MAX_HISTORY_LIMIT = 200;

const balance = (path: string, summary: string) =>
  route({
    method: 'GET',
    path,
    summary,
    auth: 'user',
    operation: CreditsDocument,
    variables: () => ({}),
    answer: field('credits'),
    response: ref('Credits'),
    errors: [404],
  });

export const creditRoutes: Route[] = [
  balance('/credits/balance', 'Your credit balance.'),
  balance('/users/credits', 'Your credit balance (the same as /credits/balance).'),
  route({
    method: 'GET',
    path: '/credits/history',
    summary: 'What your runs cost, newest first.',
    auth: 'user',
    operation: CreditHistoryDocument,
    query: {
      limit: {
        schema: integer(`Entries, 0 to ${MAX_HISTORY_LIMIT}.`, {
          minimum: 0,
          maximum: MAX_HISTORY_LIMIT,
          default: DEFAULT_HISTORY_LIMIT,
        }),
        description: `How many entries (default ${DEFAULT_HISTORY_LIMIT}).`,
      },
      cursor: {
        schema: string('An entry id.', { maxLength: 100 }),
        description:
          'The _id of the last entry of the page before: the entries after it. Leave it out for the newest.',
      },
    },
    variables: ({ query }) => ({
      limit: query.limit === undefined ? DEFAULT_HISTORY_LIMIT : Number(query.limit),
      cursor: query.cursor ?? null,
    }),
    answer: (data) => ({ history: data.creditHistory }),
    response: object({ history: arrayOf(ref('CreditHistoryEntry')) }, ['history']),
  }),
  route({
    method: 'GET',
    path: '/credits/stats',
    summary: 'Credits used and runs made, in all.',
    auth: 'user',
    operation: CreditStatsDocument,
    variables: () => ({}),
    answer: field('creditStats'),
    response: object({ totalCreditsUsed: integer('Credits.'), totalExecutions: integer('Runs.') }, [
      'totalCreditsUsed',
      'totalExecutions',
    ]),
  }),
  route({
    method: 'GET',
    path: '/credits/costs',
    summary: 'Credits per run by block kind, plus default.',
    auth: 'none',
    operation: CreditCostsDocument,
    variables: () => ({}),
    answer: (data) => ({ costs: data.creditCosts }),
    response: object(
      {
        costs: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Credits per run by block kind, plus default.',
        },
      },
      ['costs'],
    ),
  }),
  route({
    method: 'POST',
    path: '/credits/check',
    summary: 'Whether your balance pays for one run of a block kind.',
    auth: 'user',
    operation: CreditCheckDocument,
    body: object(
      {
        blockType: string('A block kind (textGeneration) or history name (text_generation).', {
          maxLength: 100,
        }),
      },
      ['blockType'],
    ),
    variables: ({ body }) => ({ blockType: body.blockType }),
    answer: (data) => {
      const check = data.creditCheck;
      return {
        hasEnoughCredits: check.allowed,
        required: check.cost,
        credits: check.balance,
        unlimited: check.unlimited,
      };
    },
    response: object(
      {
        hasEnoughCredits: boolean('Whether one run is paid for.'),
        required: integer('What one run costs.'),
        credits: integer('Balance.'),
        unlimited: boolean('Enterprise plan.'),
      },
      ['hasEnoughCredits', 'required', 'credits', 'unlimited'],
    ),
    errors: [404],
  }),
  route({
    method: 'POST',
    path: '/credits/initialize',
    summary: 'Creates your balance and grants this month’s credits, once.',
    auth: 'user',
    operation: InitializeCreditsDocument,
    variables: () => ({}),
    answer: (data) => ({ success: true, ...data.initializeCredits }),
    response: object(
      {
        success: boolean('Done.'),
        credits: integer('Balance.'),
        unlimited: boolean('Enterprise.'),
      },
      ['success', 'credits', 'unlimited'],
    ),
    errors: [404],
  }),
];
