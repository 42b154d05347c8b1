import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { isPagePath } from '@blocksmith/schema';

const PLACEHOLDER_PAGE = `<!doctype html><meta charset="utf-8"><title>Blocksmith</title>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>Blocksmith</h1><p>The server is running, but the workbench is not built where it looks for
it (WORKBENCH_DIR). <code>npm start</code> builds it; so does <code>npm run build</code>. The
GraphQL API is at <a href="/graphql">/graphql</a> and the HTTP API under /api.</p></body>`;

/** Body codes for Express's own refusals, by status; any other 4xx is bad_request. */
const EXPRESS_ERROR_CODES: Readonly<Record<number, string>> = {
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  500: 'internal_error',
};

/**
 * The built workbench (its files, and its page for every other path: 200 at its pages' paths, 404
 * elsewhere, where it shows its not-found page), then the answers for what
 * nothing else took: a missing file or another method is a JSON 404, never Express's HTML page.
 * Mounted after every other route.
 */
export function workbenchRoutes(workbenchDir: string): express.Router {
  const routes = express.Router();
  const built = existsSync(path.join(workbenchDir, 'index.html'));
  if (built) routes.use(express.static(workbenchDir, { index: false }));
  // A missing file (favicon.ico, an old script) is a 404, not the web app's page.
  routes.get(/\/[^/]*\.[a-z0-9]{1,8}$/i, (req, res) => {
    res.status(404).json({ error: 'not_found', message: `There is no file at ${req.path}.` });
  });
  // Every page path gets the web app; any other path its not-found page, with a 404 status.
  if (built) {
    routes.get(/.*/, (req, res) =>
      res.status(isPagePath(req.path) ? 200 : 404).sendFile(path.join(workbenchDir, 'index.html')),
    );
  } else routes.get(/.*/, (_req, res) => res.type('html').send(PLACEHOLDER_PAGE));
  // Anything else (another method on a page's path): a JSON answer.
  routes.use((req, res) => {
    res.status(404).json({ error: 'not_found', message: `There is no ${req.method} ${req.path} route.` });
  });
  return routes;
}

/**
 * Express's own failures (a body it could not read): the client's fault, answered as JSON, never
 * Express's HTML page. Mounted on the app itself, last (a router's handlers do not see errors
 * raised outside it).
 */
export const jsonErrors: express.ErrorRequestHandler = (error, _req, res, _next) => {
  const status =
    typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  if (res.headersSent) return res.end();
  const code = EXPRESS_ERROR_CODES[status] ?? 'bad_request';
  res.status(status).json({
    error: code,
    message:
      status === 500
        ? 'Something went wrong on the server. Please try again.'
        : String(error?.message ?? 'Bad request.'),
  });
};
