import { flatResult } from '@blocksmith/schema';
import { anyObject, enumOf, integer, object, string } from './json-schema';
import { BridgeError, statusOf } from './errors';
import { route, type Route } from './route';
import { APP_ID, SLUG } from './route-helpers';
import { RunAppDocument, RunPublishedAppDocument, type RestRunFieldsFragment } from './generated/graphql';

/** Runs: an app run by its id (the builder, its page, an API key) or by its published address. */

/** A finished run that did not succeed, as the error its cause answers (with the run's id). */
export function runRefusal(run: RestRunFieldsFragment): BridgeError | null {
  // A run waiting for approval has not failed: it is answered with its status.
  if (run.status === 'succeeded' || run.status === 'waiting') return null;
  const [status, code] = statusOf(run.errorCode ?? undefined);
  const message = run.error ?? 'The run did not finish.';
  // Refunded only when its whole charge was given back: a block that overran its time keeps its own.
  return new BridgeError(status, code, message, { runId: run.id, refunded: run.keptCredits === 0 });
}

/**
 * A succeeded run as execute answers it: its per-block results flattened into the documented
 * `output` (`flatResult`: a name two blocks share keeps both, `classification`, `classification_2`).
 */
function runAnswer(run: RestRunFieldsFragment): unknown {
  return {
    output: run.results ? flatResult(run.results) : {},
    run: { id: run.id, status: run.status, cost: run.cost },
  };
}

const RUN_ANSWER = object(
  {
    output: anyObject(
      'Result fields: generated_text, summary, classification, translation, generated_image_url, ...',
    ),
    run: object(
      {
        id: string('Run id.', { format: 'uuid' }),
        status: enumOf(
          ['succeeded', 'waiting'],
          'succeeded (a run that fails answers an error), or waiting: it stopped at an Approval block and waits for a person (output holds nothing yet; follow it with GET /api/runs/{id}).',
        ),
        cost: integer('Credits charged.'),
      },
      ['id', 'status', 'cost'],
    ),
  },
  ['output', 'run'],
);

export const runRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/apps/{id}/execute',
    summary:
      'Runs an app and answers its result fields. JSON { inputData, actionType? }, or multipart with inputData (JSON text) and file. With an API key (Bearer bsk_...): the app’s live version, as a published run, JSON only.',
    auth: 'user',
    multipart: true,
    operation: RunAppDocument,
    params: APP_ID,
    body: object({
      inputData: anyObject('Inputs keyed by input block variable name (input_text, ...) or block id.'),
      actionType: {
        type: 'string',
        enum: ['test_execution', 'published'],
        description:
          'test_execution from the builder, published from the app page; by default test_execution for the owner, published for others.',
      },
    }),
    variables: ({ params, body }) => ({
      id: params.id,
      inputs: body.inputData ?? {},
      actionType: body.actionType ?? null,
    }),
    refusal: (data) => runRefusal(data.runApp),
    answer: (data) => runAnswer(data.runApp),
    response: RUN_ANSWER,
    // A run that fails answers its cause's status: 400 input, 422 block, 502 AI service,
    // 503 interrupted by a stopping server, 504 over the time limit.
    errors: [402, 403, 413, 422, 429, 502, 503, 504],
  }),
  route({
    method: 'POST',
    path: '/published/{slug}/run',
    summary:
      'Runs a published app’s live version by its address, with a session or an API key (Authorization: Bearer bsk_...); answers as execute does.',
    auth: 'user',
    operation: RunPublishedAppDocument,
    params: SLUG,
    body: object({
      inputData: anyObject('Inputs keyed by input block variable name (input_text, ...) or block id.'),
    }),
    variables: ({ params, body }) => ({ slug: params.slug, inputs: body.inputData ?? {} }),
    refusal: (data) => runRefusal(data.runPublishedApp),
    answer: (data) => runAnswer(data.runPublishedApp),
    response: RUN_ANSWER,
    errors: [402, 403, 422, 429, 502, 503, 504],
  }),
];
