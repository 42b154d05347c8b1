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
} from './json-schema';
import { route, type Route } from './route';
import { field } from './route-helpers';
import { AnalyticsSummaryDocument, MyAppsAnalyticsDocument, TrackEventDocument } from './generated/graphql';

/** Analytics: a creator's apps' figures, and the product events admins read. */

/** Your apps' views, runs and upvotes, as far as your plan's analytics go. */
export const appAnalyticsRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/apps/my-apps/analytics',
    summary:
      'Your apps’ views, runs and upvotes, and per day as far as your plan’s analytics go: none on Free, runs per day on Starter, views per day and one app at a time on Enterprise.',
    auth: 'user',
    operation: MyAppsAnalyticsDocument,
    query: {
      period: { schema: { type: 'string', enum: ['7d', '30d'] }, description: '7d (default) or 30d.' },
      appId: {
        schema: string('App id.'),
        description: 'One of your apps: its history alone (Enterprise; other plans get 403).',
      },
    },
    variables: ({ query }) => ({ period: query.period ?? '7d', appId: query.appId ?? null }),
    answer: field('myAppsAnalytics'),
    errors: [403, 404],
    response: object(
      {
        period: enumOf(['7d', '30d'], 'The period asked for.'),
        apps: arrayOf(
          object(
            {
              id: string('App id.'),
              name: string('Name.'),
              isPublished: boolean('Submitted to the store.'),
              isPrivate: boolean('Hidden from the store.'),
              category: string('Store category, or empty.'),
              createdAt: dateTime('ISO time.'),
              views: integer('Page views.'),
              runs: integer('Runs.'),
              upvotes: integer('Upvotes.'),
            },
            ['id', 'name', 'isPublished', 'isPrivate', 'category', 'createdAt', 'views', 'runs', 'upvotes'],
          ),
          'Your apps.',
        ),
        level: enumOf(['none', 'basic', 'advanced'], 'What your plan’s analytics show.'),
        appId: nullableString('The one app the history is about, or null for all.'),
        history: arrayOf(
          object(
            {
              date: string('YYYY-MM-DD (UTC).'),
              runs: integer('Runs that day.'),
              views: integer('Page views that day (Enterprise; null on other plans).', {
                type: ['integer', 'null'],
              }),
            },
            ['date', 'runs', 'views'],
          ),
          'Per day over the period; empty on a plan without analytics.',
        ),
        totals: object({ views: integer('Views.'), runs: integer('Runs.'), upvotes: integer('Upvotes.') }, [
          'views',
          'runs',
          'upvotes',
        ]),
      },
      ['period', 'level', 'appId', 'apps', 'history', 'totals'],
    ),
  }),
];

/** Product events: recorded from any page, summed up for admins. */
export const productAnalyticsRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/analytics/summary',
    summary: 'Admins: product events by name over a range.',
    auth: 'user',
    admin: true,
    operation: AnalyticsSummaryDocument,
    query: {
      range: {
        schema: { type: 'string', enum: ['1d', '7d', '30d', 'all'] },
        description: '1d, 7d, 30d (default) or all.',
      },
    },
    variables: ({ query }) => ({ range: query.range ?? '30d' }),
    answer: field('analyticsSummary'),
    response: object(
      {
        range: enumOf(['1d', '7d', '30d', 'all'], 'The range asked for.'),
        raw: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Event name to count.',
        },
        recent: arrayOf(
          object(
            {
              name: string('Event name.'),
              at: dateTime('ISO time.'),
              props: anyObject('Its fields.'),
            },
            ['name', 'at', 'props'],
          ),
          'The newest 200 events.',
        ),
      },
      ['range', 'raw', 'recent'],
    ),
    errors: [403],
  }),
  route({
    method: 'POST',
    path: '/analytics/events',
    summary: 'Records a product event (signed in or not).',
    auth: 'optional',
    operation: TrackEventDocument,
    body: object(
      { name: string('Event name, e.g. app_viewed.', { maxLength: 100 }), props: anyObject('Its fields.') },
      ['name'],
    ),
    variables: ({ body }) => ({ name: body.name, props: body.props ?? null }),
    answer: () => ({ success: true }),
    status: 201,
    response: object({ success: boolean('Recorded.') }, ['success']),
  }),
];
