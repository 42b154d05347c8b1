import { RUN_SOURCES } from '@blocksmith/schema';
import { boolean, enumOf, integer, object, ref, string } from './json-schema';
import { route, type Route } from './route';
import { APP_ID, field, id, uuidParam } from './route-helpers';
import { AppRunsDocument, DeleteRunDocument, MyRunsDocument, RunDocument } from './generated/graphql';

/** Run history: the runs you started, an app's runs, one run with its steps, deleting one. */

const RUN_ID = { id: uuidParam('The run’s id.') };
/** The most runs one page may hold: the run history's MAX_RUNS_PAGE. */
const MAX_RUNS_PAGE = 100;
const RUN_PAGE_QUERY = {
  limit: {
    schema: integer(`Runs, 1 to ${MAX_RUNS_PAGE}.`, { minimum: 1, maximum: MAX_RUNS_PAGE, default: 20 }),
    description: 'How many runs (default 20).',
  },
  cursor: {
    schema: string('Opaque.', { maxLength: 200 }),
    description: 'The nextCursor of the page before; leave it out for the newest runs.',
  },
};

/** A page's limit and cursor as the operation's variables. */
function pageVariables(query: Record<string, string>): { limit: number; cursor: string | null } {
  return { limit: query.limit === undefined ? 20 : Number(query.limit), cursor: query.cursor ?? null };
}

export const runHistoryRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/runs',
    summary: 'The runs you started, newest first, a page at a time.',
    auth: 'user',
    operation: MyRunsDocument,
    query: RUN_PAGE_QUERY,
    variables: ({ query }) => pageVariables(query),
    answer: field('myRuns'),
    response: ref('RunPage'),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/runs',
    summary:
      'One of your apps’ runs, newest first, a page at a time: status, when, who, duration, credits (other people’s inputs and outputs only when the app shares run details).',
    auth: 'user',
    operation: AppRunsDocument,
    params: APP_ID,
    query: {
      ...RUN_PAGE_QUERY,
      status: {
        schema: enumOf(['running', 'waiting', 'succeeded', 'failed', 'aborted'], 'A run status.'),
        description: 'Only runs that ended so (or are running, or waiting for approval).',
      },
      source: {
        schema: enumOf([...RUN_SOURCES], 'Where runs were started.'),
        description: 'Only runs started from there.',
      },
    },
    variables: ({ params, query }) => ({
      id: params.id,
      ...pageVariables(query),
      status: query.status ?? null,
      source: query.source ?? null,
    }),
    answer: field('appRuns'),
    response: ref('RunPage'),
  }),
  route({
    method: 'GET',
    path: '/runs/{id}',
    summary:
      'One run with each block’s step: one you started, or one of your app’s (other people’s inputs and outputs only when the app shares run details).',
    auth: 'user',
    operation: RunDocument,
    params: RUN_ID,
    variables: id,
    answer: field('run'),
    response: ref('Run'),
  }),
  route({
    method: 'DELETE',
    path: '/runs/{id}',
    summary: 'Deletes one run of one of your apps (not one still going: 409).',
    auth: 'user',
    operation: DeleteRunDocument,
    params: RUN_ID,
    variables: id,
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
    errors: [409],
  }),
];
