import { BridgeError, sendError, statusOf, toBridgeError } from '@blocksmith/rest-bridge';
import { flatResult } from '@blocksmith/schema';
import express from 'express';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import type { Services } from '../services/create-services';
import { SECRET_HEADER, SIGNATURE_HEADER } from '../services/triggers';

const BODY_LIMIT = '1mb';

function header(req: express.Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** What reading the body failed with, as an answer a caller can act on. */
function bodyError(error: unknown): BridgeError {
  const { type, status } = error as { type?: string; status?: number };
  if (type === 'entity.too.large') {
    return new BridgeError(413, 'payload_too_large', `The body is too large: ${BODY_LIMIT} at most.`);
  }
  if (type === 'encoding.unsupported' || status === 415) {
    return new BridgeError(415, 'unsupported_media_type', 'Send the body as JSON, uncompressed or gzip.');
  }
  return new BridgeError(400, 'bad_request', 'The body could not be read.');
}

/**
 * POST /api/hooks/{hookId}: a webhook call. The body is read unparsed (the signature covers its
 * raw bytes). Answers the run's result as execute does (`{ output, run }`, 200), its failure with
 * its cause's status, or 202 `{ runId, status: 'running' }` with `?wait=false` or when the run
 * takes longer than the wait.
 */
export function hookRoute(options: {
  services: Pick<Services, 'triggers' | 'runHistory'>;
  formatError(error: GraphQLError): GraphQLFormattedError;
}): express.Router {
  const routes = express.Router();
  const raw = express.raw({ type: () => true, limit: BODY_LIMIT });
  routes.post(
    '/api/hooks/:hookId',
    (req, res, next) =>
      raw(req, res, (error?: unknown) => (error ? sendError(res, bodyError(error)) : next())),
    async (req, res) => {
      try {
        const wait = String(req.query.wait ?? 'true').toLowerCase() !== 'false';
        const outcome = await options.services.triggers.calls.call({
          hookId: String(req.params.hookId),
          secret: header(req, SECRET_HEADER),
          signature: header(req, SIGNATURE_HEADER),
          body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          wait,
        });
        if (!outcome.finished) {
          res.status(202).json({ runId: outcome.runId, status: 'running' });
          return;
        }
        const { run } = outcome;
        if (run.status === 'waiting') {
          // It stopped at an Approval block: it goes on once approved (read it with GET /api/runs/{id}).
          res.status(202).json({ runId: run.id, status: 'waiting' });
          return;
        }
        const view = options.services.runHistory.answer(run, { userId: outcome.ownerId, isAdmin: false });
        if (run.status !== 'succeeded') {
          const [status, code] = statusOf(run.errorCode ?? undefined);
          const refunded = (await view.keptCredits) === 0;
          throw new BridgeError(status, code, run.error ?? 'The run did not finish.', {
            runId: run.id,
            refunded,
          });
        }
        const results = await view.results;
        res.json({
          output: results ? flatResult(results) : {},
          run: { id: run.id, status: run.status, cost: run.cost },
        });
      } catch (error) {
        sendError(res, toBridgeError(error, options.formatError));
      }
    },
  );
  return routes;
}
