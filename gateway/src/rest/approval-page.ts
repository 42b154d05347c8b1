import express from 'express';
import { AppError } from '../errors';
import type { Services } from '../services/create-services';

/** The most a decision form may send: the longest text an approver may send back, and room to spare. */
const FORM_LIMIT = '512kb';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small page of its own (no script: it works from any mail client's browser). */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Blocksmith</title>
<style>
body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1c2127;line-height:1.5}
h1{font-size:1.4rem}.text{white-space:pre-wrap;background:#f6f7f9;border:1px solid #d3d8de;border-radius:4px;padding:.75rem}
textarea{width:100%;min-height:12rem;font:inherit;padding:.5rem;box-sizing:border-box}
.buttons{display:flex;gap:.75rem;margin-top:1rem}button{font:inherit;padding:.5rem 1.25rem;border-radius:4px;border:1px solid #8f99a8;cursor:pointer}
.approve{background:#238551;color:#fff;border-color:#1c6e42}.reject{background:#fff;color:#ac2f33;border-color:#ac2f33}
.note{color:#5f6b7c;font-size:.9rem}
</style></head><body>${body}</body></html>`;
}

/** How a refusal is shown: the service's words, with its status. */
function refusal(res: express.Response, error: unknown): void {
  const known = error instanceof AppError;
  const status = !known ? 500 : error.code === 'NOT_FOUND' ? 404 : error.code === 'CONFLICT' ? 409 : 400;
  const message = known ? error.message : 'Something went wrong on our side. Please try again.';
  const title = status === 404 ? 'Link not valid' : 'Not done';
  res
    .status(status)
    .type('html')
    .send(page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`));
}

/**
 * The page a mailed approval link opens (`/approve/{token}`): the app's name and the text to
 * approve (in a box to change it, when the Approval block allows it), with Approve and Reject. The
 * form posts back to the same address; the link works once, until the time-out. A link that opens
 * nothing (used, expired, wrong) is a 404 page. JSON clients use `/api/approvals/{token}`.
 */
export function approvalPage(options: { services: Pick<Services, 'approvals'> }): express.Router {
  const routes = express.Router();
  const { approvals } = options.services;
  routes.get('/approve/:token', async (req, res) => {
    try {
      const view = await approvals.linkView(req.params.token);
      const token = escapeHtml(req.params.token);
      const until = new Date(view.expiresAt).toUTCString();
      const text = view.editable
        ? `<label for="text">You may change the text before you approve it:</label>
<textarea id="text" name="text" maxlength="100000">${escapeHtml(view.text)}</textarea>`
        : `<div class="text">${escapeHtml(view.text)}</div>`;
      res
        .type('html')
        .set('Cache-Control', 'no-store')
        .send(
          page(
            'Approval',
            `<h1>“${escapeHtml(view.appName)}” waits for your approval</h1>
<form method="post" action="/approve/${token}">${text}
<div class="buttons"><button class="approve" name="decision" value="approve">Approve</button>
<button class="reject" name="decision" value="reject">Reject</button></div></form>
<p class="note">This link works once, until ${escapeHtml(until)}. Without a decision by then the run ends.</p>`,
          ),
        );
    } catch (error) {
      refusal(res, error);
    }
  });
  routes.post(
    '/approve/:token',
    express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 }),
    async (req, res) => {
      try {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const decision = typeof body.decision === 'string' ? body.decision : '';
        const text = typeof body.text === 'string' ? body.text.replace(/\r\n/g, '\n') : null;
        const decided = await approvals.decideByLink(req.params.token, decision, text);
        const said =
          decided.decision === 'approve'
            ? 'Approved. The app goes on with the text as you approved it.'
            : 'Rejected. The run stopped.';
        res
          .type('html')
          .set('Cache-Control', 'no-store')
          .send(page('Done', `<h1>${said}</h1><p>Thank you.</p>`));
      } catch (error) {
        refusal(res, error);
      }
    },
  );
  // A body the form reader refused (too large, malformed): said so, never a 500.
  routes.use('/approve', ((error, _req, res, _next) => {
    const status = (error as { status?: number }).status === 413 ? 413 : 400;
    res
      .status(status)
      .type('html')
      .send(
        page(
          'Not done',
          `<h1>Not done</h1><p>${status === 413 ? 'The text is too long.' : 'The form could not be read.'}</p>`,
        ),
      );
  }) as express.ErrorRequestHandler);
  return routes;
}
